import { plusDays } from '@farmstand/shared/format/date-only';
import { toCents, toCentsOrNull, toDollarsOrNull } from '@farmstand/shared/format/money';
import { closureText } from '@farmstand/shared/format/place-calendar';
import { type BasketDay, basketNotice, farmClosesAt } from '@farmstand/shared/markets/basket-window';
import {
  defaultTimeZone,
  PICKUP_LIMITS,
  type PickupPoint,
  type PickupPointRequest,
  type PickupSettingsRequest,
  type PickupSetupResponse,
  type PickupTimeZone,
  type PickupWindow,
  type PlaceDayLimits,
  type PlaceDayLimitsRequest,
  type ProductDayLeft,
  type PublicPickupResponse,
} from '@farmstand/shared/schemas/pickup';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { incentiveOfState, loadBenefitTable, marketOf } from '../benefits';
import { geocode } from '../geocode';
import { lockProducerByUserId } from '../producers';
import { placesChanged } from '../search';
import * as repo from './pickup.repository';
import { closureOn, dayScope, placeSettings } from './place-rules';
import { cutoffOf, type Occurrence, occurrenceAt, occurrences } from './windows';

type PointInput = z.output<typeof PickupPointRequest>;
type SettingsInput = z.output<typeof PickupSettingsRequest>;

export const PICKUP_TEXTS = {
  profileFirst: 'Create your farm profile first, then add where shoppers pick up.',
  pointNotFound: 'Pickup place not found',
  tooManyPoints: `You can have at most ${PICKUP_LIMITS.maxPoints} pickup places. Remove one first.`,
  deliveryOff: 'Turn on delivery and set a delivery radius in your profile before adding delivery days.',
} as const;

export async function platformTimeZone(ctx: AppContext): Promise<string> {
  return (await ctx.settings.get('general')).timezone;
}

export function presentPoint(point: repo.PointWithSchedule): PickupPoint {
  return {
    id: point.id,
    kind: point.kind,
    name: point.name,
    address: point.address,
    city: point.city,
    state: point.state,
    zip: point.zip,
    delivery_fee: toDollarsOrNull(point.deliveryFeeCents),
    time_zone: point.timeZone as PickupTimeZone,
    booth: point.booth,
    min_order: toDollarsOrNull(point.minOrderCents),
    incentive_market: point.incentiveMarket,
    season_from: point.seasonFrom,
    season_to: point.seasonTo,
    closed_dates: point.closedDates ?? [],
    cutoff_hours: point.cutoffHours,
    standing_lead_hours: point.standingLeadHours,
    schedule: point.schedule.map((s) => ({ weekday: s.weekday, start: s.startTime, end: s.endTime })),
  };
}

const deliveryInfo = (farm: repo.Farm) => ({
  available: farm.deliveryAvailable && (farm.deliveryRadius ?? 0) > 0,
  radius: farm.deliveryAvailable ? farm.deliveryRadius : null,
});

async function requireFarm(ctx: AppContext, user: AuthUser): Promise<repo.Farm> {
  const farm = await repo.findFarm(ctx.db, user.id);
  if (!farm) throw badRequest(PICKUP_TEXTS.profileFirst);
  return farm;
}

export function presentSettings(settings: repo.Settings) {
  return {
    cutoff_hours: settings.cutoffHours,
    cap_per_window: settings.capPerWindow,
    close_after_hours: settings.closeAfterHours,
    close_as: settings.closeAs,
    morning_summary: settings.morningSummary,
    standing_lead_hours: settings.standingLeadHours,
    standing_accept: settings.standingAccept,
  };
}

export async function getOwnSetup(ctx: AppContext, user: AuthUser): Promise<PickupSetupResponse> {
  const farm = await repo.findFarm(ctx.db, user.id);
  const [settings, points] = [await repo.findSettings(ctx.db, user.id), await repo.listActivePoints(ctx.db, user.id)];
  return {
    settings: presentSettings(settings),
    points: points.map(presentPoint),
    delivery: farm ? deliveryInfo(farm) : { available: false, radius: null },
    time_zone: await platformTimeZone(ctx),
    incentives: (await loadBenefitTable(ctx.db)).incentives
      .filter((incentive) => incentive.active)
      .map((incentive) => ({ state: incentive.state, name: incentive.name, markets: incentive.markets })),
  };
}

/**
 * The participating market a place says it is (decision 542): one of the running incentive's
 * markets in the place's state, spelled as the admin's list spells it (the farm's own rule,
 * `benefits.service#marketOf`); where the admin listed none, the market the farm names. With no
 * incentive running in the state there is nothing to be a market of. Delivery days are never one.
 * The match is offered by the same incentive, of the place's state (`benefits.policy#incentiveAt`).
 */
async function incentiveMarketOf(ctx: AppContext, state: string, named: string | null): Promise<string | null> {
  if (named === null) return null;
  const incentive = await incentiveOfState(ctx.db, state);
  if (!incentive)
    throw badRequest(
      `No market incentive runs in ${state} now, so this place cannot be a participating market; choose "Not a participating market"`,
      'incentive_market',
    );
  return marketOf(incentive, named);
}

export async function saveSettings(ctx: AppContext, user: AuthUser, input: SettingsInput) {
  await requireFarm(ctx, user);
  await repo.upsertSettings(ctx.db, user.id, {
    cutoffHours: input.cutoff_hours,
    capPerWindow: input.cap_per_window,
    ...(input.close_after_hours === undefined ? {} : { closeAfterHours: input.close_after_hours }),
    ...(input.close_as === undefined ? {} : { closeAs: input.close_as }),
    ...(input.morning_summary === undefined ? {} : { morningSummary: input.morning_summary }),
    ...(input.standing_lead_hours === undefined ? {} : { standingLeadHours: input.standing_lead_hours }),
    ...(input.standing_accept === undefined ? {} : { standingAccept: input.standing_accept }),
  });
  return getOwnSetup(ctx, user);
}

/** The place's calendar and its own order rules (decision 542), the same for places and delivery days. */
const calendarValues = (input: PointInput) => ({
  seasonFrom: input.season_from,
  seasonTo: input.season_to,
  closedDates: input.closed_dates,
  cutoffHours: input.cutoff_hours,
  standingLeadHours: input.standing_lead_hours,
});

async function pointValues(ctx: AppContext, farm: repo.Farm, input: PointInput) {
  if (input.kind === 'delivery') {
    if (!deliveryInfo(farm).available) throw badRequest(PICKUP_TEXTS.deliveryOff, 'kind');
    return {
      kind: input.kind,
      name: input.name,
      address: null,
      city: null,
      state: null,
      zip: null,
      latitude: null,
      longitude: null,
      deliveryFeeCents: toCents(input.delivery_fee ?? 0),
      // Delivery days run on the farm's clock.
      timeZone: input.time_zone ?? defaultTimeZone(farm.state, farm.zip),
      booth: null,
      minOrderCents: toCentsOrNull(input.min_order),
      incentiveMarket: null,
      ...calendarValues(input),
    };
  }
  const incentiveMarket = await incentiveMarketOf(ctx, input.state ?? 'KY', input.incentive_market);
  const place = await geocode(ctx, `${input.address}, ${input.city}, ${input.state ?? 'KY'} ${input.zip}`).catch(() => null);
  return {
    kind: input.kind,
    name: input.name,
    address: input.address,
    city: input.city,
    state: input.state ?? 'KY',
    zip: input.zip,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    deliveryFeeCents: null,
    timeZone: input.time_zone ?? defaultTimeZone(input.state ?? 'KY', input.zip),
    booth: input.booth,
    minOrderCents: toCentsOrNull(input.min_order),
    incentiveMarket,
    ...calendarValues(input),
  };
}

function assertDistinctSlots(input: PointInput) {
  const seen = new Set<string>();
  for (const slot of input.schedule) {
    const key = `${slot.weekday}@${slot.start}`;
    if (seen.has(key)) throw badRequest('Two times on the same day start at the same time; remove one', 'schedule');
    seen.add(key);
  }
}

export async function addPoint(ctx: AppContext, user: AuthUser, input: PointInput): Promise<PickupPoint> {
  const farm = await requireFarm(ctx, user);
  assertDistinctSlots(input);
  // Checked before the address is geocoded (no lookup for a place that cannot be added), and
  // again under the producer's row lock, as product creation counts: parallel additions count one
  // after the other, so the limit holds.
  if ((await repo.countActivePoints(ctx.db, user.id)) >= PICKUP_LIMITS.maxPoints) throw conflict(PICKUP_TEXTS.tooManyPoints);
  const values = await pointValues(ctx, farm, input);
  const id = await ctx.db.transaction(async (tx) => {
    await lockProducerByUserId(tx, user.id);
    if ((await repo.countActivePoints(tx, user.id)) >= PICKUP_LIMITS.maxPoints) throw conflict(PICKUP_TEXTS.tooManyPoints);
    return repo.insertPoint(tx, user.id, values, input.schedule);
  });
  // What the farm's places offer is read by search's benefits filter (decision 540).
  await placesChanged(ctx.db, user.id);
  return presentPoint((await ctx.reads.pickupPoint(id))?.point as repo.PointWithSchedule);
}

async function ownPoint(ctx: AppContext, user: AuthUser, pointId: number) {
  const point = (await ctx.reads.pickupPoint(pointId))?.point;
  // Someone else's place reads as missing: ids of other farms' places are not confirmed.
  if (!point?.active || point.producerUserId !== user.id) throw notFound(PICKUP_TEXTS.pointNotFound);
  return point;
}

export async function updatePoint(ctx: AppContext, user: AuthUser, pointId: number, input: PointInput): Promise<PickupPoint> {
  const farm = await requireFarm(ctx, user);
  await ownPoint(ctx, user, pointId);
  assertDistinctSlots(input);
  await repo.updatePoint(ctx.db, pointId, await pointValues(ctx, farm, input), input.schedule);
  await placesChanged(ctx.db, user.id);
  return presentPoint((await ctx.reads.pickupPoint(pointId))?.point as repo.PointWithSchedule);
}

/** Removing a place keeps its orders (they carry a copy of the place); it just stops taking new ones. */
export async function removePoint(ctx: AppContext, user: AuthUser, pointId: number) {
  await ownPoint(ctx, user, pointId);
  await repo.deactivatePoint(ctx.db, pointId);
  await placesChanged(ctx.db, user.id);
  return { message: 'Pickup place removed' };
}

/** The next windows of every place, only those still before the cut-off; full ones flagged. */
async function upcomingWindows(
  db: Db,
  producerUserId: number,
  points: repo.PointWithSchedule[],
  settings: repo.Settings,
  at: Date,
): Promise<PickupWindow[]> {
  const horizon = plusDays(at, PICKUP_LIMITS.horizonDays + 1);
  const counts =
    settings.capPerWindow === null ? new Map<string, number>() : await repo.countOpenOrders(db, producerUserId, at, horizon);
  const windows: PickupWindow[] = [];
  for (const point of points) {
    const slots = point.schedule.map((s) => ({ weekday: s.weekday, start: s.startTime, end: s.endTime }));
    const rules = placeSettings(point, settings);
    for (const occurrence of occurrences(slots, at, PICKUP_LIMITS.horizonDays, point.timeZone)) {
      // No window on a closed date or outside the place's season.
      if (closureOn(point, occurrence.date)) continue;
      const cutoff = cutoffOf(occurrence.startsAt, rules.cutoffHours);
      if (cutoff.getTime() <= at.getTime()) continue;
      const taken = counts.get(`${point.id}@${occurrence.startsAt.toISOString()}`) ?? 0;
      const remaining = settings.capPerWindow === null ? null : Math.max(0, settings.capPerWindow - taken);
      windows.push({
        point_id: point.id,
        kind: point.kind,
        name: point.name,
        starts_at: occurrence.startsAt.toISOString(),
        ends_at: occurrence.endsAt.toISOString(),
        cutoff_at: cutoff.toISOString(),
        date: occurrence.date,
        time_zone: point.timeZone as PickupTimeZone,
        booth: point.booth,
        min_order: toDollarsOrNull(point.minOrderCents),
        remaining,
        full: remaining === 0,
        delivery_fee: toDollarsOrNull(point.deliveryFeeCents),
      });
    }
  }
  return windows.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.point_id - b.point_id);
}

export async function publicPickup(ctx: AppContext, producerUserId: number): Promise<PublicPickupResponse> {
  const farm = await repo.findFarm(ctx.db, producerUserId);
  if (!farm) throw notFound('Producer not found');
  const [settings, points, timeZone] = [
    await repo.findSettings(ctx.db, producerUserId),
    await repo.listActivePoints(ctx.db, producerUserId),
    await platformTimeZone(ctx),
  ];
  const delivery = deliveryInfo(farm);
  // Delivery days only count while the farm still offers delivery.
  const usable = points.filter((p) => p.kind !== 'delivery' || delivery.available);
  return {
    producer_user_id: producerUserId,
    farm_name: farm.farmName,
    settings: presentSettings(settings),
    points: usable.map(presentPoint),
    windows: await upcomingWindows(ctx.db, producerUserId, usable, settings, ctx.clock.now()),
    delivery,
    time_zone: timeZone,
  };
}

export type ResolvedWindow = {
  point: repo.PointWithSchedule;
  occurrence: Occurrence;
  cutoffAt: Date;
  settings: repo.Settings;
  farm: repo.Farm | null;
};

/**
 * The window a shopper chose, checked against the producer's schedule, cut-off and the horizon.
 * (The cap is checked again inside the order's transaction, under the point's lock.)
 */
export async function resolveWindow(
  ctx: AppContext,
  producerUserId: number,
  pointId: number,
  startsAt: Date,
): Promise<ResolvedWindow> {
  const found = await ctx.reads.pickupPoint(pointId);
  const point = found?.point;
  if (!found || !point?.active || point.producerUserId !== producerUserId) {
    throw badRequest('That pickup place is not offered by this producer any more; choose another', 'pointId');
  }
  const { settings } = found;
  const at = ctx.clock.now();
  const slots = point.schedule.map((s) => ({ weekday: s.weekday, start: s.startTime, end: s.endTime }));
  const occurrence = occurrenceAt(slots, startsAt, at, PICKUP_LIMITS.horizonDays, point.timeZone);
  if (!occurrence) {
    throw badRequest(
      `That pickup time is not on ${point.name}'s schedule in the next ${PICKUP_LIMITS.horizonDays} days; choose one of the listed times`,
      'startsAt',
    );
  }
  const closure = closureOn(point, occurrence.date);
  if (closure) throw badRequest(`${closureText(point.name, closure, occurrence.date)}; choose another pickup time`, 'startsAt');
  const cutoffAt = cutoffOf(occurrence.startsAt, settings.cutoffHours);
  if (cutoffAt.getTime() <= at.getTime()) {
    throw badRequest(`Orders for this time closed ${settings.cutoffHours} hours before it; choose a later time`, 'startsAt');
  }
  return { point, occurrence, cutoffAt, settings, farm: found.farm };
}

/**
 * The "window" of a sale made at the farm's booth (decision 575): the sale's own moment at one of
 * the farm's places (its stand or market), dated in that place's zone. The place is the one the
 * phone names, or else the farm's first active place that is not a delivery day. No schedule,
 * cut-off or closed date applies: the sale was made.
 */
export async function saleWindow(
  ctx: AppContext,
  producerUserId: number,
  pointId: number | null,
  at: Date,
): Promise<ResolvedWindow> {
  const id =
    pointId ?? (await repo.listActivePoints(ctx.db, producerUserId)).find((point) => point.kind !== 'delivery')?.id ?? null;
  if (id === null)
    throw badRequest('Add your stand or market as a pickup place first (Pickup places), then sell at it', 'pointId');
  const found = await ctx.reads.pickupPoint(id);
  const point = found?.point;
  if (!found || !point?.active || point.producerUserId !== producerUserId || point.kind === 'delivery')
    throw badRequest('That place is not one of your stands or markets any more; choose another', 'pointId');
  const occurrence = { startsAt: at, endsAt: at, date: localDate(at, point.timeZone) };
  return { point, occurrence, cutoffAt: at, settings: found.settings, farm: found.farm };
}

/**
 * The window of a market basket's part (issue 49, decision 584): the market day's hours from the
 * market's calendar (`basket-window.ts#basketDay`, read by the caller) at the farm's own place at that
 * market. Its cut-off is the market's close or the farm's own cut-off at that place when earlier,
 * honoured to the minute; the place's own closed dates and season apply too.
 */
export async function marketWindow(
  ctx: AppContext,
  producerUserId: number,
  pointId: number,
  day: BasketDay,
  timeZone: string,
): Promise<ResolvedWindow> {
  const found = await ctx.reads.pickupPoint(pointId);
  const point = found?.point;
  if (!found || !point?.active || point.producerUserId !== producerUserId)
    throw badRequest('That farm has no place at this market any more; remove its products and try again', 'items');
  const farmName = found.farm?.farmName ?? 'This farm';
  const closure = closureOn(point, day.date);
  if (closure) throw badRequest(`${closureText(farmName, closure, day.date)}; remove its products and try again`, 'items');
  const cutoffAt = farmClosesAt(day, found.settings.cutoffHours);
  const at = ctx.clock.now();
  const notice = basketNotice(day, at, timeZone, cutoffAt);
  if (notice) throw badRequest(`${farmName}: ${notice}`, 'items');
  const occurrence = { startsAt: day.pickupStart, endsAt: day.pickupEnd, date: day.date };
  return { point, occurrence, cutoffAt, settings: found.settings, farm: found.farm };
}

// ---------------------------------------------------------------- a product's day limit per place (decision 543)

async function ownProduct(ctx: AppContext, user: AuthUser, productId: number) {
  const product = await repo.findProductOwner(ctx.db, productId);
  if (!product || product.producerUserId !== user.id) throw notFound('Product not found');
  return product;
}

async function presentDayLimits(ctx: AppContext, product: { id: number; dayLimit: number | null }): Promise<PlaceDayLimits> {
  const limits = await repo.productDayLimits(ctx.db, product.id);
  return { day_limit: product.dayLimit, limits: [...limits].map(([point_id, day_limit]) => ({ point_id, day_limit })) };
}

export async function getDayLimits(ctx: AppContext, user: AuthUser, productId: number) {
  return presentDayLimits(ctx, await ownProduct(ctx, user, productId));
}

/** Sets a product's own limit per pickup day at some of the farm's places; the others keep the product's. */
export async function saveDayLimits(
  ctx: AppContext,
  user: AuthUser,
  productId: number,
  input: z.output<typeof PlaceDayLimitsRequest>,
): Promise<PlaceDayLimits> {
  const product = await ownProduct(ctx, user, productId);
  const points = new Map((await repo.listActivePoints(ctx.db, user.id)).map((p) => [p.id, p]));
  const seen = new Set<number>();
  for (const limit of input.limits) {
    if (!points.has(limit.point_id)) throw badRequest('Choose one of your own pickup places for each day limit', 'limits');
    if (seen.has(limit.point_id)) throw badRequest(`${points.get(limit.point_id)?.name} has two day limits; keep one`, 'limits');
    seen.add(limit.point_id);
  }
  await repo.replaceProductDayLimits(
    ctx.db,
    productId,
    input.limits.map((l) => ({ pointId: l.point_id, dayLimit: l.day_limit })),
  );
  return presentDayLimits(ctx, product);
}

/**
 * What the product's day limit leaves at each of the farm's places: the most still reservable for
 * one of the place's open pickup days, counted as placing an order counts it
 * (`pickup.repository#dayTaken`: the place's own orders under its own limit, the farm's
 * under the product's).
 */
export async function productDayLeft(ctx: AppContext, producerUserId: number, productId: number): Promise<ProductDayLeft> {
  const product = await repo.findProductOwner(ctx.db, productId);
  if (!product || product.producerUserId !== producerUserId) throw notFound('Product not found');
  const { windows } = await publicPickup(ctx, producerUserId);
  const limits = await repo.productsPlaceLimits(ctx.db, [productId]);
  const places = [];
  for (const pointId of [...new Set(windows.map((w) => w.point_id))]) {
    const { dayLimit, scope } = dayScope(limits, productId, pointId);
    const limit = dayLimit ?? product.dayLimit;
    if (limit === null) {
      places.push({ point_id: pointId, day_limit: null, left: null });
      continue;
    }
    let left = 0;
    for (const date of new Set(windows.filter((w) => w.point_id === pointId && !w.full).map((w) => w.date))) {
      const taken = (await repo.dayTaken(ctx.db, producerUserId, [productId], date, scope)).get(productId) ?? 0;
      left = Math.max(left, limit - taken);
    }
    places.push({ point_id: pointId, day_limit: limit, left });
  }
  return { places };
}
