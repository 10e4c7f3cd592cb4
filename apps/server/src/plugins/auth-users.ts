import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions, users } from '../db/schema';
import type { UserWithSubscription } from '../modules/auth/auth.repository';

/**
 * The account behind each signed-in request, read fresh from the database every time (no cache, so a
 * suspension or a password change counts from the next request on), but read together: the requests
 * that ask within one turn of the event loop share one query (issue 8 item 7, docs/decisions/119).
 *
 * A request never joins a query that was already sent: that query's snapshot may predate a change
 * committed before the request arrived. Only lookups still waiting to be sent are shared.
 */
type Waiting = { resolve: (user: UserWithSubscription | undefined) => void; reject: (error: unknown) => void };

class UserLoader {
  private waiting = new Map<number, Waiting[]>();

  constructor(private readonly db: Db) {}

  load(id: number): Promise<UserWithSubscription | undefined> {
    return new Promise((resolve, reject) => {
      const first = this.waiting.size === 0;
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (first) setImmediate(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const rows = await findUsersWithSubscription(this.db, [...batch.keys()]);
      for (const [id, list] of batch) {
        const row = rows.get(id);
        // Each request gets its own copy: a handler changing its user object changes nobody else's.
        for (const { resolve } of list) resolve(row && { ...row, subscription: row.subscription && { ...row.subscription } });
      }
    } catch (error) {
      for (const list of batch.values()) for (const { reject } of list) reject(error);
    }
  }
}

const loaders = new WeakMap<Db, UserLoader>();

/** The user with their subscription, as `findUserWithSubscription` reads it, batched with concurrent lookups. */
export function loadAuthUser(db: Db, id: number): Promise<UserWithSubscription | undefined> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new UserLoader(db);
    loaders.set(db, loader);
  }
  return loader.load(id);
}

async function findUsersWithSubscription(db: Db, ids: number[]): Promise<Map<number, UserWithSubscription>> {
  const rows = await db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(ids.length === 1 ? eq(users.id, ids[0]) : sql`${users.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.user.id, { ...row.user, subscription: row.subscription }]));
}
