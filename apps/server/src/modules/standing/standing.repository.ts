import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  csaBoxes,
  csaPlans,
  jobNotices,
  orders,
  pickupPoints,
  producers,
  products,
  productVariants,
  standingOrders,
  standingWindows,
  users,
} from '../../db/schema';
import { localDate } from '../../lib/time';

export type StandingRow = typeof standingOrders.$inferSelect;
export type PlanRow = typeof csaPlans.$inferSelect;
/** With the farm's name and, for a CSA membership, its plan. */
export type StandingWithFarm = StandingRow & { farmName: string; plan: PlanRow | null };
export type WindowRecord = {
  standingId: number;
  windowStart: Date;
  /** The week's local date at the place: what a week is matched by, so a place's time zone changed keeps its weeks. */
  date: string;
  state: 'skipped' | 'missed' | 'placed';
  orderId: number | null;
  reason: string | null;
};

const withFarm = { standing: standingOrders, farmName: producers.farmName, plan: csaPlans };
const selectWithFarm = (db: Db) =>
  db
    .select(withFarm)
    .from(standingOrders)
    .innerJoin(producers, eq(producers.userId, standingOrders.producerUserId))
    .leftJoin(csaPlans, eq(csaPlans.id, standingOrders.planId));
const flat = (rows: { standing: StandingRow; farmName: string; plan: PlanRow | null }[]): StandingWithFarm[] =>
  rows.map((row) => ({ ...row.standing, farmName: row.farmName, plan: row.plan }));

export async function insertStanding(db: Db, values: typeof standingOrders.$inferInsert): Promise<StandingRow> {
  const [row] = await db.insert(standingOrders).values(values).returning();
  return row;
}

export async function findStanding(db: Db, id: number): Promise<StandingWithFarm | undefined> {
  return flat(await selectWithFarm(db).where(eq(standingOrders.id, id)))[0];
}

export async function listOfCustomer(db: Db, customerId: number): Promise<StandingWithFarm[]> {
  return flat(await selectWithFarm(db).where(eq(standingOrders.customerId, customerId)).orderBy(asc(standingOrders.id)));
}

export async function listOfProducer(db: Db, producerUserId: number): Promise<StandingWithFarm[]> {
  return flat(await selectWithFarm(db).where(eq(standingOrders.producerUserId, producerUserId)).orderBy(asc(standingOrders.id)));
}

/** Every active standing reservation (the sweep's list). */
export async function listActive(db: Db): Promise<StandingWithFarm[]> {
  return flat(await selectWithFarm(db).where(eq(standingOrders.status, 'active')).orderBy(asc(standingOrders.id)));
}

export async function countActiveWithFarm(db: Db, customerId: number, producerUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(standingOrders)
    .where(
      and(
        eq(standingOrders.customerId, customerId),
        eq(standingOrders.producerUserId, producerUserId),
        eq(standingOrders.status, 'active'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The row locked for a change: placing a window's order, a skip and a change run one after another. */
export async function lockStanding(db: Db, id: number): Promise<StandingRow | undefined> {
  const [row] = await db.select().from(standingOrders).where(eq(standingOrders.id, id)).for('update');
  return row;
}

export async function updateStanding(db: Db, id: number, values: Partial<typeof standingOrders.$inferInsert>) {
  await db
    .update(standingOrders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(standingOrders.id, id));
}

/**
 * What happened to the windows of these standing reservations from `after` on: the orders they
 * placed, and the windows skipped or missed.
 */
export async function windowRecords(db: Db, standingIds: number[], after: Date): Promise<WindowRecord[]> {
  if (standingIds.length === 0) return [];
  const placed = await db
    .select({
      standingId: orders.standingId,
      windowStart: orders.windowStart,
      date: orders.windowDate,
      orderId: orders.id,
      status: orders.status,
    })
    .from(orders)
    .where(and(inArray(orders.standingId, standingIds), gt(orders.windowEnd, after)));
  const others = await db
    .select({ window: standingWindows, timeZone: pickupPoints.timeZone })
    .from(standingWindows)
    .innerJoin(standingOrders, eq(standingOrders.id, standingWindows.standingId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, standingOrders.pointId))
    .where(and(inArray(standingWindows.standingId, standingIds), gt(standingWindows.windowStart, after)));
  // An order that did not go ahead reads as what happened to its week; a skip or miss recorded for
  // the window comes last, so it is what a window shows (the order a skip cancelled stays behind it).
  return [
    ...placed.map((row) => ({
      standingId: row.standingId as number,
      windowStart: row.windowStart,
      date: row.date,
      orderId: row.orderId,
      ...orderOutcome(row.orderId, row.status),
    })),
    ...others.map(({ window, timeZone }) => ({
      standingId: window.standingId,
      windowStart: window.windowStart,
      date: localDate(window.windowStart, timeZone ?? 'America/New_York'),
      state: window.state,
      orderId: null,
      reason: window.reason,
    })),
  ];
}

function orderOutcome(id: number, status: string): { state: WindowRecord['state']; reason: string | null } {
  if (status === 'cancelled') return { state: 'skipped', reason: `Order #${id} was cancelled` };
  if (status === 'declined') return { state: 'missed', reason: `The farm declined order #${id}` };
  if (status === 'expired') return { state: 'missed', reason: `Order #${id} expired before the farm answered` };
  return { state: 'placed', reason: null };
}

export async function findRecord(db: Db, standingId: number, windowStart: Date) {
  const [row] = await db
    .select()
    .from(standingWindows)
    .where(and(eq(standingWindows.standingId, standingId), eq(standingWindows.windowStart, windowStart)));
  return row;
}

/** The reservation's order of a week, by the week's local date (the place's zone may have changed since). */
export async function findPlacedOrder(db: Db, standingId: number, date: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.standingId, standingId), eq(orders.windowDate, date)));
  return row;
}

/** Records a skipped or missed window; false when the window already has a record. */
export async function recordWindow(
  db: Db,
  standingId: number,
  windowStart: Date,
  state: 'skipped' | 'missed',
  reason: string | null,
): Promise<boolean> {
  const rows = await db
    .insert(standingWindows)
    .values({ standingId, windowStart, state, reason })
    .onConflictDoNothing()
    .returning({ standingId: standingWindows.standingId });
  return rows.length > 0;
}

export async function deleteRecord(db: Db, standingId: number, windowStart: Date) {
  await db
    .delete(standingWindows)
    .where(and(eq(standingWindows.standingId, standingId), eq(standingWindows.windowStart, windowStart)));
}

/** An order becomes the first of a series (the shopper made it standing). */
/** Makes the order the first of the series, only while it starts none: false when another request linked it first. */
export async function linkOrder(db: Db, orderId: number, standingId: number): Promise<boolean> {
  const linked = await db
    .update(orders)
    .set({ standingId })
    .where(and(eq(orders.id, orderId), isNull(orders.standingId)))
    .returning({ id: orders.id });
  return linked.length === 1;
}

/** Names of the products and variants a standing reservation lists (current names). */
/**
 * The names and prices of the lines' products and variants, read only among the farm's own: a line
 * that names another farm's product (none can be stored: `orders/order-lines.ts#checkLines`) shows
 * as removed, never with that product's name.
 */
export async function lineNames(
  db: Db,
  producerUserId: number,
  lines: readonly { productId: number; variantId: number | null }[],
) {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const variantIds = [...new Set(lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId])))];
  const productRows =
    productIds.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            name: products.name,
            priceCents: products.priceCents,
            priceUnit: products.priceUnit,
            weightUnit: products.weightUnit,
            packMin: products.packMin,
            packMax: products.packMax,
          })
          .from(products)
          .innerJoin(producers, eq(producers.id, products.producerId))
          .where(and(inArray(products.id, productIds), eq(producers.userId, producerUserId)));
  const variantRows =
    variantIds.length === 0
      ? []
      : await db
          .select({
            id: productVariants.id,
            name: productVariants.name,
            priceCents: productVariants.priceCents,
            priceUnit: productVariants.priceUnit,
            weightUnit: productVariants.weightUnit,
            packMin: productVariants.packMin,
            packMax: productVariants.packMax,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .innerJoin(producers, eq(producers.id, products.producerId))
          .where(and(inArray(productVariants.id, variantIds), eq(producers.userId, producerUserId)));
  return { products: new Map(productRows.map((r) => [r.id, r])), variants: new Map(variantRows.map((r) => [r.id, r])) };
}

export async function userEmail(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email ?? null;
}

/** Windows ahead already reminded (job_notices kind 'standing-reminder', milestone = the window's start). */
export async function remindedWindows(db: Db, standingIds: number[], after: Date): Promise<Set<string>> {
  if (standingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: jobNotices.subjectId, milestone: jobNotices.milestone })
    .from(jobNotices)
    .where(
      and(
        eq(jobNotices.kind, 'standing-reminder'),
        inArray(jobNotices.subjectId, standingIds),
        // Milestones are ISO instants, which sort as text: only windows still ahead.
        gt(jobNotices.milestone, after.toISOString()),
      ),
    );
  return new Set(rows.map((r) => `${r.id}@${new Date(r.milestone).getTime()}`));
}

/** A CSA plan's box of a week, as posted by the farm (the sweep places it in the member's week). */
export async function findBox(db: Db, planId: number, weekOf: string): Promise<typeof csaBoxes.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(csaBoxes)
    .where(and(eq(csaBoxes.planId, planId), eq(csaBoxes.weekOf, weekOf)));
  return row;
}
