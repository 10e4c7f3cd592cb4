import type { SubscriptionStatus } from '@farmstand/shared';

export type SubscriptionRow = {
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * When a plan chosen during the free trial is first charged (decision 531): the plan runs from now,
 * its first period ends with the trial, and that end is when it is charged. Null once it has been
 * charged (the period has moved past the trial's end), for an admin's grant, and for any other row.
 */
export function firstChargeAt(row: (SubscriptionRow & { grantedBy: number | null }) | null | undefined, now: Date): Date | null {
  if (row?.status !== 'active' || row.grantedBy !== null) return null;
  if (!row.trialEndsAt || !row.currentPeriodEnd || row.trialEndsAt <= now) return null;
  // Within a second: Stripe keeps times in whole seconds.
  return Math.abs(row.currentPeriodEnd.getTime() - row.trialEndsAt.getTime()) < 1000 ? row.trialEndsAt : null;
}

/**
 * The end of the free trial a new plan should keep: a running trial's, or the trial's of a plan
 * chosen during it and since cancelled; null when a plan would be charged now.
 */
export function trialToKeep(row: (SubscriptionRow & { grantedBy: number | null }) | null | undefined, now: Date): Date | null {
  if (!row?.trialEndsAt || row.trialEndsAt <= now) return null;
  if (row.status === 'trialing') return row.trialEndsAt;
  return firstChargeAt(row, now);
}

/**
 * The status a user has right now. A trial whose end has passed no longer counts, and a cancelled
 * subscription keeps access until its period ends (spec 01 §1).
 */
export function effectiveSubscriptionStatus(row: SubscriptionRow | null | undefined, now: Date): SubscriptionStatus {
  if (!row) return 'none';
  if (row.status === 'trialing' && row.trialEndsAt && row.trialEndsAt <= now) return 'none';
  if (row.status === 'active' && row.cancelAtPeriodEnd && row.currentPeriodEnd && row.currentPeriodEnd <= now) return 'canceled';
  return row.status;
}

/** Whether a producer's listings are shown to the public. */
export function isSubscriptionInGoodStanding(row: SubscriptionRow | null | undefined, now: Date): boolean {
  const status = effectiveSubscriptionStatus(row, now);
  return status === 'trialing' || status === 'active';
}
