import type { PlanType } from '@farmstand/shared';
import type Stripe from 'stripe';
import { lazyModule } from '../../lib/lazy-module';
import { PaymentDeclinedError, type PaymentProvider, periodEndFrom, type StartedSubscription } from './payment-provider';

type StripeSettings = { secretKey: string; publishableKey?: string; priceMonthly?: string; priceAnnual?: string };

/**
 * Stripe: the browser collects the card with Stripe.js against a SetupIntent, then the server starts a
 * Subscription on the saved payment method with the configured price ids (STRIPE_PRICE_MONTHLY/ANNUAL).
 */
const loadStripe = lazyModule<typeof Stripe>('stripe');

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

  async startSubscription(input: { userId: number; setupIntentId: string }): Promise<StartedSubscription> {
    const intent = await this.stripe.setupIntents.retrieve(input.setupIntentId);
    const planType = intent.metadata?.planType;
    if (intent.metadata?.userId !== String(input.userId) || (planType !== 'monthly' && planType !== 'annual')) {
      throw new PaymentDeclinedError();
    }
    const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    const customerId = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    if (intent.status !== 'succeeded' || !paymentMethod || !customerId) throw new PaymentDeclinedError();

    const priceId = this.priceIdFor(planType);
    const subscription = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: priceId }],
      default_payment_method: paymentMethod,
      metadata: { userId: String(input.userId), planType },
    });
    if (subscription.status !== 'active' && subscription.status !== 'trialing') throw new PaymentDeclinedError();
    const periodEnd = subscription.items.data[0]?.current_period_end;
    const invoice = subscription.latest_invoice;
    return {
      planType,
      priceId,
      customerId,
      subscriptionId: subscription.id,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : periodEndFrom(new Date(), planType),
      paymentRef: (typeof invoice === 'string' ? invoice : invoice?.id) ?? subscription.id,
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
