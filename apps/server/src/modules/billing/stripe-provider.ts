import type { PlanType } from '@farmstand/shared';
import { CARD_TEXTS } from '@farmstand/shared/schemas/billing';
import type Stripe from 'stripe';
import { lazyModule } from '../../lib/lazy-module';
import { PaymentDeclinedError, type PaymentProvider, periodEndFrom, type StartedSubscription } from './payment-provider';

type StripeSettings = { secretKey: string; publishableKey?: string; priceMonthly?: string; priceAnnual?: string };

/**
 * Stripe: the browser collects the card with Stripe.js against a SetupIntent, then the server starts a
 * Subscription on the saved payment method with the configured price ids (STRIPE_PRICE_MONTHLY/ANNUAL).
 */
const loadStripe = lazyModule<typeof Stripe>('stripe');

/**
 * The subscription to create: during the free trial, `trial_end` keeps the trial (nothing is charged
 * until it ends, and the first period starts then); otherwise Stripe charges the first period now.
 */
export function subscriptionParams(
  input: { userId: number; trialEnd: Date | null },
  customerId: string,
  priceId: string,
  paymentMethod: string,
  planType: PlanType,
): Stripe.SubscriptionCreateParams {
  return {
    customer: customerId,
    items: [{ price: priceId }],
    default_payment_method: paymentMethod,
    metadata: { userId: String(input.userId), planType },
    ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const StripeClient = loadStripe();
    this.stripe = new StripeClient(settings.secretKey);
    this.publishableKey = settings.publishableKey ?? null;
  }

  priceIdFor(planType: PlanType): string {
    const price = planType === 'annual' ? this.settings.priceAnnual : this.settings.priceMonthly;
    if (!price) throw new Error(`STRIPE_PRICE_${planType === 'annual' ? 'ANNUAL' : 'MONTHLY'} is not configured`);
    return price;
  }

  async createSetupIntent(input: { userId: number; email: string; customerId: string | null; planType: PlanType }) {
    const customerId =
      input.customerId ??
      (await this.stripe.customers.create({ email: input.email, metadata: { userId: String(input.userId) } })).id;
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      usage: 'off_session',
      metadata: { userId: String(input.userId), planType: input.planType },
    });
    if (!intent.client_secret) throw new Error('Stripe returned a setup intent without a client secret');
    return { clientSecret: intent.client_secret, setupIntentId: intent.id, customerId };
  }

  async startSubscription(input: {
    userId: number;
    setupIntentId: string;
    trialEnd: Date | null;
    now: Date;
  }): Promise<StartedSubscription> {
    const intent = await this.stripe.setupIntents.retrieve(input.setupIntentId);
    const planType = intent.metadata?.planType;
    if (intent.metadata?.userId !== String(input.userId) || (planType !== 'monthly' && planType !== 'annual')) {
      throw new PaymentDeclinedError();
    }
    const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    const customerId = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    if (intent.status !== 'succeeded' || !paymentMethod || !customerId) throw new PaymentDeclinedError();

    const priceId = this.priceIdFor(planType);
    const subscription = await this.stripe.subscriptions.create(
      subscriptionParams(input, customerId, priceId, paymentMethod, planType),
    );
    // Stripe's own words for a refused first charge are kept to its decline; ours say what to do.
    if (subscription.status !== 'active' && subscription.status !== 'trialing')
      throw new PaymentDeclinedError(CARD_TEXTS.declined);
    const periodEnd = subscription.items.data[0]?.current_period_end;
    const invoice = subscription.latest_invoice;
    return {
      planType,
      priceId,
      customerId,
      subscriptionId: subscription.id,
      currentPeriodEnd: input.trialEnd ?? (periodEnd ? new Date(periodEnd * 1000) : periodEndFrom(input.now, planType)),
      // A subscription in its trial has only a $0 invoice: the first charge is Stripe's at trial_end.
      paymentRef: input.trialEnd ? null : ((typeof invoice === 'string' ? invoice : invoice?.id) ?? subscription.id),
    };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }
}
