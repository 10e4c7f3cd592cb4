import { CARD_TEXTS } from '@farmstand/shared/schemas/billing';

/**
 * The Stripe path of the card modal: Stripe.js is loaded at run time from js.stripe.com (it cannot
 * be bundled, by Stripe's terms), mounts Stripe's own card field, and confirms the SetupIntent so
 * the card goes from the browser to Stripe only (docs/decisions/080).
 */
type StripeError = { type?: string; code?: string; decline_code?: string; message?: string };

/** A card Stripe refused in the browser, with what happened and what to do (decision 531). */
export class StripeCardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeCardError';
  }
}

/**
 * Stripe's refusal in our words where we have them (a decline, an expired card), else Stripe's own
 * sentence (it names the field: "Your card's security code is incorrect.") with what to do next.
 */
export function stripeFailureText(error: StripeError): string {
  if (error.code === 'card_declined') return CARD_TEXTS.declined;
  if (error.code === 'expired_card') return CARD_TEXTS.expired;
  if (error.code === 'incorrect_number' || error.code === 'invalid_number') return CARD_TEXTS.invalidNumber;
  if (error.message) return `${error.message} Check the card details, or try another card.`;
  return CARD_TEXTS.notChecked;
}

type StripeCardElement = { mount: (element: HTMLElement) => void; destroy: () => void };
type StripeInstance = {
  elements: () => { create: (type: 'card', options?: object) => StripeCardElement };
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ error?: StripeError }>;
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
      if (result.error) throw new StripeCardError(stripeFailureText(result.error));
    },
    destroy: () => card.destroy(),
  };
}
