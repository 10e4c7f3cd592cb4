import { type SQL, sql } from 'drizzle-orm';
import { effectiveSubscriptionStatusSql } from '../billing';
import { producerAccountActiveSql, producerListedSql, productListedSql } from './producers.visibility';

/**
 * The public-visibility rule of producers.visibility.ts over the raw aliases of hand-written SQL:
 * `u` the producer's users row, `s` its subscriptions row (left-joined, may be null), `p` a product.
 */
const u = { status: sql.raw('u.status'), userType: sql.raw('u.user_type') };
const s = {
  status: sql.raw('s.status'),
  trialEndsAt: sql.raw('s.trial_ends_at'),
  cancelAtPeriodEnd: sql.raw('s.cancel_at_period_end'),
  currentPeriodEnd: sql.raw('s.current_period_end'),
};
const p = { active: sql.raw('p.active'), moderationStatus: sql.raw('p.moderation_status') };

export const effectiveStatusSql: SQL<string> = effectiveSubscriptionStatusSql(s);

/** The farm's owner `u` is an active producer account. */
export const aliasedProducerAccountActive = producerAccountActiveSql(u);

/** The producer's listings are public (`u` and `s`). */
export const aliasedProducerListed = producerListedSql(u, s);

/** The product `p` is listed (its producer must be public too for the public to see it). */
export const aliasedProductListed = productListedSql(p);

/** Joins `producers pr` to its owner `u` and subscription `s`. */
export const producerOwnerJoinSql: SQL = sql`join users u on u.id = pr.user_id left join subscriptions s on s.user_id = u.id`;
