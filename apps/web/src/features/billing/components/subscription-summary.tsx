import { formatDate, type PlanType, type SubscriptionStatus } from '@farmstand/shared';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import { Badge, type BadgeTone, Card } from '@/components/ui/card';
import { useSite } from '@/shared/site/api';
import { SUBSCRIPTION_LABELS } from '../subscription-status';
import { trialChargeSentence } from '../trial-charge';

const TONES: Record<SubscriptionStatus, BadgeTone> = {
  none: 'gray',
  trialing: 'blue',
  active: 'green',
  past_due: 'red',
  canceled: 'gray',
};

function describe(subscription: SubscriptionStatusResponse, prices: Record<PlanType, number>): string {
  const ends = formatDate(subscription.current_period_end);
  const plan = subscription.plan_type === 'annual' ? 'Annual plan' : 'Monthly plan';
  switch (subscription.status) {
    case 'trialing':
      if (!subscription.trial_ends_at) return 'Your free trial is running. Choose a plan to keep your listings live afterwards.';
      return `Your free trial ends on ${formatDate(subscription.trial_ends_at)}. Choose a plan to keep your listings live afterwards: you keep every trial day, and the first charge is on ${formatDate(subscription.trial_ends_at)}.`;
    case 'active':
      if (subscription.first_charge_at && subscription.cancel_at_period_end)
        return `${plan}, cancelled during the free trial: your listings stay live until ${ends} and nothing will be charged.`;
      if (subscription.first_charge_at)
        return `${plan}. ${trialChargeSentence(subscription.first_charge_at, prices[subscription.plan_type ?? 'monthly'])}`;
      if (subscription.cancel_at_period_end) return `${plan}. Your listings stay live until ${ends}.`;
      if (!subscription.current_period_end) return `${plan}, complimentary with no end date.`;
      return subscription.granted ? `${plan}, complimentary until ${ends}.` : `${plan}. Renews on ${ends}.`;
    case 'past_due':
      // The test provider has no hosted portal: choosing a plan again takes a new card here.
      return subscription.provider === 'test'
        ? 'We could not take your last payment. Choose a plan below with another card to keep your listings live.'
        : 'We could not take your last payment. Update your card in the billing portal to keep your listings live.';
    case 'canceled':
      return 'Your subscription has ended and your listings are hidden from shoppers. Choose a plan to sell again.';
    default:
      return 'Your listings are hidden from shoppers until you choose a plan.';
  }
}

/** The current standing, with the end-of-period notice once a cancellation is booked (spec 01 §4). */
export function SubscriptionSummary({ subscription }: { subscription: SubscriptionStatusResponse }) {
  const { plans } = useSite();
  const prices = { monthly: plans.monthly_price, annual: plans.annual_price };
  const cancelling = subscription.status === 'active' && subscription.cancel_at_period_end;
  return (
    <Card role="region" className="p-6" aria-labelledby="billing-status-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="billing-status-heading" className="text-lg font-bold">
          Subscription status
        </h2>
        <Badge tone={TONES[subscription.status]}>{SUBSCRIPTION_LABELS[subscription.status]}</Badge>
      </div>
      {subscription.status === 'trialing' && (
        <p className="mt-3 text-3xl font-bold text-brand-800 dark:text-green-300">
          {subscription.trial_days_remaining}
          <span className="ml-2 text-base font-medium text-stone-700 dark:text-stone-300">
            {subscription.trial_days_remaining === 1 ? 'day' : 'days'} remaining
          </span>
        </p>
      )}
      <p className="mt-3 text-stone-700 dark:text-stone-300">{describe(subscription, prices)}</p>
      {cancelling && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100"
        >
          Your subscription is cancelled and ends at the end of the current period, on{' '}
          {formatDate(subscription.current_period_end)}. You keep full access until then.
        </p>
      )}
    </Card>
  );
}
