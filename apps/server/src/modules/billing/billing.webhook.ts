import type Stripe from 'stripe';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { lazyModule } from '../../lib/lazy-module';
import { findSubscriptionByCustomer, insertPayment, paymentExists, saveSubscription } from './billing.repository';

const loadStripe = lazyModule<typeof Stripe>('stripe');
let verifier: Stripe | undefined;
/** Only used for signature checks: no API call is made with it. Made on the first webhook. */
const webhookVerifier = () => {
  const StripeClient = loadStripe();
  verifier ??= new StripeClient('sk_webhook_verification_only');
  return verifier;
};

const customerIdOf = (customer: string | { id: string } | null | undefined) =>
  typeof customer === 'string' ? customer : (customer?.id ?? null);

/** Verifies the Stripe-Signature header against the raw body; a bad signature is a 400. */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  try {
    return webhookVerifier().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid webhook signature');
  }
}

/**
 * The three events that change a subscription we know by its customer: a paid invoice extends the
 * period (and records the payment once), a failed one makes it past due, a deleted one cancels it.
 */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const row = await findByCustomer(ctx, customerIdOf(invoice.customer));
      if (!row) return;
      const periodEnd = Math.max(invoice.period_end, ...invoice.lines.data.map((line) => line.period?.end ?? 0));
      await ctx.db.transaction(async (tx) => {
        await saveSubscription(tx, row.userId, { status: 'active', currentPeriodEnd: new Date(periodEnd * 1000) });
        // A subscription started in the trial opens with a $0 invoice: nothing was paid.
        if (invoice.id && invoice.amount_paid > 0 && !(await paymentExists(tx, invoice.id))) {
          await insertPayment(tx, {
            userId: row.userId,
            amountCents: invoice.amount_paid,
            planType: row.planType ?? 'monthly',
            providerRef: invoice.id,
          });
        }
      });
      return;
    }
    case 'invoice.payment_failed': {
      const row = await findByCustomer(ctx, customerIdOf(event.data.object.customer));
      if (row) await saveSubscription(ctx.db, row.userId, { status: 'past_due' });
      return;
    }
    case 'customer.subscription.deleted': {
      const row = await findByCustomer(ctx, customerIdOf(event.data.object.customer));
      if (row) await saveSubscription(ctx.db, row.userId, { status: 'canceled', cancelAtPeriodEnd: false });
      return;
    }
    default:
      return;
  }
}

async function findByCustomer(ctx: AppContext, customerId: string | null) {
  return customerId ? findSubscriptionByCustomer(ctx.db, customerId) : undefined;
}
