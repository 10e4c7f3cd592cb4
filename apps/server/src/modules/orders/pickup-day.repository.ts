import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, pickupPoints, pickupSettings } from '../../db/schema';

/** Orders that make a pickup day: accepted or further along to the handover (not requests, not cancelled). */
export const HANDED_OVER = ['accepted', 'ready', 'picked_up', 'no_show'] as const;
/** What closing a day (by hand or by the sweep) moves on. */
export const STILL_OPEN = ['accepted', 'ready'] as const;

/** The zone of the farm's first active place (its "today"), or null without places. */
export async function firstPlaceZone(db: Db, producerUserId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: pickupPoints.timeZone })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.producerUserId, producerUserId), eq(pickupPoints.active, true)))
    .orderBy(asc(pickupPoints.id))
    .limit(1);
  return row?.timeZone ?? null;
}

/** Days from `from` on with their zone and status counts: enough to choose the day the tab opens on. */
export async function daysFrom(db: Db, producerUserId: number, from: string) {
  return db
    .select({ date: orders.windowDate, timeZone: orders.timeZone, status: orders.status, n: count() })
    .from(orders)
    .where(and(eq(orders.producerUserId, producerUserId), eq(orders.source, 'online'), gte(orders.windowDate, from)))
    .groupBy(orders.windowDate, orders.timeZone, orders.status)
    .orderBy(asc(orders.windowDate));
}

/** The nearest day before or after `date` with orders to hand over. */
export async function neighbourDay(db: Db, producerUserId: number, date: string, side: 'previous' | 'next') {
  const [row] = await db
    .select({ date: orders.windowDate })
    .from(orders)
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        eq(orders.source, 'online'),
        inArray(orders.status, [...HANDED_OVER]),
        side === 'previous' ? lt(orders.windowDate, date) : gt(orders.windowDate, date),
      ),
    )
    .orderBy(side === 'previous' ? desc(orders.windowDate) : asc(orders.windowDate))
    .limit(1);
  return row?.date ?? null;
}

/**
 * Orders still accepted or ready whose window ended longer ago than their producer's
 * close_after_hours (12 without saved rules), with how to close them; oldest first, a bounded batch
 * per sweep (the next sweep takes the rest).
 */
export async function overdueOpenOrders(db: Db, now: Date, limit = 500) {
  const hours = sql<number>`coalesce(${pickupSettings.closeAfterHours}, 12)`.mapWith(Number);
  return db
    .select({
      id: orders.id,
      status: orders.status,
      closeAs: sql<'picked_up' | 'no_show'>`coalesce(${pickupSettings.closeAs}, 'picked_up')`,
      closeAfterHours: hours,
    })
    .from(orders)
    .leftJoin(pickupSettings, eq(pickupSettings.producerUserId, orders.producerUserId))
    .where(
      and(
        inArray(orders.status, [...STILL_OPEN]),
        lt(orders.windowEnd, now),
        sql`${orders.windowEnd} + make_interval(hours => coalesce(${pickupSettings.closeAfterHours}, 12)) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.windowEnd), asc(orders.id))
    .limit(limit);
}
