import { PICKUP_TIME_ZONES } from '@farmstand/shared/constants/time-zones';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type { CloseDayResponse, PickupDayResponse } from '@farmstand/shared/schemas/pickup-day';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { refusal } from './orders.policy';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';
import { announceMove, applyMove, expireOverdue } from './orders.service';
import * as days from './pickup-day.repository';

/** A farm without places counts its days in the region's first zone (decision 500). */
const DEFAULT_ZONE = PICKUP_TIME_ZONES[0];
/** More orders than a farm hands over in one day; the day view shows them all. */
const DAY_LIMIT = 1000;

const isOpen = (status: string) => (days.STILL_OPEN as readonly string[]).includes(status);
const isHandedOver = (status: string) => (days.HANDED_OVER as readonly string[]).includes(status);

/**
 * The day the Orders tab opens on, each order's "today" taken in its own place's zone: the current
 * pickup day if it has orders to hand over; else the next day with accepted or ready orders; else
 * the next with any open order (requests alone); else today.
 */
function openingDay(rows: Awaited<ReturnType<typeof days.daysFrom>>, now: Date, today: string): string {
  const todayIn = (zone: string) => localDate(now, zone);
  const first = (keep: (row: (typeof rows)[number]) => boolean) => rows.find(keep)?.date;
  return (
    first((r) => isHandedOver(r.status) && r.date === todayIn(r.timeZone)) ??
    first((r) => isOpen(r.status) && r.date > todayIn(r.timeZone)) ??
    first((r) => (isOpen(r.status) || r.status === 'requested') && r.date >= todayIn(r.timeZone)) ??
    today
  );
}

/** One pickup day of the producer's farm: its orders (requests aside) and the days around it. */
export async function pickupDay(ctx: AppContext, producer: AuthUser, date: string | undefined): Promise<PickupDayResponse> {
  await expireOverdue(ctx, { producerUserId: producer.id });
  const now = ctx.clock.now();
  const zone = (await days.firstPlaceZone(ctx.db, producer.id)) ?? DEFAULT_ZONE;
  const today = localDate(now, zone);
  // The earliest "today" of any of the region's zones: no place's current day starts before it.
  const earliest = PICKUP_TIME_ZONES.map((z) => localDate(now, z)).sort()[0];
  const day = date ?? openingDay(await days.daysFrom(ctx.db, producer.id, earliest), now, today);
  const [{ rows }, previous, next] = await Promise.all([
    repo.listFiltered(ctx.db, { producerUserId: producer.id, from: day, to: day, source: 'online' }, DAY_LIMIT, 0, false),
    days.neighbourDay(ctx.db, producer.id, day, 'previous'),
    days.neighbourDay(ctx.db, producer.id, day, 'next'),
  ]);
  return {
    date: day,
    today,
    time_zone: zone,
    previous,
    next,
    orders: rows.filter((r) => r.status !== 'requested').map((r) => presentOrder(r, 'producer', now)),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Closes a pickup day in one transaction: every order of the day still accepted or ready becomes
 * picked up, except the chosen no-shows. Any refused move (a no-show before its window started)
 * refuses the whole batch before anything is written; an order already handled, or changed a moment
 * ago by someone else, is left as it is and reported as skipped.
 */
export async function closeDay(
  ctx: AppContext,
  producer: AuthUser,
  date: string,
  noShowIds: number[],
): Promise<CloseDayResponse> {
  await expireOverdue(ctx, { producerUserId: producer.id });
  const at = ctx.clock.now();
  const { rows } = await repo.listFiltered(
    ctx.db,
    { producerUserId: producer.id, from: date, to: date, source: 'online' },
    DAY_LIMIT,
    0,
    false,
  );
  const ofDay = new Map(rows.map((r) => [r.id, r]));
  const noShows = new Set(noShowIds);
  const strangers = [...noShows].filter((id) => !ofDay.has(id));
  if (strangers.length > 0) {
    throw notFound(
      `${strangers.map((id) => `Order #${id}`).join(', ')} ${strangers.length === 1 ? 'is' : 'are'} not among your orders for ${formatDateOnly(date)}; reload the day and try again`,
    );
  }
  const moves = rows
    .filter((r) => isOpen(r.status))
    .map((r) => ({ order: r, to: noShows.has(r.id) ? 'no_show' : 'picked_up' }) as const);
  for (const { order, to } of moves) {
    const refused = refusal(order, 'producer', to, at, order.timeZone);
    if (refused) throw refused;
  }
  const skipped = [...noShows].filter((id) => !isOpen(ofDay.get(id)?.status ?? ''));

  const moved = await ctx.db.transaction(async (tx) => {
    const done: typeof moves = [];
    for (const move of moves) {
      if (await applyMove(tx, move.order, move.to, at, { id: producer.id, role: 'producer' }, null)) done.push(move);
      else skipped.push(move.order.id);
    }
    return done;
  });

  for (const { order } of moved) {
    const updated = await repo.findOrder(ctx.db, order.id);
    if (updated) await announceMove(ctx, updated, order.status, 'producer', null);
  }
  const pickedUp = moved.filter((m) => m.to === 'picked_up').map((m) => m.order.id);
  const noShow = moved.filter((m) => m.to === 'no_show').map((m) => m.order.id);
  const message =
    moved.length === 0
      ? `Nothing was left to close on ${formatDateOnly(date)}`
      : `Closed ${formatDateOnly(date)}: ${plural(pickedUp.length, 'order')} picked up, ${plural(noShow.length, 'no-show')}`;
  return { message, picked_up: pickedUp, no_show: noShow, skipped: skipped.sort((a, b) => a - b) };
}

/**
 * The sweep's auto-close: orders still accepted or ready `close_after_hours` after their window
 * ended become picked up or no-shows, the producer's choice. Each order in its own transaction with
 * a conditional update (applyMove), so of two instances sweeping at once only one moves and
 * announces an order.
 */
export async function closeOverdue(ctx: AppContext, now: Date): Promise<number> {
  let closed = 0;
  for (const row of await days.overdueOpenOrders(ctx.db, now)) {
    const reason = `Closed automatically ${plural(row.closeAfterHours, 'hour')} after the pickup time`;
    const moved = await ctx.db.transaction((tx) => applyMove(tx, row, row.closeAs, now, { id: null, role: 'system' }, reason));
    if (!moved) continue;
    closed += 1;
    const order = await repo.findOrder(ctx.db, row.id);
    if (order) await announceMove(ctx, order, row.status, 'system', reason);
  }
  return closed;
}
