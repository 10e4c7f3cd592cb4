import { formatDate, type PlanType } from '@farmstand/shared';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';

/** "$10", "$9.50": a plan's price as the billing page says it. */
export const planPrice = (price: number) => (Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`);

/**
 * When a plan chosen now is first charged, if not at once (decision 531): during the free trial, or
 * again after cancelling a plan chosen during it, the trial is kept and the first charge falls on its
 * end. Null when a plan chosen now is charged at once. The server's twin is `trialToKeep`.
 */
export function firstChargeIfChosenNow(subscription: SubscriptionStatusResponse, now = new Date()): string | null {
  const trialEnd = subscription.trial_ends_at;
  if (!trialEnd || Date.parse(trialEnd) <= now.getTime()) return null;
  if (subscription.status === 'trialing') return trialEnd;
  return subscription.first_charge_at;
}

/** "Your trial continues until Jan 5, 2027; the first charge of $10 is on Jan 5, 2027." */
export function trialChargeSentence(firstChargeAt: string, price: number): string {
  const day = formatDate(firstChargeAt);
  return `Your trial continues until ${day}; the first charge of ${planPrice(price)} is on ${day}.`;
}

/** The plan the highlighted card stands for: the current one, else the one the page recommends. */
export function highlightedPlan(currentPlan: PlanType | null | undefined, recommended: PlanType): PlanType {
  return currentPlan ?? recommended;
}
