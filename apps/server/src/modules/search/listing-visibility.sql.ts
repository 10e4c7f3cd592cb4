import { type SQL, sql } from 'drizzle-orm';
import { effectiveSubscriptionStatusSql, subscriptionInGoodStandingSql } from '../billing/subscription-standing.sql';

/** `u` is the producer's users row and `s` its subscriptions row (left-joined, may be null). */
const s = {
  status: sql.raw('s.status'),
  trialEndsAt: sql.raw('s.trial_ends_at'),
  cancelAtPeriodEnd: sql.raw('s.cancel_at_period_end'),
  currentPeriodEnd: sql.raw('s.current_period_end'),
};

export const effectiveStatusSql: SQL<string> = effectiveSubscriptionStatusSql(s);

/** A producer whose listings the public may see: active producer account in good standing. */
export const producerInGoodStandingSql: SQL = sql`(u.status = 'active' and u.user_type = 'producer' and ${subscriptionInGoodStandingSql(s)})`;

/** A product the public may see (alias `p`): not soft-deleted and not removed by an admin. */
export const productVisibleSql: SQL = sql`(p.active and p.moderation_status = 'approved')`;

/** Joins `producers pr` to its owner `u` and subscription `s`. */
export const producerOwnerJoinSql: SQL = sql`join users u on u.id = pr.user_id left join subscriptions s on s.user_id = u.id`;
