import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions, users } from '../db/schema';
import { TurnLoader } from '../lib/turn-loader';

declare module '../lib/context' {
  interface AppReads {
    /** The account behind a signed-in request. */
    authUser: ReturnType<typeof authUserReader>;
  }
}

/** A user row with its subscription: who a signed-in request is. */
export type UserWithSubscription = typeof users.$inferSelect & { subscription: typeof subscriptions.$inferSelect | null };

/**
 * The account behind each signed-in request (the user with their subscription, as
 * `findUserWithSubscription` reads it), read fresh from the database every time (no cache, so a
 * suspension or a password change counts from the next request on), but read together: the requests
 * that ask within one turn of the event loop share one query. Made once per app on its database
 * (`ctx.reads.authUser`, app.ts).
 * Each request gets its own copy: a handler changing its user object changes nobody else's.
 */
export function authUserReader(db: Db): (id: number) => Promise<UserWithSubscription | undefined> {
  const query = usersWithSubscriptionQuery(db);
  const loader = new TurnLoader<number, UserWithSubscription>(
    async (ids) =>
      new Map((await query.execute({ ids })).map((row) => [row.user.id, { ...row.user, subscription: row.subscription }])),
    (row) => ({ ...row, subscription: row.subscription && { ...row.subscription } }),
  );
  return (id) => loader.load(id);
}

/**
 * Every signed-in request reads its account: built once per database and run as a named prepared
 * statement (on PostgreSQL parsed and planned once per connection), one form for one
 * id or many.
 */
function usersWithSubscriptionQuery(db: Db) {
  return db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('auth_users_with_subscription');
}
