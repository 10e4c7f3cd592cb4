import { daysUntil, formatDate, PLAN_PRICES, type SubscriptionStatus, type User } from '@farmstand/shared';
import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import type { BadgeTone } from '@/components/ui/card';

/** The spec's names for each subscription status (spec 01 §4). */
export const SUBSCRIPTION_LABELS: Record<SubscriptionStatus, string> = {
  none: 'No subscription',
  trialing: 'Free Trial',
  active: 'Active',
  past_due: 'Payment Due',
  canceled: 'Cancelled',
};

export type SubscriptionSummary = {
  label: string;
  tone: BadgeTone;
  detail: string;
  action: { to: string; label: string };
};

const CHOOSE_PLAN = { to: '/billing', label: 'Choose a Plan' };
const MANAGE = { to: '/billing', label: 'Manage Subscription' };

/** What the billing status call adds: a cancellation that takes effect at the period end. */
export type SubscriptionEnding = { cancel_at_period_end: boolean; current_period_end: string | null };

/** What the producer's subscription card says for each status: listings are public only while trialing or active. */
export function summarizeSubscription(
  subscription: User['subscription'],
  now = new Date(),
  ending?: SubscriptionEnding,
  /** The prices the admin set (GET /api/site); the spec's defaults when not given. */
  plans: Pick<SiteInfoResponse['plans'], 'monthly_price' | 'annual_price'> = {
    monthly_price: PLAN_PRICES.monthly,
    annual_price: PLAN_PRICES.annual,
  },
): SubscriptionSummary {
  const label = SUBSCRIPTION_LABELS[subscription.status];
  if (subscription.status === 'active' && ending?.cancel_at_period_end) {
    const end = ending.current_period_end ? formatDate(ending.current_period_end) : null;
    return {
      label: 'Ending',
      tone: 'yellow',
      detail: end
        ? `Cancelled: your subscription ends on ${end}. Your listings stay live until then.`
        : 'Cancelled: your subscription ends at the end of the current billing period. Your listings stay live until then.',
      action: { to: '/billing', label: 'Choose a Plan' },
    };
  }
  switch (subscription.status) {
    case 'trialing': {
      const days = daysUntil(subscription.trial_ends_at, now);
      return {
        label,
        tone: 'blue',
        detail: `${days} ${days === 1 ? 'day' : 'days'} left in your free trial. No card needed until you choose a plan.`,
        action: CHOOSE_PLAN,
      };
    }
    case 'active':
      return {
        label,
        tone: 'green',
        detail: `Your listings are live. $${plans.monthly_price}/month or $${plans.annual_price}/year, and no commission on your sales.`,
        action: MANAGE,
      };
    case 'past_due':
      return {
        label,
        tone: 'red',
        detail: 'We could not take your last payment. Update your card to show your listings to shoppers again.',
        action: MANAGE,
      };
    case 'canceled':
      return {
        label,
        tone: 'gray',
        detail: 'Your subscription has ended and your listings are hidden. Choose a plan to sell again.',
        action: CHOOSE_PLAN,
      };
    default:
      return {
        label,
        tone: 'gray',
        detail: 'Your listings are hidden from shoppers until you choose a plan.',
        action: CHOOSE_PLAN,
      };
  }
}
