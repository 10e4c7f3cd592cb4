import { and, asc, eq, inArray, notExists, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { csaPlans, farmNoticeOptouts, favorites, producers, standingOrders, users } from '../../db/schema';

/** Whether the user (outer `users` row) turned this farm's notices off. */
const optedOut = (db: Db, producerUserId: number) =>
  db
    .select({ one: farmNoticeOptouts.userId })
    .from(farmNoticeOptouts)
    .where(and(eq(farmNoticeOptouts.userId, users.id), eq(farmNoticeOptouts.producerUserId, producerUserId)));

/** Why a shopper gets the farm's notices: its favourite, a standing reservation, a CSA plan (names). */
export type AudienceMember = { id: number; email: string; favourite: boolean; standing: boolean; plans: string[] };

/**
 * The farm's notice audience: shoppers who favourited it or hold an active standing reservation or
 * CSA membership with it (decisions 513–515), who can sign in and did not turn its notices off;
 * each with why they get the mail, so the mail can say it (decision 546).
 */
export async function audience(db: Db, producerUserId: number): Promise<AudienceMember[]> {
  const fans = db.select({ id: favorites.userId }).from(favorites).where(eq(favorites.producerUserId, producerUserId));
  const active = and(eq(standingOrders.producerUserId, producerUserId), eq(standingOrders.status, 'active'));
  const members = db.select({ id: standingOrders.customerId }).from(standingOrders).where(active);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        or(inArray(users.id, fans), inArray(users.id, members)),
        eq(users.status, 'active'),
        notExists(optedOut(db, producerUserId)),
      ),
    )
    .orderBy(asc(users.id));
  if (people.length === 0) return [];
  const ids = people.map((p) => p.id);
  const [favourites, memberships] = await Promise.all([
    db
      .select({ id: favorites.userId })
      .from(favorites)
      .where(and(eq(favorites.producerUserId, producerUserId), inArray(favorites.userId, ids))),
    db
      .select({ id: standingOrders.customerId, plan: csaPlans.name })
      .from(standingOrders)
      .leftJoin(csaPlans, eq(csaPlans.id, standingOrders.planId))
      .where(and(active, inArray(standingOrders.customerId, ids)))
      .orderBy(asc(standingOrders.id)),
  ]);
  const fanIds = new Set(favourites.map((f) => f.id));
  return people.map((person) => {
    const own = memberships.filter((m) => m.id === person.id);
    return {
      ...person,
      favourite: fanIds.has(person.id),
      standing: own.some((m) => m.plan === null),
      plans: [...new Set(own.flatMap((m) => (m.plan === null ? [] : [m.plan])))],
    };
  });
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
