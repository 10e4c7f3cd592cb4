import { type Column, type SQL, sql } from 'drizzle-orm';

/** The subscription columns a query has in scope: drizzle columns, or raw aliases such as `s.status`. */
export type SubscriptionColumns = {
  status: Column | SQL;
  trialEndsAt: Column | SQL;
  cancelAtPeriodEnd: Column | SQL;
  currentPeriodEnd: Column | SQL;
};

/**
 * The SQL twin of `isSubscriptionInGoodStanding` (subscription-status.ts), written once: a running
 * trial or a paid period that has not ended after a cancellation.
 */
export function subscriptionInGoodStandingSql(s: SubscriptionColumns): SQL<boolean> {
  return sql<boolean>`(
  (${s.status} = 'trialing' and (${s.trialEndsAt} is null or ${s.trialEndsAt} > now()))
  or (${s.status} = 'active' and not (${s.cancelAtPeriodEnd} and ${s.currentPeriodEnd} is not null and ${s.currentPeriodEnd} <= now()))
)`;
}

/** The SQL twin of `effectiveSubscriptionStatus`. */
export function effectiveSubscriptionStatusSql(s: SubscriptionColumns): SQL<string> {
  return sql<string>`(case
  when ${s.status} is null then 'none'
  when ${s.status} = 'trialing' and ${s.trialEndsAt} is not null and ${s.trialEndsAt} <= now() then 'none'
  when ${s.status} = 'active' and ${s.cancelAtPeriodEnd} and ${s.currentPeriodEnd} is not null and ${s.currentPeriodEnd} <= now() then 'canceled'
  else ${s.status} end)`;
}
