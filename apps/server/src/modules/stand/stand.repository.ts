import type { StandActionResult } from '@farmstand/shared/schemas/stand';
import type { TaxClass } from '@farmstand/shared/tax/classes';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, orderTenders, producers, products, productVariants, standActions } from '../../db/schema';

/** The first result of an action already applied for the farm (decision 575), if any. */
export async function findAction(db: Db, producerUserId: number, actionId: string) {
  const [row] = await db
    .select({ result: standActions.result })
    .from(standActions)
    .where(and(eq(standActions.producerUserId, producerUserId), eq(standActions.actionId, actionId)))
    .limit(1);
  return row ? (row.result as StandActionResult) : undefined;
}

/**
 * Claims the action's id for the farm in the caller's transaction, before its effect is written:
 * answers the claim's row id, or null when the id was applied already (by an earlier request, or by
 * one running now: the unique index makes this insert wait for it to commit, then do nothing).
 */
export async function claimAction(
  tx: Db,
  values: {
    producerUserId: number;
    actionId: string;
    kind: 'sale' | 'pickup';
    device: string;
    happenedAt: Date;
    appliedAt: Date;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(standActions)
    .values({ ...values, result: {} })
    .onConflictDoNothing({ target: [standActions.producerUserId, standActions.actionId] })
    .returning({ id: standActions.id });
  return row?.id ?? null;
}

export async function saveResult(tx: Db, id: number, orderId: number | null, result: StandActionResult) {
  await tx.update(standActions).set({ orderId, result }).where(eq(standActions.id, id));
}

/** The farm's products that could be public, with their variants (the catalogue filters them by the listing rules). */
export async function farmProducts(db: Db, producerUserId: number) {
  const rows = await db
    .select({ product: products })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(and(eq(producers.userId, producerUserId), eq(products.active, true), eq(products.moderationStatus, 'approved')))
    .orderBy(asc(products.name), asc(products.id));
  const ids = rows.map((r) => r.product.id);
  const variants =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(productVariants)
          .where(and(inArray(productVariants.productId, ids), eq(productVariants.active, true)))
          .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map(({ product }) => ({ product, variants: variants.filter((v) => v.productId === product.id) }));
}

/** The farm's accepted and ready orders of some local dates (today's pickups, filtered by each place's zone by the caller). */
export async function pickupsOn(db: Db, producerUserId: number, dates: string[]) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        inArray(orders.windowDate, dates),
        inArray(orders.status, ['accepted', 'ready']),
        eq(orders.source, 'online'),
      ),
    )
    .orderBy(asc(orders.windowStart), asc(orders.shopperName), asc(orders.id));
  const ids = rows.map((r) => r.id);
  const items =
    ids.length === 0
      ? []
      : await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
  return rows.map((order) => ({ order, items: items.filter((i) => i.orderId === order.id) }));
}

/**
 * The day's books (issue 47 item 6): the farm's walk-up sales of the local date and its pickup
 * orders handed over that day (picked up, for that pickup day), with their recorded tenders.
 */
export async function salesOfDay(db: Db, producerUserId: number, date: string) {
  return db
    .select({ order: orders, tenders: orderTenders })
    .from(orders)
    .leftJoin(orderTenders, eq(orderTenders.orderId, orders.id))
    .where(and(eq(orders.producerUserId, producerUserId), eq(orders.windowDate, date), eq(orders.status, 'picked_up')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The tax class of each product (decision 576), read when a sale is rung up. */
export async function taxClasses(db: Db, productIds: number[]): Promise<Map<number, TaxClass>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, taxClass: products.taxClass })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.taxClass]));
}
