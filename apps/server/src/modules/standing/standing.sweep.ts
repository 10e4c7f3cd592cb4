import { TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { weekStart } from '@farmstand/shared/format/date-only';
import { closureText, type PlaceClosure } from '@farmstand/shared/format/place-calendar';
import { lineName } from '@farmstand/shared/format/quantity';
import { cadenceLabel, standingSkipPagePath } from '@farmstand/shared/schemas/standing';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { claimNotice } from '../../lib/job-runs';
import { makeUnsubscribeToken } from '../../lib/unsubscribe-token';
import { findUserWithSubscription } from '../auth';
import { plannedTakenOn } from '../benefits';
import { announcePlaced, checkDraft, moveOrder, placeDraft, unorderableLines, when } from '../orders';
import { closureOn } from '../pickup';
import { heldOn, lookAheadDays, offFor, slotOf, timingOf, windowsAhead } from './standing.policy';
import { standingLineText } from './standing.presenter';
import * as repo from './standing.repository';

/**
 * The standing reservations' sweep (decision 514): each window's order placed at the farm's lead
 * time before the cut-off, through the same placing as a basket (an `OrderDraft` placed by `placeDraft`), gated under the
 * standing reservation's row lock and keyed by (standing id, window start) on orders: one order per
 * window, however many instances sweep. And 48 hours before each cut-off, the reminder with its
 * one-use skip link.
 */

export const SKIP_SCOPE = 'standing-skip';
/** The job_notices kind that keeps each window's reminder to one. */
export const REMINDER = 'standing-reminder';
export const MINUTE_MS = 60_000;

/** The place with its schedule and the farm's order rules, or null when the place was removed. */
export async function placeOf(ctx: AppContext, pointId: number | null) {
  if (pointId === null) return null;
  const found = await ctx.reads.pickupPoint(pointId);
  return found?.point.active ? found : null;
}

/**
 * Places every window that is due (its lead time before the cut-off reached, the cut-off not yet),
 * and sends the 48-hour reminders. Idempotent: a repeated or parallel sweep finds each window
 * placed or recorded and does nothing twice.
 */
export async function runStandingOrders(ctx: AppContext, now: Date, only?: number[]) {
  const due = await dueWindows(ctx, now, only);
  const ids = [...new Set(due.map((d) => d.row.id))];
  // A week is its local date at the place: a place whose time zone changed keeps its weeks placed.
  const records = new Map((await repo.windowRecords(ctx.db, ids, now)).map((r) => [`${r.standingId}@${r.date}`, r.state]));
  const remindedAlready = await repo.remindedWindows(ctx.db, ids, now);
  let reminded = 0;
  let placed = 0;
  let missed = 0;
  let closed = 0;
  for (const window of due) {
    const key = `${window.row.id}@${window.date}`;
    if (window.closure) {
      if (!records.has(key) && (await skipClosedWeek(ctx, window, window.closure))) closed++;
      continue;
    }
    if (window.remindsAt <= now && !remindedAlready.has(key) && records.get(key) !== 'skipped')
      if (await remind(ctx, window)) reminded++;
    if (window.placesAt > now || records.has(key)) continue;
    const outcome = await placeWindow(ctx, window);
    if (outcome === 'placed') placed++;
    if (outcome === 'missed') missed++;
  }
  return { placed, missed, reminded, closed };
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
  /** The place is closed that day (its calendar, decision 542): the week is skipped and the shopper told. */
  closure: PlaceClosure | null;
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
      // Outside the place's season no week is placed; a closed date is skipped and said.
      const closure = closureOn(place.point, window.date);
      if (closure === 'out_of_season') continue;
      due.push({ row, startsAt: window.startsAt, date: window.date, ...timing, place, closure });
    }
  }
  return due;
}

/**
 * The gate, first inside the order's transaction: it locks the standing reservation and refuses a
 * stopped one, or a window skipped or placed already. One order per reservation and window,
 * whatever runs at once.
 */
async function gate(tx: Db, standingId: number, windowStart: Date, date: string): Promise<void> {
  const locked = await repo.lockStanding(tx, standingId);
  if (locked?.status !== 'active') throw new StandingStop('stopped');
  if ((await repo.findRecord(tx, standingId, windowStart)) || (await repo.findPlacedOrder(tx, standingId, date)))
    throw new StandingStop('done');
}

class StandingStop extends Error {}

/** Places one window's order; what cannot be filled is left out and said so, in the order's note and by mail. */
async function placeWindow(ctx: AppContext, window: Due): Promise<'placed' | 'missed' | 'none'> {
  const { row } = window;
  const shopper = await findUserWithSubscription(ctx.db, row.customerId);
  if (!shopper) return 'none';
  const member = row.plan ? await memberWeek(ctx, row, row.plan, window.date) : null;
  const wanted = member ? member.lines : row.items;
  const refused = await unorderableLines(ctx, row.producerUserId, wanted, window.date);
  const names = await repo.lineNames(ctx.db, row.producerUserId, wanted);
  const leftOut = [...refused.entries()].map(([index, reason]) => {
    const line = wanted[index];
    const name = lineName(
      names.products.get(line.productId)?.name ?? 'A product',
      line.variantId === null ? null : (names.variants.get(line.variantId)?.name ?? null),
    );
    return reason.includes(name) ? reason : `${name}: ${reason}`;
  });
  const items = wanted.filter((_, index) => !refused.has(index));
  // The benefits the shopper plans to pay with, those the farm takes this pickup day (decision 516).
  const plannedBenefits = window.place.farm ? await plannedTakenOn(ctx, window.place.farm, row.plannedBenefits, window.date) : [];
  const benefitsLeftOut = row.plannedBenefits
    .filter((programme) => !plannedBenefits.includes(programme))
    .map((programme) => `${TENDER_LABELS[programme]} (not taken for this pickup)`);
  const leftOutAll = [...leftOut, ...benefitsLeftOut];
  const standingNote = `${member ? member.note : `Standing reservation (${cadenceLabel(row.everyWeeks).toLowerCase()})`}${leftOutAll.length ? `. Left out this week: ${leftOutAll.join('; ')}` : ''}`;
  const note = [standingNote, row.note].filter(Boolean).join('. ').slice(0, 1000);
  let reason: string | null = null;
  let orderId: number | null = null;
  if (items.length === 0 && !member) reason = `Nothing could be reserved: ${leftOut.join('; ')}`;
  else {
    try {
      const source = member
        ? { kind: 'csa-week' as const, standingId: row.id, share: member.share }
        : { kind: 'standing' as const, standingId: row.id };
      const checked = await checkDraft(ctx, {
        source,
        shopper,
        producerUserId: row.producerUserId,
        pointId: row.pointId as number,
        startsAt: window.startsAt,
        lines: items,
        shopperName: row.shopperName,
        shopperPhone: row.shopperPhone,
        deliveryAddress: null,
        note,
        plannedBenefits,
      });
      const result = await ctx.db.transaction(async (tx) => {
        await gate(tx, row.id, window.startsAt, window.date);
        return placeDraft(ctx, tx, checked);
      });
      announcePlaced(ctx, result);
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
    // The farm is told too: it was counting on this order (or this member's share) for the day.
    await mailTo(
      ctx,
      row.producerUserId,
      `${member ? 'A CSA member’s week' : 'A standing order'} for ${when(window.startsAt, window.place.point.timeZone)} could not be placed`,
      [
        `${row.shopperName}'s ${member ? member.note : 'standing reservation'} at ${row.pointName} could not be placed for ${when(window.startsAt, window.place.point.timeZone)}:`,
        reason ?? '',
        '',
        `Message them or see your orders: ${ctx.config.publicUrl}/dashboard?tab=orders`,
      ],
    );
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
  if (leftOutAll.length > 0)
    await mailShopper(
      ctx,
      row,
      `Your ${row.farmName} order for ${when(window.startsAt, window.place.point.timeZone)}: ${leftOut.length > 0 ? 'some items left out' : 'a planned benefit left out'}`,
      [
        `Your standing reservation was placed as order #${orderId}, without:`,
        ...leftOutAll.map((line) => `- ${line}`),
        '',
        `See it: ${ctx.config.publicUrl}/orders/${orderId}`,
      ],
    );
  return 'placed';
}

/**
 * A week on a date the place is closed: recorded as skipped (once, however many instances sweep),
 * and the shopper or CSA member is told in the skip's own words, at the first of its reminder or
 * placing time.
 */
async function skipClosedWeek(ctx: AppContext, window: Due, closure: PlaceClosure): Promise<boolean> {
  const { row, place } = window;
  const reason = closureText(place.point.name, closure, window.date);
  if (!(await repo.recordWindow(ctx.db, row.id, window.startsAt, 'skipped', reason))) return false;
  const at = when(window.startsAt, place.point.timeZone);
  await mailShopper(ctx, row, `Your ${row.farmName} ${row.plan ? 'CSA share' : 'standing order'} for ${at} is skipped`, [
    `${reason}, so your ${row.plan ? `${row.plan.name} share` : 'standing reservation'} there is skipped.`,
    `Skipped: no order for ${at}. The next weeks stay as they are.`,
    '',
    `See your standing reservations: ${ctx.config.publicUrl}/orders?tab=standing`,
  ]);
  return true;
}

/** A CSA member's week: the share at its size's price, and that week's box items in the member's size. */
async function memberWeek(ctx: AppContext, row: repo.StandingRow, plan: repo.PlanRow, date: string) {
  const size = plan.sizes[row.planSize ?? 0] ?? plan.sizes[0];
  const box = await repo.findBox(ctx.db, plan.id, weekStart(date));
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
  return { lines, share: { name: `${plan.name} (${size.name})`, price: size.price }, note };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || String((error as Error).message).includes('orders_standing_window_idx'));

async function mailShopper(ctx: AppContext, row: repo.StandingRow, subject: string, lines: string[]) {
  await mailTo(ctx, row.customerId, subject, lines);
}

async function mailTo(ctx: AppContext, userId: number, subject: string, lines: string[]) {
  const email = await repo.userEmail(ctx.db, userId);
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
    : await lineList(ctx, row);
  const token = skipToken(ctx, row.id, window.startsAt);
  await mailShopper(ctx, row, `Your standing order from ${row.farmName} for ${when(window.startsAt, zone)}`, [
    // Said as what will happen: the order is placed later, at the farm's lead time (it may still fail).
    `Your standing reservation at ${row.pointName} will be placed for ${when(window.startsAt, zone)} on ${when(window.placesAt, zone)}:`,
    ...lines,
    '',
    `Skip this week (no sign-in needed; works until orders close ${when(window.cutoffAt, zone)}): ${ctx.config.publicUrl}${standingSkipPagePath(token)}`,
    `Change, pause or cancel it: ${ctx.config.publicUrl}/orders?tab=standing`,
  ]);
  return true;
}

async function lineList(ctx: AppContext, row: repo.StandingRow): Promise<string[]> {
  const names = await repo.lineNames(ctx.db, row.producerUserId, row.items);
  return row.items.map((l) => `- ${standingLineText(names, l)}`);
}
