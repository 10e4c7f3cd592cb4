import { daysUntil } from '@farmstand/shared/format/time';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import type { SubscriptionRecord } from './billing.repository';
import type { PaymentProvider } from './payment-provider';
import { effectiveSubscriptionStatus, firstChargeAt } from './subscription-status';

/** Spec 01 §3 "Subscription status", with the effective status (an ended trial or period no longer counts). */
export function presentSubscription(
  row: SubscriptionRecord | undefined,
  provider: PaymentProvider,
  now: Date,
): SubscriptionStatusResponse {
  const status = effectiveSubscriptionStatus(row, now);
  return {
    hasSubscription: status !== 'none',
    status,
    trial_days_remaining: row?.status === 'trialing' ? daysUntil(row.trialEndsAt, now) : 0,
    trial_ends_at: row?.trialEndsAt?.toISOString() ?? null,
    current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
    stripe_price_id: row?.providerPriceId ?? null,
    stripe_customer_id: row?.providerCustomerId ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    plan_type: row?.planType ?? null,
    granted: row?.grantedBy != null,
    provider: provider.name,
    publishable_key: provider.publishableKey,
    first_charge_at: firstChargeAt(row, now)?.toISOString() ?? null,
  };
}
