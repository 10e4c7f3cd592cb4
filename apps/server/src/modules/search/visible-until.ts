import { sql } from 'drizzle-orm';

/**
 * The public-visibility rule as search states it: a producer's listings are shown while `now` is
 * before its `visible_until`. The database folds the rule itself (account active and a producer,
 * subscription in good standing: producers.visibility.ts) into that instant in
 * `search_producers.visible_until` (its trigger); the listing index, the map and their SQL loads
 * ask only these two.
 */
export function isVisible(visibleUntil: number, now: number): boolean {
  return visibleUntil > now;
}

/** The same over `search_producers sp`, at the database's clock. */
export const visibleNowSql = sql`(sp.visible_until > now())`;
