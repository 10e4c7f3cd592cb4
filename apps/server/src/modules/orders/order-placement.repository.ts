import { and, eq, gt, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, users } from '../../db/schema';
import type { ItemRow, OrderRow } from './orders.repository';

export type NewOrder = Omit<OrderRow, 'id' | 'status' | 'declineReason' | 'conversationId'>;
export type NewItem = Omit<ItemRow, 'id' | 'orderId' | 'reservedQuantity'>;

/** Why the shopper limits refuse a placement: too many open orders with the farm, or in the window. */
export type LimitRefusal = { refused: 'farm' | 'window' };

type Limits = { perFarm: number; perWindow: number };

/**
 * Whether the shopper's open orders leave room for this one (decision 323): open orders per shopper
 * per farm, and per shopper per pickup window. Counted under the shopper's row lock (`no key
 * update` leaves other writes' foreign-key checks free), so parallel placements of one account
 * count one after the other, on every instance. Runs in the placement's transaction.
 */
export async function shopperLimitRefusal(tx: Db, order: NewOrder, limits: Limits, at: Date): Promise<LimitRefusal | null> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, order.customerId)).for('no key update');
  const open = await openOrdersWithFarm(tx, order.customerId, order.producerUserId, at);
  if (open.length >= limits.perFarm) return { refused: 'farm' };
  const inWindow = open.filter(
    (o) => o.pointId === order.pointId && o.windowStart.getTime() === order.windowStart.getTime(),
  ).length;
  return inWindow >= limits.perWindow ? { refused: 'window' } : null;
}

/**
 * The shopper's orders still open with the farm: requested, accepted or ready, for a window that
 * has not ended, and (requests) not past their answer time. An order the producer never closed after
 * its day, or a request about to expire, does not keep the shopper out.
 */
function openOrdersWithFarm(tx: Db, shopperId: number, producerUserId: number, at: Date) {
  return tx
    .select({ pointId: orders.pointId, windowStart: orders.windowStart })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, shopperId),
        eq(orders.producerUserId, producerUserId),
        inArray(orders.status, ['requested', 'accepted', 'ready']),
        gt(orders.windowEnd, at),
        or(ne(orders.status, 'requested'), gt(orders.expiresAt, at)),
      ),
    );
}

/** A new order with its lines and its first event ("requested", by the shopper). */
export async function insertOrder(tx: Db, order: NewOrder, items: NewItem[]): Promise<{ order: OrderRow; items: ItemRow[] }> {
  const [row] = await tx.insert(orders).values(order).returning();
  const lines = await tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: row.id })))
    .returning();
  await tx.insert(orderEvents).values({
    orderId: row.id,
    toStatus: 'requested',
    actorId: order.customerId,
    actorRole: 'shopper',
    createdAt: order.createdAt,
  });
  return { order: row, items: lines.sort((a, b) => a.id - b.id) };
}
