import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL twins of `billing/subscription-status.ts`, so listings can be filtered in the database.
 * `u` is the producer's users row and `s` its subscriptions row (left-joined, may be null).
 */
export const effectiveStatusSql: SQL<string> = sql<string>`(case
  when s.status is null then 'none'
  when s.status = 'trialing' and s.trial_ends_at is not null and s.trial_ends_at <= now() then 'none'
  when s.status = 'active' and s.cancel_at_period_end and s.current_period_end is not null and s.current_period_end <= now() then 'canceled'
  else s.status end)`;

/** A producer whose listings the public may see: active account, trialing (not past trial end) or active subscription. */
export const producerInGoodStandingSql: SQL = sql`(u.status = 'active' and u.user_type = 'producer' and (
  (s.status = 'trialing' and (s.trial_ends_at is null or s.trial_ends_at > now()))
  or (s.status = 'active' and not (s.cancel_at_period_end and s.current_period_end is not null and s.current_period_end <= now()))
))`;

/** A product the public may see (alias `p`): not soft-deleted and not removed by an admin. */
export const productVisibleSql: SQL = sql`(p.active and p.moderation_status = 'approved')`;

/** Joins `producers pr` to its owner `u` and subscription `s`. */
export const producerOwnerJoinSql: SQL = sql`join users u on u.id = pr.user_id left join subscriptions s on s.user_id = u.id`;
