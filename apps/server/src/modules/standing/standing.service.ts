import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { addDaysToDate, daysBetweenDates, todayDateOnly, weekdayOf, weekStart } from '@farmstand/shared/format/date-only';
import { demandRowName, demandShareName, demandUnit } from '@farmstand/shared/format/demand';
import { closureText } from '@farmstand/shared/format/place-calendar';
import {
  type ChangeStandingRequest,
  cadenceLabel,
  type MakeStandingRequest,
  SKIP_LINK_INVALID,
  type SkipLinkInfo,
  STANDING_LIMITS,
  type Standing,
  type StandingDemand,
  type StandingResponse,
} from '@farmstand/shared/schemas/standing';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { csvText } from '../../lib/csv';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { localDate, zonedTime } from '../../lib/time';
import { readUnsubscribeToken } from '../../lib/unsubscribe-token';
import type { AuthUser } from '../../plugins/auth';
import { findUserWithSubscription } from '../auth';
import { assertTakesPlanned } from '../benefits';
import { checkLines, findOrderRow, lockShopper, moveOrder, unorderableLines, when } from '../orders';
import { closureOn, resolveWindow } from '../pickup';
import { tellFarmOfMember } from './csa-member-notice';
import { pauseEnd, pickupsAhead, slotOf, statesOf, timingOf, windowsAhead } from './standing.policy';
import { presentStanding, standingLineText } from './standing.presenter';
import * as repo from './standing.repository';
import { MINUTE_MS, placeOf, runStandingOrders, SKIP_SCOPE } from './standing.sweep';

type MakeInput = z.output<typeof MakeStandingRequest>;
type ChangeInput = z.output<typeof ChangeStandingRequest>;

/**
 * Standing reservations (decision 514): a reservation repeated every 1, 2 or 4 weeks. The sweep
 * places each window's order at the farm's lead time before the cut-off, through the same placing
 * as a basket (an `OrderDraft` placed by `placeDraft`), gated under the standing reservation's row lock and keyed by
 * (standing id, window start) on orders: one order per window, however many instances sweep.
 */

async function present(ctx: AppContext, row: repo.StandingWithFarm): Promise<Standing> {
  const place = await placeOf(ctx, row.pointId);
  const now = ctx.clock.now();
  const records = await repo.windowRecords(ctx.db, [row.id], now);
  const names = await repo.lineNames(ctx.db, row.producerUserId, row.items);
  return presentStanding(row, { place, records, names, now });
}

// ---------------------------------------------------------------- the shopper

export async function makeStanding(ctx: AppContext, shopper: AuthUser, input: MakeInput): Promise<StandingResponse> {
  if (input.producerUserId === shopper.id) throw forbidden('You cannot reserve your own products');
  const window = await resolveWindow(ctx, input.producerUserId, input.pointId, new Date(input.startsAt));
  if (window.point.kind === 'delivery')
    throw badRequest('Delivery days cannot repeat yet; choose a pickup place for a standing reservation', 'pointId');
  const slot = window.point.schedule.find(
    (s) =>
      s.weekday === weekdayOf(window.occurrence.date) &&
      zonedTime(window.occurrence.date, s.startTime, window.point.timeZone).getTime() === window.occurrence.startsAt.getTime(),
  );
  if (!slot)
    throw badRequest('That pickup time is not on the place’s weekly schedule; choose one of the listed times', 'startsAt');
  if (input.endDate !== null && input.endDate < window.occurrence.date)
    throw badRequest('The last date cannot be before the first pickup', 'endDate');
  await checkLines(ctx, input.producerUserId, input.items);
  const refused = await unorderableLines(ctx, input.producerUserId, input.items, window.occurrence.date);
  if (refused.size === input.items.length) throw badRequest(refused.values().next().value as string, 'items');
  const first = input.fromOrderId === null ? null : await firstOrderOf(ctx, shopper, input, window.occurrence.startsAt);
  // Told to the farm on each week's order (decision 516): as sent, else as on the order it repeats.
  const plannedBenefits = input.plannedBenefits ?? first?.plannedBenefits ?? [];
  if (plannedBenefits.length > 0) {
    if (!window.farm) throw notFound('Producer not found');
    await assertTakesPlanned(ctx, window.farm, plannedBenefits, window.occurrence.date);
  }

  const row = await ctx.db.transaction(async (tx) => {
    // Counted under the shopper's row lock, as an order's limits are: parallel requests count in turn.
    await lockShopper(tx, shopper.id);
    if ((await repo.countActiveWithFarm(tx, shopper.id, input.producerUserId)) >= STANDING_LIMITS.perShopperPerFarm)
      throw conflict(
        `You already have ${STANDING_LIMITS.perShopperPerFarm} standing reservations with this farm; change or cancel one instead`,
      );
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
      plannedBenefits,
    });
    // Linked only while the order starts no series: of two requests at once from one order, one makes it.
    if (first && !(await repo.linkOrder(tx, first.id, created.id))) throw badRequest(NOT_FROM_ORDER, 'fromOrderId');
    return created;
  });
  const standing = await present(ctx, (await repo.findStanding(ctx.db, row.id)) as repo.StandingWithFarm);
  const left = refused.size === 0 ? '' : ` This week leaves out: ${[...refused.values()].join('; ')}.`;
  return {
    standing,
    message: `Standing reservation made: ${cadenceLabel(input.everyWeeks).toLowerCase()} at ${window.point.name}. Each order is placed ${window.settings.standingLeadHours} hours before orders close, and we e-mail you 2 days before so you can skip a week.${left}`,
  };
}

const NOT_FROM_ORDER = 'That order cannot start this standing reservation: it is for another place or time, or no longer open';

/** The shopper's own open order for that first window, to become the first of the series. */
async function firstOrderOf(ctx: AppContext, shopper: AuthUser, input: MakeInput, startsAt: Date) {
  const order = await findOrderRow(ctx.db, input.fromOrderId as number);
  // A market basket's part is ordered with the other farms' each market day (decision 584): a weekly
  // series of the farm's own orders at that place would leave the basket and its fee.
  if (order?.marketOrderId != null && order.customerId === shopper.id)
    throw badRequest(
      'A part of a market order cannot start a standing reservation: order from the market’s basket each market day',
      'fromOrderId',
    );
  if (
    !order ||
    order.customerId !== shopper.id ||
    order.producerUserId !== input.producerUserId ||
    order.pointId !== input.pointId ||
    order.windowStart.getTime() !== startsAt.getTime() ||
    !['requested', 'accepted', 'ready'].includes(order.status) ||
    order.standingId !== null
  )
    throw badRequest(NOT_FROM_ORDER, 'fromOrderId');
  return order;
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
  if (input.items) await checkLines(ctx, row.producerUserId, input.items);
  if (input.plannedBenefits?.length) {
    const place = await placeOf(ctx, row.pointId);
    const slot = place && slotOf(place.point.schedule, row);
    if (!place?.farm || !slot)
      throw badRequest('Its pickup time is gone from the farm, so no benefit can be planned for it', 'plannedBenefits');
    // Checked for its next pickup, as making one checks its first; each week keeps only what the farm takes then.
    const [next] = windowsAhead(row, slot, place.point.timeZone, ctx.clock.now(), 35);
    await assertTakesPlanned(ctx, place.farm, input.plannedBenefits, next?.date ?? row.startDate);
  }
  await repo.updateStanding(ctx.db, id, {
    ...(input.plannedBenefits ? { plannedBenefits: input.plannedBenefits } : {}),
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
    const placed = await repo.findPlacedOrder(tx, row.id, window.date);
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
  // A week the place takes no pickups stays skipped (its calendar, decision 542): taken back, the
  // sweep would only skip it again and mail the shopper a second time.
  const date = localDate(startsAt, place.point.timeZone);
  const closure = closureOn(place.point, date);
  if (closure)
    throw conflict(
      `${closureText(place.point.name, closure, date)}, so that week stays skipped; the next weeks stay as they are`,
    );
  // Its order was placed and cancelled by the skip: one order per window, so it is reserved again by hand.
  if (await repo.findPlacedOrder(ctx.db, id, date))
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
  const send = await ctx.db.transaction(async (tx) => {
    await repo.updateStanding(tx, id, { status: 'cancelled' });
    // A CSA member leaving is told to the farm, in its order mails' period and digest (decision 541).
    return row.planId === null ? () => {} : tellFarmOfMember(ctx, tx, id, 'cancelled');
  });
  send();
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
  const names = await repo.lineNames(ctx.db, row.producerUserId, row.items);
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
    items: row.items.map((l) => standingLineText(names, l)),
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

/**
 * The farm's standing demand over the next 8 weeks (decision 546): CSA shares per plan and box size
 * first, then each product (and variant) per place and weekly time in its own unit, from active
 * standing reservations and memberships; paused, away, skipped and off weeks, and weeks the place
 * takes no pickups (its closed dates and the days outside its season, decision 542), are left out.
 */
export async function demand(ctx: AppContext, producer: AuthUser): Promise<StandingDemand> {
  const now = ctx.clock.now();
  const rows = (await repo.listOfProducer(ctx.db, producer.id)).filter((row) => row.status === 'active');
  const records = await repo.windowRecords(
    ctx.db,
    rows.map((r) => r.id),
    now,
  );
  const firstZone = rows.length ? ((await placeOf(ctx, rows[0].pointId))?.point.timeZone ?? undefined) : undefined;
  const today = todayDateOnly(now, firstZone);
  const monday = weekStart(today);
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
  const shares = new Map<string, StandingDemand['shares'][number]>();
  const lines = new Map<string, { productId: number; variantId: number | null }>();
  for (const row of rows) {
    const place = await placeOf(ctx, row.pointId);
    const slot = place && slotOf(place.point.schedule, row);
    if (!place || !slot) continue;
    // Only the weeks that are pickups: a week at the place's closed date or outside its season is none.
    for (const window of pickupsAhead(
      row,
      slot,
      place.point,
      statesOf(records, row.id),
      now,
      7 * STANDING_LIMITS.demandWeeks + 7,
    )) {
      const week = Math.floor(daysBetweenDates(monday, window.date) / 7);
      if (week < 0 || week >= STANDING_LIMITS.demandWeeks) continue;
      // A CSA member's week is one share of its plan in its size; its add-ons are products below.
      if (row.plan && row.planSize !== null) {
        const key = `${row.plan.id}:${row.planSize}`;
        const entry = shares.get(key) ?? {
          plan_id: row.plan.id,
          plan: row.plan.name,
          size: row.plan.sizes[row.planSize]?.name ?? '',
          size_index: row.planSize,
          counts: weeks.map(() => 0),
        };
        entry.counts[week] += 1;
        shares.set(key, entry);
      }
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
        lines.set(`${line.productId}:${line.variantId ?? ''}`, line);
      }
    }
  }
  const names = await repo.lineNames(ctx.db, producer.id, [...lines.values()]);
  return {
    weeks,
    reservations: rows.length,
    members: rows.filter((row) => row.planId !== null).length,
    shares: [...shares.values()].sort(
      (a, b) => a.plan.localeCompare(b.plan) || a.plan_id - b.plan_id || a.size_index - b.size_index,
    ),
    rows: [...table.values()]
      .map(({ key: _key, ...entry }) => {
        const product = names.products.get(entry.product_id);
        const variant = entry.variant_id === null ? undefined : names.variants.get(entry.variant_id);
        // A variant counts in its own unit and weight (decision 510), as its order lines do.
        const offer = variant ?? product;
        return {
          ...entry,
          name: product?.name ?? 'Removed product',
          variant_name: variant?.name ?? null,
          price_unit: offer?.priceUnit ?? null,
          weight_unit: offer?.weightUnit ?? null,
          pack_min: offer?.packMin ?? null,
          pack_max: offer?.packMax ?? null,
        };
      })
      .sort(
        (a, b) =>
          a.name.localeCompare(b.name) ||
          a.place.localeCompare(b.place) ||
          a.weekday - b.weekday ||
          a.start.localeCompare(b.start),
      ),
  };
}

/** The demand as a CSV file: a line per share size, then per product and place, one column per week. */
export async function demandCsv(ctx: AppContext, producer: AuthUser): Promise<{ filename: string; body: string }> {
  const table = await demand(ctx, producer);
  const header = ['Kind', 'Item', 'Unit', 'Place', 'Weekly time', ...table.weeks.map((week) => `Week of ${week}`)];
  const shareLines = table.shares.map((share) => ['CSA share', demandShareName(share), 'shares', '', '', ...share.counts]);
  const productLines = table.rows.map((row) => [
    'Product',
    demandRowName(row),
    demandUnit(row),
    row.place,
    `${WEEKDAY_NAMES[row.weekday] ?? ''} ${row.start}`.trim(),
    ...row.quantities,
  ]);
  return { filename: `farmstand-standing-demand-${table.weeks[0]}.csv`, body: csvText([header, ...shareLines, ...productLines]) };
}
