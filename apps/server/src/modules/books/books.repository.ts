import type { BookExportFormat } from '@farmstand/shared/schemas/books';
import { and, asc, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookExportOrders, bookExports, orderItems, orders, orderTenders, pickupPoints, users } from '../../db/schema';

/** A range of local dates (`window_date`, the day in the pickup place's zone) and maybe one place. */
export type SalesRange = { from: string; to: string; pointId?: number };

/**
 * What counts as a sale (decision 586): an order handed over (`picked_up`), online or a walk-up
 * sale at the stand (`source = 'stand'`, picked up at once). Requests, cancelled, declined,
 * expired and no-show orders were never paid and are never a sale.
 */
const isSale = (producerUserId: number, range: SalesRange) =>
  and(
    eq(orders.producerUserId, producerUserId),
    eq(orders.status, 'picked_up'),
    gte(orders.windowDate, range.from),
    lte(orders.windowDate, range.to),
    range.pointId === undefined ? undefined : eq(orders.pointId, range.pointId),
  );

/**
 * Ids in parts a statement takes: PostgreSQL binds at most 65,535 parameters, and a busy farm's year
 * can hold more sales than that (three parameters per covered order when they are recorded).
 */
function chunks(ids: number[], size = 5000): number[][] {
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += size) parts.push(ids.slice(i, i + size));
  return parts;
}

/** Exports of one farm wait for each other here, so two at once never cover the same order. */
export async function lockFarm(tx: Db, producerUserId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, producerUserId)).for('update');
}

/** One of the farm's pickup places (removed ones too: their orders still name them). */
export async function findPoint(db: Db, producerUserId: number, pointId: number) {
  const [row] = await db
    .select({ id: pickupPoints.id, name: pickupPoints.name })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.id, pointId), eq(pickupPoints.producerUserId, producerUserId)))
    .limit(1);
  return row;
}

/** The farm's sales of the range with their tenders and lines, by day then order; `format`: only those no export of it covered. */
export async function salesOf(db: Db, producerUserId: number, range: SalesRange, format?: BookExportFormat) {
  const base = db
    .select({ order: orders, tenders: orderTenders })
    .from(orders)
    .leftJoin(orderTenders, eq(orderTenders.orderId, orders.id));
  const rows =
    format === undefined
      ? await base.where(isSale(producerUserId, range)).orderBy(asc(orders.windowDate), asc(orders.id))
      : await base
          .leftJoin(bookExportOrders, and(eq(bookExportOrders.orderId, orders.id), eq(bookExportOrders.format, format)))
          .where(and(isSale(producerUserId, range), isNull(bookExportOrders.orderId)))
          .orderBy(asc(orders.windowDate), asc(orders.id));
  const ids = rows.map((r) => r.order.id);
  const items: (typeof orderItems.$inferSelect)[] = [];
  for (const part of chunks(ids))
    items.push(...(await db.select().from(orderItems).where(inArray(orderItems.orderId, part)).orderBy(asc(orderItems.id))));
  const linesOf = new Map<number, typeof items>();
  for (const item of items) linesOf.set(item.orderId, [...(linesOf.get(item.orderId) ?? []), item]);
  return rows.map((row) => ({ ...row, items: linesOf.get(row.order.id) ?? [] }));
}
export type Sale = Awaited<ReturnType<typeof salesOf>>[number];

/** Records an export and the orders it covered, in the caller's transaction. */
export async function insertExport(tx: Db, values: typeof bookExports.$inferInsert, orderIds: number[]) {
  const [row] = await tx.insert(bookExports).values(values).returning({ id: bookExports.id });
  for (const part of chunks(orderIds))
    await tx.insert(bookExportOrders).values(part.map((orderId) => ({ format: values.format, orderId, exportId: row.id })));
  return row.id;
}

const listed = {
  id: bookExports.id,
  format: bookExports.format,
  fromDate: bookExports.fromDate,
  toDate: bookExports.toDate,
  pointId: bookExports.pointId,
  orderCount: bookExports.orderCount,
  totalCents: bookExports.totalCents,
  createdAt: bookExports.createdAt,
};

/** The farm's exports, newest first. */
export async function listExports(db: Db, producerUserId: number, limit: number) {
  return db
    .select(listed)
    .from(bookExports)
    .where(eq(bookExports.producerUserId, producerUserId))
    .orderBy(desc(bookExports.createdAt), desc(bookExports.id))
    .limit(limit);
}

/** One of the farm's exports with its file. */
export async function findExport(db: Db, producerUserId: number, id: number) {
  const [row] = await db
    .select({ ...listed, content: bookExports.content })
    .from(bookExports)
    .where(and(eq(bookExports.id, id), eq(bookExports.producerUserId, producerUserId)))
    .limit(1);
  return row;
}
