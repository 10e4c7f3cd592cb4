import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketCheckins, marketOrders, orderItems, orders, producers } from '../../db/schema';

/** The market pickup day's reads and writes (issue 49, decision 587): market orders, their parts and lines, check-ins. */

export type MarketOrderRow = typeof marketOrders.$inferSelect;

export async function findMarketOrder(db: Db, id: number): Promise<MarketOrderRow | undefined> {
  const [row] = await db.select().from(marketOrders).where(eq(marketOrders.id, id)).limit(1);
  return row;
}

/** The market orders of a market day, by shopper name then id (the checkout list's order). */
export async function marketOrdersOn(db: Db, marketId: number, marketDate: string): Promise<MarketOrderRow[]> {
  return db
    .select()
    .from(marketOrders)
    .where(and(eq(marketOrders.marketId, marketId), eq(marketOrders.marketDate, marketDate)))
    .orderBy(asc(marketOrders.shopperName), asc(marketOrders.id));
}

/** The parts (orders) of the given market orders with their farm's name, by farm then order id. */
export async function partsOf(db: Db, marketOrderIds: number[]) {
  if (marketOrderIds.length === 0) return [];
  return db
    .select({ order: orders, farmName: producers.farmName })
    .from(orders)
    .leftJoin(producers, eq(producers.userId, orders.producerUserId))
    .where(inArray(orders.marketOrderId, marketOrderIds))
    .orderBy(asc(producers.farmName), asc(orders.id));
}

/** The lines of the given orders, by order then line id. */
export async function linesOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

export async function checkinsOn(db: Db, marketId: number, marketDate: string) {
  return db
    .select()
    .from(marketCheckins)
    .where(and(eq(marketCheckins.marketId, marketId), eq(marketCheckins.marketDate, marketDate)));
}

/** The farm arrived: the first arrival's time stays (a second check-in only adds shortages). */
export async function saveCheckin(db: Db, row: typeof marketCheckins.$inferInsert) {
  await db
    .insert(marketCheckins)
    .values(row)
    .onConflictDoNothing({ target: [marketCheckins.marketId, marketCheckins.marketDate, marketCheckins.producerUserId] });
}

/**
 * Marks the market order picked up, once: a conditional UPDATE (only while `picked_up_at` is null),
 * so of two checkouts at once one wins and the other writes nothing. False when it was picked up already.
 */
export async function claimPickup(db: Db, id: number, at: Date, by: number, cardKey: string | null): Promise<boolean> {
  const rows = await db
    .update(marketOrders)
    .set({ pickedUpAt: at, pickedUpBy: by, cardKey })
    .where(and(eq(marketOrders.id, id), isNull(marketOrders.pickedUpAt)))
    .returning({ id: marketOrders.id });
  return rows.length > 0;
}

/** The basket fee a part accrued when it was picked up. */
export async function setMarketFee(db: Db, orderId: number, cents: number) {
  await db.update(orders).set({ marketFeeCents: cents }).where(eq(orders.id, orderId));
}
