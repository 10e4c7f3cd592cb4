import type { SubscriptionStatus } from '@farmstand/shared';

export type SubscriptionRow = {
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * The status a user has right now. A trial whose end has passed no longer counts, and a cancelled
 * subscription keeps access until its period ends (spec 01 §1).
 */
export function effectiveSubscriptionStatus(row: SubscriptionRow | null | undefined, now = new Date()): SubscriptionStatus {
  if (!row) return 'none';
  if (row.status === 'trialing' && row.trialEndsAt && row.trialEndsAt <= now) return 'none';
  if (row.status === 'active' && row.cancelAtPeriodEnd && row.currentPeriodEnd && row.currentPeriodEnd <= now) return 'canceled';
  return row.status;
}

/** Whether a producer's listings are shown to the public. */
export function isSubscriptionInGoodStanding(row: SubscriptionRow | null | undefined, now = new Date()): boolean {
  const status = effectiveSubscriptionStatus(row, now);
  return status === 'trialing' || status === 'active';
}
