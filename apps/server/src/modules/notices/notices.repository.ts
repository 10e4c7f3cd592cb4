import { and, asc, count, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmNoticeOptouts, favorites, producers, users } from '../../db/schema';

/** The opt-out of the favourite's shopper from its farm (correlated with the outer `favorites` row). */
const optedOut = (db: Db) =>
  db
    .select({ one: farmNoticeOptouts.userId })
    .from(farmNoticeOptouts)
    .where(and(eq(farmNoticeOptouts.userId, favorites.userId), eq(farmNoticeOptouts.producerUserId, favorites.producerUserId)));

/** Shoppers who favourited the farm, can sign in and did not turn its notices off. */
export async function audience(db: Db, producerUserId: number): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(favorites)
    .innerJoin(users, eq(users.id, favorites.userId))
    .where(and(eq(favorites.producerUserId, producerUserId), eq(users.status, 'active'), notExists(optedOut(db))))
    .orderBy(asc(users.id));
}

export async function audienceSize(db: Db, producerUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(favorites)
    .innerJoin(users, eq(users.id, favorites.userId))
    .where(and(eq(favorites.producerUserId, producerUserId), eq(users.status, 'active'), notExists(optedOut(db))));
  return row?.n ?? 0;
}

/** The shopper's favourite farms with whether each one's notices are on. */
export async function subscriptionsOf(db: Db, userId: number) {
  const rows = await db
    .select({ producerUserId: favorites.producerUserId, farmName: producers.farmName, off: farmNoticeOptouts.userId })
    .from(favorites)
    .innerJoin(producers, eq(producers.userId, favorites.producerUserId))
    .leftJoin(
      farmNoticeOptouts,
      and(eq(farmNoticeOptouts.userId, favorites.userId), eq(farmNoticeOptouts.producerUserId, favorites.producerUserId)),
    )
    .where(eq(favorites.userId, userId))
    .orderBy(asc(producers.farmName));
  return rows.map((r) => ({ producer_user_id: r.producerUserId, farm_name: r.farmName, notices: r.off === null }));
}

export async function setNotices(db: Db, userId: number, producerUserId: number, on: boolean): Promise<void> {
  if (on) {
    await db
      .delete(farmNoticeOptouts)
      .where(and(eq(farmNoticeOptouts.userId, userId), eq(farmNoticeOptouts.producerUserId, producerUserId)));
  } else {
    await db.insert(farmNoticeOptouts).values({ userId, producerUserId }).onConflictDoNothing();
  }
}
