import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions, users } from '../db/schema';
import { loaderPerDatabase, TurnLoader } from '../lib/turn-loader';
import type { UserWithSubscription } from '../modules/auth/auth.repository';

/**
 * The account behind each signed-in request, read fresh from the database every time (no cache, so a
 * suspension or a password change counts from the next request on), but read together: the requests
 * that ask within one turn of the event loop share one query (issue 8 item 7, docs/decisions/119).
 * Each request gets its own copy: a handler changing its user object changes nobody else's.
 */
const userLoader = loaderPerDatabase(
  (db: Db) =>
    new TurnLoader<number, UserWithSubscription>(
      (ids) => findUsersWithSubscription(db, ids),
      (row) => ({ ...row, subscription: row.subscription && { ...row.subscription } }),
    ),
);

/** The user with their subscription, as `findUserWithSubscription` reads it, batched with concurrent lookups. */
export function loadAuthUser(db: Db, id: number): Promise<UserWithSubscription | undefined> {
  return userLoader(db).load(id);
}

async function findUsersWithSubscription(db: Db, ids: number[]): Promise<Map<number, UserWithSubscription>> {
  const rows = await db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(ids.length === 1 ? eq(users.id, ids[0]) : sql`${users.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.user.id, { ...row.user, subscription: row.subscription }]));
}
