import { randomUUID } from 'node:crypto';
import { marketOrders, orderItems, orders } from '../db/schema';
import type { TestApp } from './test-app';

/**
 * Market orders straight in the database (issue 49): a shopper's market order of a market day and
 * its parts, one order per farm, with their lines. For the pickup day's tests and the bench, which
 * need many without going through placement; placement's own tests place them through the route.
 * Prices are integer cents; a line without a product id is a line of a product since removed.
 */
export type MarketPartInput = {
  producerUserId: number;
  pointId: number | null;
  status?: 'requested' | 'accepted' | 'ready' | 'picked_up' | 'cancelled' | 'declined';
  plannedBenefits?: ('snap' | 'wic_fmnp' | 'senior_fmnp')[];
  /** The basket fee the part accrued (as checkout sets it when it is picked up). */
  marketFeeCents?: number;
  /** `byWeight`: a line priced per pound or ounce, in packs of that range, not yet weighed. */
  lines: {
    productId: number | null;
    name?: string;
    unitPriceCents: number;
    quantity: number;
    byWeight?: { unit: 'lb' | 'oz'; packMin: number; packMax: number };
  }[];
};

export type MarketOrderInput = {
  marketId: number;
  customerId: number;
  /** The market day (local date in the market's zone) and its pickup hours. */
  marketDate: string;
  pickupStart: Date;
  pickupEnd: Date;
  shopperName?: string;
  shopperPhone?: string | null;
  timeZone?: string;
  parts: MarketPartInput[];
};

/** One market order and its parts in one go; answers the market order's id and the parts' order ids (in the order given). */
export async function buildMarketOrder(app: TestApp, input: MarketOrderInput): Promise<{ id: number; orderIds: number[] }> {
  const [built] = await buildMarketOrders(app, [input]);
  return built;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table here. */
const CHUNK = 500;

async function inChunks<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

/**
 * Many market orders with bulk INSERTs (the statements test's 1,000, the bench's 500 a day); each
 * answers its id and its parts' order ids in the order given. A farm has at most one part in a
 * market order, as placement makes them.
 */
export async function buildMarketOrders(app: TestApp, inputs: MarketOrderInput[]): Promise<{ id: number; orderIds: number[] }[]> {
  const db = app.ctx.db;
  const keys = inputs.map(() => randomUUID());
  const made = await inChunks(
    inputs.map((input, i) => ({
      marketId: input.marketId,
      customerId: input.customerId,
      clientKey: keys[i],
      marketDate: input.marketDate,
      pickupStart: input.pickupStart,
      pickupEnd: input.pickupEnd,
      shopperName: input.shopperName ?? 'Dana Shopper',
      shopperPhone: input.shopperPhone === undefined ? '(859) 555-0199' : input.shopperPhone,
    })),
    (chunk) => db.insert(marketOrders).values(chunk).returning({ id: marketOrders.id, clientKey: marketOrders.clientKey }),
  );
  const idOfKey = new Map(made.map((row) => [row.clientKey, row.id]));
  const ids = keys.map((key) => idOfKey.get(key) as number);
  const partRows = inputs.flatMap((input, i) =>
    input.parts.map((part) => {
      const subtotal = part.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      return {
        customerId: input.customerId,
        producerUserId: part.producerUserId,
        status: part.status ?? ('accepted' as const),
        pointId: part.pointId,
        pointKind: 'market' as const,
        pointName: 'Lexington Farmers Market',
        timeZone: input.timeZone ?? 'America/New_York',
        windowStart: input.pickupStart,
        windowEnd: input.pickupEnd,
        windowDate: input.marketDate,
        cutoffAt: new Date(input.pickupStart.getTime() - 36 * 3_600_000),
        shopperName: input.shopperName ?? 'Dana Shopper',
        shopperPhone: input.shopperPhone === undefined ? '(859) 555-0199' : input.shopperPhone,
        subtotalCents: subtotal,
        totalCents: subtotal,
        expiresAt: new Date(input.pickupStart.getTime() + 48 * 3_600_000),
        plannedBenefits: part.plannedBenefits ?? [],
        marketOrderId: ids[i],
        marketFeeCents: part.marketFeeCents ?? 0,
      };
    }),
  );
  const parts = await inChunks(partRows, (chunk) =>
    db
      .insert(orders)
      .values(chunk)
      .returning({ id: orders.id, marketOrderId: orders.marketOrderId, producerUserId: orders.producerUserId }),
  );
  const partId = new Map(parts.map((row) => [`${row.marketOrderId}:${row.producerUserId}`, row.id]));
  const built = inputs.map((input, i) => ({
    id: ids[i],
    orderIds: input.parts.map((part) => partId.get(`${ids[i]}:${part.producerUserId}`) as number),
  }));
  const lineRows = inputs.flatMap((input, i) =>
    input.parts.flatMap((part, p) =>
      part.lines.map((line) => ({
        orderId: built[i].orderIds[p],
        productId: line.productId,
        productName: line.name ?? 'Farm Fresh Eggs',
        priceUnit: 'each',
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        ...(line.byWeight
          ? { weightUnit: line.byWeight.unit, packMin: line.byWeight.packMin, packMax: line.byWeight.packMax }
          : {}),
      })),
    ),
  );
  await inChunks(lineRows, (chunk) => db.insert(orderItems).values(chunk).returning({ id: orderItems.id }));
  return built;
}
