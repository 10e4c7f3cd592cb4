import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, users } from '../../db/schema';
import type { ItemRow, OrderRow } from './orders.repository';

/** The sales tax is written once the sale's tenders are known (a walk-up sale: decision 576). */
export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'status'
  | 'declineReason'
  | 'conversationId'
  | 'taxCents'
  | 'taxableCents'
  | 'exemptCents'
  | 'marketFeeCents'
  | 'marketOrderId'
> & { marketOrderId?: number | null };
export type NewItem = Omit<
  ItemRow,
  'id' | 'orderId' | 'reservedQuantity' | 'orderedQuantity' | 'shortReason' | 'taxCents' | 'taxClass' | 'taxableCents'
>;

/** Why the shopper limits refuse a placement: too many open orders with the farm, or in the window. */
export type LimitRefusal = { refused: 'farm' | 'window' };

type Limits = { perFarm: number; perWindow: number };

/**
 * Locks the shopper's row until the transaction ends, so that a shopper's own limits (open orders,
 * standing reservations) are counted one request after another, on every instance. `no key update`
 * leaves other writes' foreign-key checks free. A statement's snapshot is taken before its lock
 * waits, so the count is a statement of its own after this one.
 */
export async function lockShopper(tx: Db, shopperId: number): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, shopperId))
    .for('no key update')
    .prepare('orders_lock_shopper')
    .execute();
}

/**
 * Whether the shopper's open orders leave room for this one (decision 323): open orders per shopper
 * per farm, and per shopper per pickup window. Counted under the shopper's row lock (`lockShopper`),
 * so parallel placements of one account count one after the other. Runs in the placement's transaction,
 * for the sources that count them (order-placement.ts#SOURCE_RULES).
 */
export async function shopperLimitRefusal(tx: Db, order: NewOrder, limits: Limits, at: Date): Promise<LimitRefusal | null> {
  await lockShopper(tx, order.customerId);
  const open = await openOrdersWithFarm(tx, order.customerId, order.producerUserId, at);
  if (open.length >= limits.perFarm) return { refused: 'farm' };
  const inWindow = open.filter(
    (o) => o.pointId === order.pointId && o.windowStart.getTime() === order.windowStart.getTime(),
  ).length;
  return inWindow >= limits.perWindow ? { refused: 'window' } : null;
}

/**
 * The shopper's own orders still open with the farm: requested, accepted or ready, for a window that
 * has not ended, and (requests) not past their answer time. An order the producer never closed after
 * its day, or a request about to expire, does not keep the shopper out; nor does a week of a standing
 * reservation or CSA share.
 */
function openOrdersWithFarm(tx: Db, shopperId: number, producerUserId: number, at: Date) {
  return tx
    .select({ pointId: orders.pointId, windowStart: orders.windowStart })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, shopperId),
        eq(orders.producerUserId, producerUserId),
        isNull(orders.standingId),
        inArray(orders.status, ['requested', 'accepted', 'ready']),
        gt(orders.windowEnd, at),
        or(ne(orders.status, 'requested'), gt(orders.expiresAt, at)),
      ),
    )
    .prepare('orders_open_with_farm')
    .execute();
}

/** A new order with its lines and its first event ("requested", by the shopper). */
export async function insertOrder(tx: Db, order: NewOrder, items: NewItem[]): Promise<{ order: OrderRow; items: ItemRow[] }> {
  const [row] = await tx.insert(orders).values(order).returning().prepare('orders_insert').execute();
  const lines = await tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: row.id })))
    .returning()
    .prepare(`orders_insert_items_${items.length}`)
    .execute();
  await tx
    .insert(orderEvents)
    .values({
      orderId: row.id,
      toStatus: 'requested',
      actorId: order.customerId,
      actorRole: 'shopper',
      createdAt: order.createdAt,
    })
    .prepare('orders_insert_first_event')
    .execute();
  return { order: row, items: lines.sort((a, b) => a.id - b.id) };
}
