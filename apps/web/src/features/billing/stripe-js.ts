/**
 * The Stripe path of the card modal: Stripe.js is loaded at run time from js.stripe.com (it cannot
 * be bundled, by Stripe's terms), mounts Stripe's own card field, and confirms the SetupIntent so
 * the card goes from the browser to Stripe only (docs/decisions/080).
 */
type StripeCardElement = { mount: (element: HTMLElement) => void; destroy: () => void };
type StripeInstance = {
  elements: () => { create: (type: 'card', options?: object) => StripeCardElement };
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ error?: { message?: string } }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeInstance;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let loading: Promise<void> | null = null;

function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type StripeCardField = { confirmSetup: (clientSecret: string) => Promise<void>; destroy: () => void };

/** Mounts Stripe's card field into `container`; confirmSetup throws with Stripe's message on a refused card. */
export async function mountStripeCard(publishableKey: string, container: HTMLElement): Promise<StripeCardField> {
  await loadStripeJs();
  if (!window.Stripe) throw new Error('Stripe.js could not be loaded');
  const stripe = window.Stripe(publishableKey);
  const card = stripe.elements().create('card', { hidePostalCode: false });
  card.mount(container);
  return {
    confirmSetup: async (clientSecret) => {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) throw new Error(result.error.message ?? 'Payment method validation failed');
    },
    destroy: () => card.destroy(),
  };
}
