import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketOrders, marketVendors, orders, producers, products } from '../../db/schema';

export type MarketOrderRow = typeof marketOrders.$inferSelect;

/** The market's approved vendors with a place at it (the farm's own pickup place linked to the market). */
export async function basketVendors(db: Db, marketId: number) {
  return db
    .select({
      producerUserId: marketVendors.producerUserId,
      pointId: marketVendors.pointId,
      producerId: producers.id,
      farmName: producers.farmName,
      state: producers.state,
    })
    .from(marketVendors)
    .innerJoin(producers, eq(producers.userId, marketVendors.producerUserId))
    .where(and(eq(marketVendors.marketId, marketId), eq(marketVendors.status, 'approved'), isNotNull(marketVendors.pointId)))
    .orderBy(asc(producers.farmName), asc(marketVendors.producerUserId));
}

/** Which farm (its account) each product belongs to, for grouping a basket's lines by farm. */
export async function farmsOfProducts(db: Db, productIds: number[]): Promise<Map<number, { userId: number; farmName: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: products.id, userId: producers.userId, farmName: producers.farmName })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.productId, { userId: row.userId, farmName: row.farmName }]));
}

/**
 * The market order row, first in the placement's transaction; none when the shopper's basket id was
 * already placed (the unique key waits for a placement of it still running, then answers nothing).
 */
export async function insertMarketOrder(db: Db, values: typeof marketOrders.$inferInsert): Promise<MarketOrderRow | undefined> {
  const [row] = await db.insert(marketOrders).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findByClientKey(db: Db, customerId: number, clientKey: string): Promise<MarketOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(marketOrders)
    .where(and(eq(marketOrders.customerId, customerId), eq(marketOrders.clientKey, clientKey)))
    .limit(1);
  return row;
}

export async function findMarketOrder(db: Db, id: number): Promise<MarketOrderRow | undefined> {
  const [row] = await db.select().from(marketOrders).where(eq(marketOrders.id, id)).limit(1);
  return row;
}

/** The shopper's own market orders, the coming market days first, then the past ones newest first. */
export async function listOfCustomer(db: Db, customerId: number, limit: number): Promise<MarketOrderRow[]> {
  return db
    .select()
    .from(marketOrders)
    .where(eq(marketOrders.customerId, customerId))
    .orderBy(desc(marketOrders.marketDate), desc(marketOrders.id))
    .limit(limit);
}

/** The farms (accounts) with a part in the market order. */
export async function farmsOfMarketOrder(db: Db, marketOrderId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ producerUserId: orders.producerUserId })
    .from(orders)
    .where(eq(orders.marketOrderId, marketOrderId));
  return rows.map((row) => row.producerUserId);
}
