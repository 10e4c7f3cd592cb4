import { addDaysToDate, daysBetweenDates, todayDateOnly } from '@farmstand/shared/format/date-only';
import { lineName } from '@farmstand/shared/format/quantity';
import {
  type ChangeStandingRequest,
  cadenceLabel,
  type MakeStandingRequest,
  SKIP_LINK_INVALID,
  type SkipLinkInfo,
  STANDING_LIMITS,
  type Standing,
  type StandingResponse,
  standingSkipPagePath,
} from '@farmstand/shared/schemas/standing';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { claimNotice } from '../../jobs/runs';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { makeUnsubscribeToken, readUnsubscribeToken } from '../../lib/unsubscribe-token';
import type { AuthUser } from '../../plugins/auth';
import { findUserWithSubscription } from '../auth/auth.repository';
import { findBox } from '../csa/csa.repository';
import { when } from '../orders/order-mail';
import { findOrderRow } from '../orders/orders.repository';
import { moveOrder, placeOrder, unorderableLines } from '../orders/orders.service';
import { resolveWindow } from '../pickup/pickup.service';
import { zonedTime } from '../pickup/windows';
import { heldOn, lookAheadDays, mondayOf, offFor, onCadence, pauseEnd, slotOf, timingOf, windowsAhead } from './standing.policy';
import { presentStanding } from './standing.presenter';
import * as repo from './standing.repository';

type MakeInput = z.output<typeof MakeStandingRequest>;
type ChangeInput = z.output<typeof ChangeStandingRequest>;

/**
 * Standing reservations (decision 514): a reservation repeated every 1, 2 or 4 weeks. The sweep
 * places each window's order at the farm's lead time before the cut-off, through the same placing
 * as a basket (`placeOrder`), gated under the standing reservation's row lock and keyed by
 * (standing id, window start) on orders: one order per window, however many instances sweep.
 */

const SKIP_SCOPE = 'standing-skip';
/** The job_notices kind that keeps each window's reminder to one. */
export const REMINDER = 'standing-reminder';
const MINUTE_MS = 60_000;

/** The place with its schedule and the farm's order rules, or null when the place was removed. */
async function placeOf(ctx: AppContext, pointId: number | null) {
  if (pointId === null) return null;
  const found = await ctx.reads.pickupPoint(pointId);
  return found?.point.active ? found : null;
}

async function present(ctx: AppContext, row: repo.StandingWithFarm): Promise<Standing> {
  const place = await placeOf(ctx, row.pointId);
  const now = ctx.clock.now();
  const records = await repo.windowRecords(ctx.db, [row.id], now);
  const names = await repo.lineNames(
    ctx.db,
    row.items.map((line) => line.productId),
    row.items.flatMap((line) => (line.variantId === null ? [] : [line.variantId])),
  );
  return presentStanding(row, { place, records, names, now });
}

// ---------------------------------------------------------------- the shopper

export async function makeStanding(ctx: AppContext, shopper: AuthUser, input: MakeInput): Promise<StandingResponse> {
  if (input.producerUserId === shopper.id) throw forbidden('You cannot reserve your own products');
  const window = await resolveWindow(ctx, input.producerUserId, input.pointId, new Date(input.startsAt));
  if (window.point.kind === 'delivery')
    throw badRequest('Delivery days cannot repeat yet; choose a pickup place for a standing reservation', 'pointId');
  const [y, m, d] = window.occurrence.date.split('-').map(Number);
  const slot = window.point.schedule.find(
    (s) =>
      s.weekday === new Date(Date.UTC(y, m - 1, d)).getUTCDay() &&
      zonedTime(y, m, d, s.startTime, window.point.timeZone).getTime() === window.occurrence.startsAt.getTime(),
  );
  if (!slot)
    throw badRequest('That pickup time is not on the place’s weekly schedule; choose one of the listed times', 'startsAt');
  if (input.endDate !== null && input.endDate < window.occurrence.date)
    throw badRequest('The last date cannot be before the first pickup', 'endDate');
  const keys = input.items.map((line) => `${line.productId}:${line.variantId ?? ''}`);
  if (new Set(keys).size !== keys.length)
    throw badRequest('Each product (or variant) can be in the basket once; change its quantity instead', 'items');
  const refused = await unorderableLines(ctx, input.producerUserId, input.items, window.occurrence.date);
  if (refused.size === input.items.length) throw badRequest(refused.values().next().value as string, 'items');
  if ((await repo.countActiveWithFarm(ctx.db, shopper.id, input.producerUserId)) >= STANDING_LIMITS.perShopperPerFarm)
    throw conflict(
      `You already have ${STANDING_LIMITS.perShopperPerFarm} standing reservations with this farm; change or cancel one instead`,
    );
  const first = input.fromOrderId === null ? null : await firstOrderOf(ctx, shopper, input, window.occurrence.startsAt);

  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertStanding(tx, {
      customerId: shopper.id,
      producerUserId: input.producerUserId,
      pointId: window.point.id,
      pointName: window.point.name,
      weekday: slot.weekday,
      startTime: slot.startTime,
      everyWeeks: input.everyWeeks,
      startDate: window.occurrence.date,
      endDate: input.endDate,
      items: input.items.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity })),
      shopperName: input.shopperName,
      shopperPhone: input.shopperPhone ?? shopper.phone ?? null,
      note: input.note,
    });
    if (first) await repo.linkOrder(tx, first, created.id);
    return created;
  });
  const standing = await present(ctx, (await repo.findStanding(ctx.db, row.id)) as repo.StandingWithFarm);
  const left = refused.size === 0 ? '' : ` This week leaves out: ${[...refused.values()].join('; ')}.`;
  return {
    standing,
    message: `Standing reservation made: ${cadenceLabel(input.everyWeeks).toLowerCase()} at ${window.point.name}. Each order is placed ${window.settings.standingLeadHours} hours before orders close, and we e-mail you 2 days before so you can skip a week.${left}`,
  };
}

/** The shopper's own open order for that first window, to become the first of the series. */
async function firstOrderOf(ctx: AppContext, shopper: AuthUser, input: MakeInput, startsAt: Date): Promise<number> {
  const order = await findOrderRow(ctx.db, input.fromOrderId as number);
  if (
    !order ||
    order.customerId !== shopper.id ||
    order.producerUserId !== input.producerUserId ||
    order.pointId !== input.pointId ||
    order.windowStart.getTime() !== startsAt.getTime() ||
    !['requested', 'accepted', 'ready'].includes(order.status) ||
    order.standingId !== null
  )
    throw badRequest(
      'That order cannot start this standing reservation: it is for another place or time, or no longer open',
      'fromOrderId',
    );
  return order.id;
}

async function ownStanding(ctx: AppContext, user: AuthUser, id: number, as: 'shopper' | 'producer' | 'reader') {
  const row = await repo.findStanding(ctx.db, id);
  const mine =
    row &&
    (as === 'shopper'
      ? row.customerId === user.id
      : as === 'producer'
        ? row.producerUserId === user.id
        : row.customerId === user.id || row.producerUserId === user.id || user.userType === 'admin');
  if (!row || !mine) throw notFound('Standing reservation not found');
  return row;
}

function assertActive(row: repo.StandingRow) {
  if (row.status !== 'active')
    throw conflict(
      row.status === 'ended'
        ? `The farm ended this standing reservation${row.endReason ? `: ${row.endReason}` : ''}`
        : 'This standing reservation is cancelled',
    );
}

export async function getStanding(ctx: AppContext, user: AuthUser, id: number): Promise<Standing> {
  return present(ctx, await ownStanding(ctx, user, id, 'reader'));
}

export async function listMine(ctx: AppContext, user: AuthUser) {
  const rows = await repo.listOfCustomer(ctx.db, user.id);
  return { standing: await Promise.all(rows.map((row) => present(ctx, row))) };
}

export async function listReceived(ctx: AppContext, producer: AuthUser) {
  const rows = await repo.listOfProducer(ctx.db, producer.id);
  return { standing: await Promise.all(rows.map((row) => present(ctx, row))) };
}

async function answer(ctx: AppContext, id: number, message: string): Promise<StandingResponse> {
  return { standing: await present(ctx, (await repo.findStanding(ctx.db, id)) as repo.StandingWithFarm), message };
}

export async function changeStanding(ctx: AppContext, shopper: AuthUser, id: number, input: ChangeInput) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  assertActive(row);
  if (input.endDate !== null && input.endDate < row.startDate)
    throw badRequest('The last date cannot be before the first pickup', 'endDate');
  if (input.items) {
    const keys = input.items.map((line) => `${line.productId}:${line.variantId ?? ''}`);
    if (new Set(keys).size !== keys.length)
      throw badRequest('Each product (or variant) can be in the basket once; change its quantity instead', 'items');
    const today = todayDateOnly(ctx.clock.now());
    const refused = await unorderableLines(ctx, row.producerUserId, input.items, today);
    const unknown = [...refused.values()].find((reason) => reason.includes('no longer listed'));
    if (unknown) throw badRequest(unknown, 'items');
  }
  await repo.updateStanding(ctx.db, id, {
    ...(input.items
      ? { items: input.items.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })) }
      : {}),
    ...(input.everyWeeks === undefined ? {} : { everyWeeks: input.everyWeeks }),
    endDate: input.endDate,
  });
  return answer(ctx, id, 'Standing reservation changed: orders not yet placed follow the change.');
}

/**
 * Skips one window before its cut-off. The standing reservation's row is locked, so a skip and the
 * sweep placing that window run one after the other: if the order was placed already, it is
 * cancelled (stock given back), else the window is recorded as skipped and never placed.
 */
async function skipWindow(
  ctx: AppContext,
  row: repo.StandingRow,
  startsAt: Date,
  actor: AuthUser | null,
): Promise<'skipped' | 'already'> {
  const place = await placeOf(ctx, row.pointId);
  const slot = place && slotOf(place.point.schedule, row);
  const now = ctx.clock.now();
  if (!place || !slot) throw conflict('This pickup time is no longer on the farm’s schedule: there is nothing to skip');
  const window = windowsAhead(row, slot, place.point.timeZone, new Date(startsAt.getTime() - MINUTE_MS), 1).find(
    (o) => o.startsAt.getTime() === startsAt.getTime(),
  );
  if (!window) throw badRequest('That is not one of this standing reservation’s pickup times', 'startsAt');
  const { cutoffAt } = timingOf(startsAt, place.settings);
  if (cutoffAt.getTime() <= now.getTime())
    throw conflict(
      `Orders for ${when(startsAt, place.point.timeZone)} closed at ${when(cutoffAt, place.point.timeZone)}; message the farm instead`,
    );
  const orderToCancel = await ctx.db.transaction(async (tx) => {
    await repo.lockStanding(tx, row.id);
    const placed = await repo.findPlacedOrder(tx, row.id, startsAt);
    const recorded = await repo.recordWindow(tx, row.id, startsAt, 'skipped', null);
    if (!recorded) {
      const record = await repo.findRecord(tx, row.id, startsAt);
      if (record?.state === 'skipped' && !placed) return 'already' as const;
    }
    return placed && ['requested', 'accepted', 'ready'].includes(placed.status) ? placed.id : null;
  });
  if (orderToCancel === 'already') return 'already';
  if (orderToCancel !== null) {
    const customer = actor ?? (await findUserWithSubscription(ctx.db, row.customerId));
    if (customer)
      await moveOrder(ctx, customer, orderToCancel, {
        to: 'cancelled',
        reason: 'Skipped this week (standing reservation)',
      }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
  }
  return 'skipped';
}

export async function skip(ctx: AppContext, shopper: AuthUser, id: number, startsAt: Date) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  assertActive(row);
  await skipWindow(ctx, row, startsAt, shopper);
  return answer(ctx, id, 'Skipped: no order for that pickup.');
}

/** Takes a skip back, before the cut-off: the sweep places the window again (at once if it is due). */
export async function unskip(ctx: AppContext, shopper: AuthUser, id: number, startsAt: Date) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  assertActive(row);
  const place = await placeOf(ctx, row.pointId);
  const record = await repo.findRecord(ctx.db, id, startsAt);
  if (!place || record?.state !== 'skipped') throw conflict('That pickup is not skipped');
  // Its order was placed and cancelled by the skip: one order per window, so it is reserved again by hand.
  if (await repo.findPlacedOrder(ctx.db, id, startsAt))
    throw conflict('That pickup’s order was already placed and cancelled; reserve it again from the farm’s page');
  if (timingOf(startsAt, place.settings).cutoffAt.getTime() <= ctx.clock.now().getTime())
    throw conflict('Orders for that pickup have closed');
  await repo.deleteRecord(ctx.db, id, startsAt);
  await runStandingOrders(ctx, ctx.clock.now(), [id]);
  return answer(ctx, id, 'That pickup is back on.');
}

export async function pause(ctx: AppContext, shopper: AuthUser, id: number, weeks: number) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  assertActive(row);
  const place = await placeOf(ctx, row.pointId);
  const today = todayDateOnly(ctx.clock.now(), place?.point.timeZone);
  await repo.updateStanding(ctx.db, id, { pausedUntil: pauseEnd(today, weeks) });
  return answer(
    ctx,
    id,
    `Paused for ${weeks} ${weeks === 1 ? 'week' : 'weeks'}. Orders already placed stay; cancel them from their page if you need to.`,
  );
}

export async function hold(ctx: AppContext, shopper: AuthUser, id: number, from: string, to: string) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  assertActive(row);
  if (to < from) throw badRequest('The last day away cannot be before the first', 'to');
  await repo.updateStanding(ctx.db, id, { awayFrom: from, awayTo: to });
  return answer(
    ctx,
    id,
    'Away dates saved: no orders for pickups in them. Orders already placed stay; cancel them from their page if you need to.',
  );
}

export async function resume(ctx: AppContext, shopper: AuthUser, id: number) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  assertActive(row);
  await repo.updateStanding(ctx.db, id, { pausedUntil: null, awayFrom: null, awayTo: null });
  return answer(ctx, id, 'Resumed: the next pickups are placed as usual.');
}

export async function cancel(ctx: AppContext, shopper: AuthUser, id: number) {
  const row = await ownStanding(ctx, shopper, id, 'shopper');
  if (row.status === 'cancelled') return answer(ctx, id, 'This standing reservation is cancelled.');
  assertActive(row);
  await repo.updateStanding(ctx.db, id, { status: 'cancelled' });
  return answer(
    ctx,
    id,
    'Standing reservation cancelled: no more orders will be placed. Orders already placed stay; cancel them from their page if you need to.',
  );
}

// ---------------------------------------------------------------- the farm

export async function end(ctx: AppContext, producer: AuthUser, id: number, reason: string) {
  const row = await ownStanding(ctx, producer, id, 'producer');
  assertActive(row);
  await repo.updateStanding(ctx.db, id, { status: 'ended', endReason: reason });
  const email = await repo.userEmail(ctx.db, row.customerId);
  if (email)
    await ctx.mailer
      .send({
        to: email,
        subject: `${row.farmName} ended your standing reservation`,
        text: [
          `${row.farmName} ended your standing reservation (${cadenceLabel(row.everyWeeks).toLowerCase()} at ${row.pointName}):`,
          reason,
          '',
          'Orders already placed stay as they are. You can still reserve one week at a time.',
          `Your orders: ${ctx.config.publicUrl}/orders`,
        ].join('\n'),
      })
      .catch((error: unknown) => console.error('standing mail failed', error));
  return answer(ctx, id, 'Standing reservation ended; the shopper was told why.');
}

// ---------------------------------------------------------------- the sweep

/**
 * Places every window that is due (its lead time before the cut-off reached, the cut-off not yet),
 * and sends the 48-hour reminders. Idempotent: a repeated or parallel sweep finds each window
 * placed or recorded and does nothing twice.
 */
export async function runStandingOrders(ctx: AppContext, now: Date, only?: number[]) {
  const due = await dueWindows(ctx, now, only);
  const ids = [...new Set(due.map((d) => d.row.id))];
  const records = new Map(
    (await repo.windowRecords(ctx.db, ids, now)).map((r) => [`${r.standingId}@${r.windowStart.getTime()}`, r.state]),
  );
  const remindedAlready = await repo.remindedWindows(ctx.db, ids, now);
  let reminded = 0;
  let placed = 0;
  let missed = 0;
  for (const window of due) {
    const key = `${window.row.id}@${window.startsAt.getTime()}`;
    if (window.remindsAt <= now && !remindedAlready.has(key) && records.get(key) !== 'skipped')
      if (await remind(ctx, window)) reminded++;
    if (window.placesAt > now || records.has(key)) continue;
    const outcome = await placeWindow(ctx, window);
    if (outcome === 'placed') placed++;
    if (outcome === 'missed') missed++;
  }
  return { placed, missed, reminded };
}

type Place = NonNullable<Awaited<ReturnType<typeof placeOf>>>;
type Due = {
  row: repo.StandingWithFarm;
  startsAt: Date;
  date: string;
  cutoffAt: Date;
  placesAt: Date;
  remindsAt: Date;
  place: Place;
};

/**
 * Windows of active standing reservations whose reminder or placing time has come and whose
 * cut-off has not (held, paused and a plan's weeks off left out). Each place is read once.
 */
async function dueWindows(ctx: AppContext, now: Date, only?: number[]): Promise<Due[]> {
  const rows = (await repo.listActive(ctx.db)).filter((row) => !only || only.includes(row.id));
  // Read together, the places are one query (the per-turn loader of ctx.reads.pickupPoint).
  const pointIds = [...new Set(rows.map((row) => row.pointId))];
  const places = new Map(await Promise.all(pointIds.map(async (id) => [id, await placeOf(ctx, id)] as const)));
  const due: Due[] = [];
  for (const row of rows) {
    const place = places.get(row.pointId);
    const slot = place && slotOf(place.point.schedule, row);
    if (!place || !slot) continue;
    for (const window of windowsAhead(row, slot, place.point.timeZone, now, lookAheadDays(place.settings))) {
      const timing = timingOf(window.startsAt, place.settings);
      const first = Math.min(timing.placesAt.getTime(), timing.remindsAt.getTime());
      if (timing.cutoffAt.getTime() <= now.getTime() || first > now.getTime()) continue;
      if (heldOn(row, window.date) || offFor(row.plan, window.date)) continue;
      due.push({ row, startsAt: window.startsAt, date: window.date, ...timing, place });
    }
  }
  return due;
}

/** The gate inside the order's transaction: the reservation still active, the window neither skipped nor placed. */
const gateOf =
  (standingId: number) =>
  async (tx: Db, windowStart: Date): Promise<void> => {
    const locked = await repo.lockStanding(tx, standingId);
    if (locked?.status !== 'active') throw new StandingStop('stopped');
    if ((await repo.findRecord(tx, standingId, windowStart)) || (await repo.findPlacedOrder(tx, standingId, windowStart)))
      throw new StandingStop('done');
  };

class StandingStop extends Error {}

/** Places one window's order; what cannot be filled is left out and said so, in the order's note and by mail. */
async function placeWindow(ctx: AppContext, window: Due): Promise<'placed' | 'missed' | 'none'> {
  const { row } = window;
  const shopper = await findUserWithSubscription(ctx.db, row.customerId);
  if (!shopper) return 'none';
  const member = row.plan ? await memberWeek(ctx, row, row.plan, window.date) : null;
  const wanted = member ? member.lines : row.items;
  const refused = await unorderableLines(ctx, row.producerUserId, wanted, window.date);
  const names = await repo.lineNames(
    ctx.db,
    wanted.map((l) => l.productId),
    wanted.flatMap((l) => (l.variantId === null ? [] : [l.variantId])),
  );
  const leftOut = [...refused.entries()].map(([index, reason]) => {
    const line = wanted[index];
    const name = lineName(
      names.products.get(line.productId)?.name ?? 'A product',
      line.variantId === null ? null : (names.variants.get(line.variantId)?.name ?? null),
    );
    return reason.includes(name) ? reason : `${name}: ${reason}`;
  });
  const items = wanted.filter((_, index) => !refused.has(index));
  const standingNote = `${member ? member.note : `Standing reservation (${cadenceLabel(row.everyWeeks).toLowerCase()})`}${leftOut.length ? `. Left out this week: ${leftOut.join('; ')}` : ''}`;
  const note = [standingNote, row.note].filter(Boolean).join('. ').slice(0, 1000);
  let reason: string | null = null;
  let orderId: number | null = null;
  if (items.length === 0 && !member) reason = `Nothing could be reserved: ${leftOut.join('; ')}`;
  else {
    try {
      const result = await placeOrder(
        ctx,
        shopper,
        {
          producerUserId: row.producerUserId,
          pointId: row.pointId as number,
          startsAt: window.startsAt.toISOString(),
          items,
          shopperName: row.shopperName,
          shopperPhone: row.shopperPhone,
          deliveryAddress: null,
          note,
        },
        { standing: { id: row.id, gate: gateOf(row.id) }, box: member?.box },
      );
      orderId = result.order.id;
    } catch (error) {
      if (error instanceof StandingStop) return 'none';
      // The unique (standing id, window) on orders: another instance placed it a moment ago.
      if (isUniqueViolation(error)) return 'none';
      if (!(error instanceof AppError)) throw error;
      reason = error.message;
    }
  }
  if (orderId === null) {
    if (!(await repo.recordWindow(ctx.db, row.id, window.startsAt, 'missed', reason))) return 'none';
    await mailShopper(
      ctx,
      row,
      `Your ${row.farmName} order for ${when(window.startsAt, window.place.point.timeZone)} could not be placed`,
      [
        `Your standing reservation at ${row.pointName} could not be placed this time:`,
        reason ?? '',
        '',
        `You can still reserve for that pickup yourself, or message ${row.farmName}: ${ctx.config.publicUrl}/producer/${row.producerUserId}`,
      ],
    );
    return 'missed';
  }
  // A CSA share is agreed for the season: its week is accepted at once, taking the box's items from stock.
  if (member || window.place.settings.standingAccept) {
    const producer = await findUserWithSubscription(ctx.db, row.producerUserId);
    // Accepting takes the stock; if it ran short meanwhile the order stays a request for the farm.
    if (producer) await moveOrder(ctx, producer, orderId, { to: 'accepted', reason: null }).catch(() => undefined);
  }
  if (leftOut.length > 0)
    await mailShopper(
      ctx,
      row,
      `Your ${row.farmName} order for ${when(window.startsAt, window.place.point.timeZone)}: some items left out`,
      [
        `Your standing reservation was placed as order #${orderId}, without:`,
        ...leftOut.map((line) => `- ${line}`),
        '',
        `See it: ${ctx.config.publicUrl}/orders/${orderId}`,
      ],
    );
  return 'placed';
}

/** A CSA member's week: the share at its size's price, and that week's box items in the member's size. */
async function memberWeek(ctx: AppContext, row: repo.StandingRow, plan: repo.PlanRow, date: string) {
  const size = plan.sizes[row.planSize ?? 0] ?? plan.sizes[0];
  const box = await findBox(ctx.db, plan.id, mondayOf(date));
  const lines = (box?.items ?? []).flatMap((item) => {
    const quantity = item.quantities[row.planSize ?? 0] ?? 0;
    return quantity > 0 ? [{ productId: item.productId, variantId: item.variantId, quantity }] : [];
  });
  const note = [
    `CSA share: ${plan.name}, ${size.name}`,
    row.dislikes ? `Dislikes: ${row.dislikes}` : null,
    box ? null : 'This week’s box was not posted before the order was placed',
  ]
    .filter(Boolean)
    .join('. ');
  return { lines, box: { name: `${plan.name} (${size.name})`, price: size.price }, note };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || String((error as Error).message).includes('orders_standing_window_idx'));

async function mailShopper(ctx: AppContext, row: repo.StandingRow, subject: string, lines: string[]) {
  const email = await repo.userEmail(ctx.db, row.customerId);
  if (!email) return;
  await ctx.mailer
    .send({ to: email, subject, text: lines.join('\n') })
    .catch((error: unknown) => console.error('standing mail failed', error));
}

// ---------------------------------------------------------------- the reminder and its skip link

export const skipToken = (ctx: AppContext, standingId: number, startsAt: Date) =>
  makeUnsubscribeToken(ctx.config.jwtSecret, SKIP_SCOPE, [standingId, Math.round(startsAt.getTime() / MINUTE_MS)]);

/** 48 hours before a window's cut-off: the shopper's reminder with a skip link and a link to change it; once per window. */
async function remind(ctx: AppContext, window: Due): Promise<boolean> {
  const { row, place } = window;
  if (!(await claimNotice(ctx.db, REMINDER, row.id, window.startsAt.toISOString()))) return false;
  const zone = place.point.timeZone;
  const lines = row.plan
    ? [`- your ${row.plan.sizes[row.planSize ?? 0]?.name ?? ''} ${row.plan.name} share`]
    : await lineList(ctx, row.items);
  const token = skipToken(ctx, row.id, window.startsAt);
  await mailShopper(ctx, row, `Your standing order from ${row.farmName} for ${when(window.startsAt, zone)}`, [
    `Your standing reservation at ${row.pointName} is placed for ${when(window.startsAt, zone)}:`,
    ...lines,
    '',
    `Skip this week (no sign-in needed; works until orders close ${when(window.cutoffAt, zone)}): ${ctx.config.publicUrl}${standingSkipPagePath(token)}`,
    `Change, pause or cancel it: ${ctx.config.publicUrl}/orders?tab=standing`,
  ]);
  return true;
}

async function lineList(ctx: AppContext, items: repo.StandingRow['items']): Promise<string[]> {
  const names = await repo.lineNames(
    ctx.db,
    items.map((l) => l.productId),
    items.flatMap((l) => (l.variantId === null ? [] : [l.variantId])),
  );
  return items.map(
    (l) =>
      `- ${l.quantity} × ${lineName(names.products.get(l.productId)?.name ?? 'A product', l.variantId === null ? null : (names.variants.get(l.variantId)?.name ?? null))}`,
  );
}

function readSkipToken(ctx: AppContext, token: string) {
  const ids = readUnsubscribeToken(ctx.config.jwtSecret, SKIP_SCOPE, token, 2);
  if (!ids) throw badRequest(SKIP_LINK_INVALID);
  return { standingId: ids[0], startsAt: new Date(ids[1] * MINUTE_MS) };
}

/** What a skip link would skip, and whether it still can. */
export async function skipLinkInfo(ctx: AppContext, token: string): Promise<SkipLinkInfo> {
  const { standingId, startsAt } = readSkipToken(ctx, token);
  const row = await repo.findStanding(ctx.db, standingId);
  if (!row) throw notFound('This standing reservation no longer exists');
  const place = await placeOf(ctx, row.pointId);
  const zone = place?.point.timeZone ?? 'America/New_York';
  const cutoffAt = timingOf(startsAt, place?.settings ?? { cutoffHours: 0, standingLeadHours: 0 }).cutoffAt;
  const record = await repo.findRecord(ctx.db, standingId, startsAt);
  const names = await repo.lineNames(
    ctx.db,
    row.items.map((l) => l.productId),
    row.items.flatMap((l) => (l.variantId === null ? [] : [l.variantId])),
  );
  const state =
    record?.state === 'skipped'
      ? 'used'
      : cutoffAt.getTime() <= ctx.clock.now().getTime() || row.status !== 'active'
        ? 'expired'
        : 'valid';
  const at = when(startsAt, zone);
  return {
    farm_name: row.farmName,
    place: row.pointName,
    starts_at: startsAt.toISOString(),
    cutoff_at: cutoffAt.toISOString(),
    time_zone: zone,
    items: row.items.map(
      (l) =>
        `${l.quantity} × ${lineName(names.products.get(l.productId)?.name ?? 'A product', l.variantId === null ? null : (names.variants.get(l.variantId)?.name ?? null))}`,
    ),
    state,
    standing_id: row.id,
    message:
      state === 'used'
        ? `This link was used: ${at} is skipped.`
        : state === 'expired'
          ? `This link has expired: orders for ${at} closed at ${when(cutoffAt, zone)}. Message ${row.farmName} if you can’t come.`
          : `Skip ${at} at ${row.pointName}? The next weeks stay as they are.`,
  };
}

/** The link's one action: skip that window of that standing reservation, once, before its cut-off. */
export async function skipByLink(ctx: AppContext, token: string): Promise<SkipLinkInfo> {
  const info = await skipLinkInfo(ctx, token);
  if (info.state === 'used') throw new AppError(410, info.message);
  if (info.state === 'expired') throw new AppError(410, info.message);
  const { standingId, startsAt } = readSkipToken(ctx, token);
  const row = (await repo.findStanding(ctx.db, standingId)) as repo.StandingWithFarm;
  if ((await skipWindow(ctx, row, startsAt, null)) === 'already')
    throw new AppError(410, (await skipLinkInfo(ctx, token)).message);
  const zone = info.time_zone;
  return { ...info, state: 'used', message: `Skipped: no order for ${when(startsAt, zone)}. The next weeks stay as they are.` };
}

// ---------------------------------------------------------------- the farm's demand view

/** Units wanted per product, place and weekly time over the next 8 weeks, from active standing reservations. */
export async function demand(ctx: AppContext, producer: AuthUser) {
  const now = ctx.clock.now();
  const rows = (await repo.listOfProducer(ctx.db, producer.id)).filter((row) => row.status === 'active');
  const records = await repo.windowRecords(
    ctx.db,
    rows.map((r) => r.id),
    now,
  );
  const skipped = new Set(records.filter((r) => r.state !== 'placed').map((r) => `${r.standingId}@${r.windowStart.getTime()}`));
  const firstZone = rows.length ? ((await placeOf(ctx, rows[0].pointId))?.point.timeZone ?? undefined) : undefined;
  const today = todayDateOnly(now, firstZone);
  const monday = mondayOf(today);
  const weeks = Array.from({ length: STANDING_LIMITS.demandWeeks }, (_, i) => addDaysToDate(monday, 7 * i));
  const table = new Map<
    string,
    {
      key: string;
      product_id: number;
      variant_id: number | null;
      point_id: number | null;
      place: string;
      weekday: number;
      start: string;
      quantities: number[];
    }
  >();
  const ids = new Set<number>();
  const variantIds = new Set<number>();
  for (const row of rows) {
    const place = await placeOf(ctx, row.pointId);
    const slot = place && slotOf(place.point.schedule, row);
    if (!place || !slot) continue;
    for (const window of windowsAhead(row, slot, place.point.timeZone, now, 7 * STANDING_LIMITS.demandWeeks + 7)) {
      const week = Math.floor(daysBetweenDates(monday, window.date) / 7);
      if (week < 0 || week >= STANDING_LIMITS.demandWeeks) continue;
      if (heldOn(row, window.date) || offFor(row.plan, window.date) || skipped.has(`${row.id}@${window.startsAt.getTime()}`))
        continue;
      if (!onCadence(row, window.date)) continue;
      for (const line of row.items) {
        const key = `${line.productId}:${line.variantId ?? ''}@${row.pointId}:${row.weekday}:${row.startTime}`;
        const entry = table.get(key) ?? {
          key,
          product_id: line.productId,
          variant_id: line.variantId,
          point_id: row.pointId,
          place: row.pointName,
          weekday: row.weekday,
          start: row.startTime,
          quantities: weeks.map(() => 0),
        };
        entry.quantities[week] += line.quantity;
        table.set(key, entry);
        ids.add(line.productId);
        if (line.variantId !== null) variantIds.add(line.variantId);
      }
    }
  }
  const names = await repo.lineNames(ctx.db, [...ids], [...variantIds]);
  return {
    weeks,
    reservations: rows.length,
    rows: [...table.values()]
      .map(({ key: _key, ...entry }) => ({
        ...entry,
        name: names.products.get(entry.product_id)?.name ?? 'Removed product',
        variant_name: entry.variant_id === null ? null : (names.variants.get(entry.variant_id)?.name ?? null),
      }))
      .sort(
        (a, b) =>
          a.name.localeCompare(b.name) ||
          a.place.localeCompare(b.place) ||
          a.weekday - b.weekday ||
          a.start.localeCompare(b.start),
      ),
  };
}
