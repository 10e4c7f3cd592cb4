import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { csaBoxes, csaPlans, producers, standingOrders } from '../../db/schema';

export type PlanRow = typeof csaPlans.$inferSelect;
export type BoxRow = typeof csaBoxes.$inferSelect;

export async function insertPlan(db: Db, values: typeof csaPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(csaPlans).values(values).returning();
  return row;
}

export async function updatePlan(db: Db, id: number, values: Partial<typeof csaPlans.$inferInsert>) {
  await db
    .update(csaPlans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(csaPlans.id, id));
}

export async function findPlan(db: Db, id: number) {
  const [row] = await db
    .select({ plan: csaPlans, farmName: producers.farmName })
    .from(csaPlans)
    .innerJoin(producers, eq(producers.userId, csaPlans.producerUserId))
    .where(eq(csaPlans.id, id));
  return row;
}

/** The plan's row locked: joins count the members of a place one after the other (the cap holds). */
export async function lockPlan(db: Db, id: number) {
  await db.select({ id: csaPlans.id }).from(csaPlans).where(eq(csaPlans.id, id)).for('update');
}

export async function plansOfFarm(db: Db, producerUserId: number) {
  return db
    .select({ plan: csaPlans, farmName: producers.farmName })
    .from(csaPlans)
    .innerJoin(producers, eq(producers.userId, csaPlans.producerUserId))
    .where(eq(csaPlans.producerUserId, producerUserId))
    .orderBy(asc(csaPlans.id));
}

/** Active members per pickup place of each plan. */
export async function memberCounts(db: Db, planIds: number[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: standingOrders.planId, pointId: standingOrders.pointId, n: sql<number>`count(*)::int` })
    .from(standingOrders)
    .where(and(sql`${standingOrders.planId} in ${planIds}`, eq(standingOrders.status, 'active')))
    .groupBy(standingOrders.planId, standingOrders.pointId);
  return new Map(rows.map((r) => [`${r.planId}@${r.pointId}`, Number(r.n)]));
}

export async function membersOf(db: Db, planId: number) {
  return db.select().from(standingOrders).where(eq(standingOrders.planId, planId)).orderBy(asc(standingOrders.id));
}

export async function activeMembership(db: Db, planId: number, customerId: number) {
  const [row] = await db
    .select({ id: standingOrders.id })
    .from(standingOrders)
    .where(
      and(eq(standingOrders.planId, planId), eq(standingOrders.customerId, customerId), eq(standingOrders.status, 'active')),
    );
  return row;
}

export async function upsertBox(db: Db, values: typeof csaBoxes.$inferInsert) {
  await db
    .insert(csaBoxes)
    .values(values)
    .onConflictDoUpdate({
      target: [csaBoxes.planId, csaBoxes.weekOf],
      set: { items: values.items, note: values.note, postedAt: values.postedAt },
    });
}

export async function setBoxPhoto(db: Db, planId: number, weekOf: string, photoUrl: string) {
  await db
    .update(csaBoxes)
    .set({ photoUrl })
    .where(and(eq(csaBoxes.planId, planId), eq(csaBoxes.weekOf, weekOf)));
}

export async function boxesOf(db: Db, planId: number, limit = 12): Promise<BoxRow[]> {
  return db.select().from(csaBoxes).where(eq(csaBoxes.planId, planId)).orderBy(desc(csaBoxes.weekOf)).limit(limit);
}
