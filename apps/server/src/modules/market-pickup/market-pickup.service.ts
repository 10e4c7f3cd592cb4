import type { TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatCents } from '@farmstand/shared/format/money';
import { formatOrderLine, lineName } from '@farmstand/shared/format/quantity';
import { isMarketDay, nextMarketDates } from '@farmstand/shared/markets/calendar';
import { basketFee } from '@farmstand/shared/markets/fees';
import {
  type CheckinRequest,
  type CheckoutRequest,
  type CheckoutShopper,
  marketOrderStatus,
  OPEN_PART_STATUSES,
  type PickupDay,
} from '@farmstand/shared/schemas/market-basket';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { marketIncentive, takeMatchWithinCap } from '../market-office';
import { type MarketRow, marketAccess } from '../markets';
import {
  announceStandPickup,
  applyMove,
  itemAmounts,
  pickupTenders,
  shortenMarketLine,
  standTerms,
  tenderTimingRefusal,
  toWeigh,
  weighFirstRefusal,
} from '../orders';
import * as repo from './market-pickup.repository';

/**
 * The market's pickup day (issue 49 item 4, decision 587): grower check-in (what each farm was
 * ordered, whether it arrived, its shortages told to the shopper as a farm's own short harvest) and
 * customer checkout (every farm's bag of a shopper, what each farm is owed, one tender per farm,
 * picked up once for all parts). Money stays with the farms: each part's tenders are recorded as the
 * farm's own pickup records them; the market's basket fee accrues on the vendor's statement.
 */

type Part = Awaited<ReturnType<typeof repo.partsOf>>[number];
type Line = Awaited<ReturnType<typeof repo.linesOf>>[number];

/** A part that will not be handed over: the shopper or the farm ended it, or it ran out. */
const ENDED: readonly Part['order']['status'][] = ['cancelled', 'declined', 'expired', 'no_show'];
const live = (part: Part) => !ENDED.includes(part.order.status);
/** A part its farm already handed over itself (its booth or stand): paid there, nothing to collect at checkout. */
const atStall = (part: Part) => part.order.status === 'picked_up';

/** The part as it is handed over: a request its farm brought to the market counts as accepted. */
const handedOver = (part: Part) =>
  part.order.status === 'requested' ? { ...part.order, status: 'accepted' as const } : part.order;

const farmNameOf = (part: Part) => part.farmName ?? `Farm #${part.order.producerUserId}`;

const today = (ctx: AppContext, market: MarketRow) => localDate(ctx.clock.now(), market.timeZone);

function assertMarketDay(market: MarketRow, date: string) {
  if (!isMarketDay(market, date)) throw badRequest(`${date} is not a market day of ${market.name}`, 'date');
}

/** The tenders each farm takes at its market place on the day (SNAP, the coupons…), by the benefits module's rule. */
async function tenderTakers(ctx: AppContext, parts: Part[], date: string): Promise<Map<number, readonly TenderKind[]>> {
  const places = new Map<number, number | null>();
  for (const part of parts) if (!places.has(part.order.producerUserId)) places.set(part.order.producerUserId, part.order.pointId);
  // One farm's terms are four small reads: asked for every farm at once (80 farms one after another
  // were most of the day's 0.9 s in the bench, bench/README.md "market-day").
  const terms = await Promise.all(
    [...places].map(async ([farm, pointId]) => [farm, (await standTerms(ctx, farm, pointId, date)).kinds] as const),
  );
  return new Map(terms);
}

type DayRows = {
  marketOrders: repo.MarketOrderRow[];
  parts: Part[];
  lines: Map<number, Line[]>;
  arrived: Map<number, Date>;
};

async function rowsOf(ctx: AppContext, marketId: number, date: string, marketOrderIds?: number[]): Promise<DayRows> {
  const all = await repo.marketOrdersOn(ctx.db, marketId, date);
  const marketOrders = marketOrderIds ? all.filter((m) => marketOrderIds.includes(m.id)) : all;
  const parts = await repo.partsOf(
    ctx.db,
    marketOrders.map((m) => m.id),
  );
  const [lineRows, checkins] = await Promise.all([
    repo.linesOf(
      ctx.db,
      parts.map((p) => p.order.id),
    ),
    repo.checkinsOn(ctx.db, marketId, date),
  ]);
  const lines = new Map<number, Line[]>();
  for (const line of lineRows) lines.set(line.orderId, [...(lines.get(line.orderId) ?? []), line]);
  return { marketOrders, parts, lines, arrived: new Map(checkins.map((c) => [c.producerUserId, c.arrivedAt])) };
}

const takesOf = (kinds: readonly TenderKind[]) => ({
  takesSnap: kinds.includes('snap'),
  takesWicFmnp: kinds.includes('wic_fmnp'),
  takesSeniorFmnp: kinds.includes('senior_fmnp'),
});

function shopperOf(
  rows: DayRows,
  marketOrder: repo.MarketOrderRow,
  takes: Map<number, readonly TenderKind[]>,
): z.infer<typeof CheckoutShopper> {
  const parts = rows.parts.filter((p) => p.order.marketOrderId === marketOrder.id);
  const planned = new Set(parts.flatMap((p) => p.order.plannedBenefits));
  const checkedOut = marketOrder.pickedUpAt !== null;
  const status = marketOrderStatus(
    checkedOut,
    parts.map((p) => p.order.status),
  );
  const presented = parts.map((part) => ({
    orderId: part.order.id,
    producerUserId: part.order.producerUserId,
    farmName: farmNameOf(part),
    status: part.order.status,
    owedCents: live(part) && !(atStall(part) && !checkedOut) ? part.order.totalCents : 0,
    ...takesOf(takes.get(part.order.producerUserId) ?? []),
    arrived: rows.arrived.has(part.order.producerUserId),
    lines: (rows.lines.get(part.order.id) ?? [])
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        product: lineName(line.productName, line.variantName),
        text: formatOrderLine({ ...line, name: line.productName }),
        quantity: line.quantity,
        lineCents: itemAmounts(line).estimateCents,
        toWeigh: toWeigh(line),
      })),
  }));
  return {
    marketOrderId: marketOrder.id,
    shopperName: marketOrder.shopperName,
    shopperPhone: marketOrder.shopperPhone,
    status,
    parts: presented,
    owedCents: presented.reduce((sum, p) => sum + p.owedCents, 0),
    plannedBenefits: [...planned].sort(),
  };
}

function farmsOf(rows: DayRows): z.infer<typeof PickupDay>['farms'] {
  const farms = new Map<number, z.infer<typeof PickupDay>['farms'][number]>();
  const checkedOut = new Set(rows.marketOrders.filter((m) => m.pickedUpAt !== null).map((m) => m.id));
  for (const part of rows.parts) {
    const id = part.order.producerUserId;
    let farm = farms.get(id);
    if (!farm) {
      farm = {
        producerUserId: id,
        farmName: farmNameOf(part),
        orders: 0,
        lines: [],
        arrivedAt: rows.arrived.get(id)?.toISOString() ?? null,
        short: 0,
      };
      farms.set(id, farm);
    }
    // A part its farm handed over itself before the checkout is not brought to the market's booth.
    if (!live(part) || (atStall(part) && !checkedOut.has(part.order.marketOrderId as number))) continue;
    farm.orders += 1;
    for (const line of rows.lines.get(part.order.id) ?? []) {
      const ordered = line.orderedQuantity ?? line.quantity;
      farm.lines.push({
        itemId: line.id,
        orderId: part.order.id,
        marketOrderId: part.order.marketOrderId as number,
        product: lineName(line.productName, line.variantName),
        ordered,
        quantity: line.quantity,
        shortReason: line.shortReason,
      });
      if (line.quantity < ordered) farm.short += 1;
    }
  }
  return [...farms.values()].filter((f) => f.orders > 0).sort((a, b) => a.farmName.localeCompare(b.farmName));
}

/**
 * The market's pickup day: check-in per farm and checkout per shopper. Managers and booth
 * volunteers. Without a date: today when it is a market day, else the coming one.
 */
export async function pickupDay(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  asked: string | undefined,
): Promise<z.infer<typeof PickupDay>> {
  const { market } = await marketAccess(ctx, user, marketId, 'staff');
  const date = asked ?? nextMarketDates(market, today(ctx, market), 1)[0];
  if (date === undefined) throw badRequest(`${market.name} has no market days left this season; choose a date`, 'date');
  assertMarketDay(market, date);
  const rows = await rowsOf(ctx, market.id, date);
  const [takes, incentive] = await Promise.all([tenderTakers(ctx, rows.parts, date), marketIncentive(ctx, market)]);
  return {
    marketId: market.id,
    date,
    timeZone: market.timeZone,
    farms: farmsOf(rows),
    shoppers: rows.marketOrders.map((m) => shopperOf(rows, m, takes)),
    matchCapCents: incentive?.capCents ?? null,
  };
}

/**
 * A farm arrived at the market (the first arrival's time stays), and what it brought short, line by
 * line: each shortage is the orders module's short harvest (the shopper told by mail and in the
 * farm's thread). Only lines of this farm's parts of this market day; on the market day only.
 * Sending the same shortage again changes nothing.
 */
export async function checkin(ctx: AppContext, user: AuthUser, marketId: number, input: z.output<typeof CheckinRequest>) {
  const { market } = await marketAccess(ctx, user, marketId, 'staff');
  assertMarketDay(market, input.date);
  if (input.date !== today(ctx, market))
    throw badRequest(`Farms check in on the market day itself; today is ${today(ctx, market)} at ${market.name}`, 'date');
  const rows = await rowsOf(ctx, market.id, input.date);
  const parts = rows.parts.filter((p) => p.order.producerUserId === input.producerUserId && live(p));
  if (parts.length === 0) throw notFound('This farm has no market orders to bring on this day');
  const lines = parts.flatMap((p) => rows.lines.get(p.order.id) ?? []);
  const shortages = input.shortages.map((shortage) => {
    const line = lines.find((l) => l.id === shortage.itemId);
    if (!line)
      throw badRequest(`Line ${shortage.itemId} is not one of this farm’s market lines today; reload the day`, 'shortages');
    return { shortage, line };
  });
  if (new Set(input.shortages.map((s) => s.itemId)).size !== input.shortages.length)
    throw badRequest('Give each line’s shortage once', 'shortages');
  // Every shortage is checked before anything is written: a refused check-in records nothing. One
  // recorded before (a retry) is left as it is: nothing to tell the shopper again.
  const toShorten = shortages.filter(({ shortage, line }) => !(line.quantity === shortage.quantity && line.shortReason !== null));
  for (const { shortage, line } of toShorten) {
    const part = parts.find((p) => p.order.id === line.orderId) as Part;
    const what = `${lineName(line.productName, line.variantName)} for market order #${part.order.marketOrderId}`;
    if (!OPEN_PART_STATUSES.includes(part.order.status))
      throw conflict(`${what} was already handed over; it can no longer be short`);
    if (shortage.quantity >= line.quantity)
      throw badRequest(`${what}: enter less than the ${line.quantity} ordered (0 drops it)`, 'shortages');
  }
  await repo.saveCheckin(ctx.db, {
    marketId: market.id,
    marketDate: input.date,
    producerUserId: input.producerUserId,
    arrivedAt: ctx.clock.now(),
    checkedBy: user.id,
  });
  for (const { shortage, line } of toShorten) {
    await shortenMarketLine(ctx, user, line.orderId, line.id, { quantity: shortage.quantity, reason: shortage.reason });
  }
  return pickupDay(ctx, user, market.id, input.date);
}

/** The checkout route's first step: the market order and the caller's role at its market (404 for anyone else). */
export async function checkoutAccess(ctx: AppContext, user: AuthUser, marketOrderId: number) {
  const marketOrder = await repo.findMarketOrder(ctx.db, marketOrderId);
  if (!marketOrder) throw notFound('Market order not found');
  const { market } = await marketAccess(ctx, user, marketOrder.marketId, 'staff');
  return { marketOrder, market };
}

const TENDER_FIELDS = {
  snap: 'snapCents',
  incentive: 'incentiveCents',
  wic_fmnp: 'wicFmnpCents',
  senior_fmnp: 'seniorFmnpCents',
  cash: 'cashCents',
  card: 'cardCents',
} as const satisfies Partial<Record<TenderKind, string>>;

/**
 * Every part of a shopper's market order handed over at once (managers and booth volunteers): one
 * tender per part that is not ended, adding up to what that farm is owed; each part's tenders by the
 * farm's own pickup rule (SNAP only to a farm that takes it, Double Dollars only with SNAP and
 * within the farm's plan); the Double Dollars of all parts within the market's cap for the card that
 * day, across the booth and the baskets; every part moved to picked up, its basket fee set, and the
 * market order marked picked up, in one transaction. A second checkout is a 409 and changes nothing.
 */
export async function checkout(
  ctx: AppContext,
  user: AuthUser,
  marketOrderId: number,
  input: z.output<typeof CheckoutRequest>,
): Promise<{ message: string; shopper: z.infer<typeof CheckoutShopper> }> {
  const { marketOrder, market } = await checkoutAccess(ctx, user, marketOrderId);
  const label = `Market order #${marketOrder.id}`;
  if (marketOrder.pickedUpAt) throw conflict(`${label} was already picked up; nothing was recorded again`);
  const now = ctx.clock.now();
  const rows = await rowsOf(ctx, market.id, marketOrder.marketDate, [marketOrder.id]);
  const liveParts = rows.parts.filter(live);
  if (liveParts.length === 0) throw conflict(`Every part of ${label} was cancelled: there is nothing to hand over`);
  const parts = liveParts.filter((p) => !atStall(p));
  if (parts.length === 0) throw conflict(`Every farm of ${label} handed its part over at its own stall: nothing to collect`);
  for (const part of parts) {
    if (!rows.arrived.has(part.order.producerUserId))
      throw conflict(`${farmNameOf(part)} has not checked in today: check the farm in before handing over its bag`);
    const unweighed = weighFirstRefusal(rows.lines.get(part.order.id) ?? [], farmNameOf(part));
    if (unweighed) throw unweighed;
    // A part still a request when its farm checked in with the bag is accepted as it is handed over.
    const timing = tenderTimingRefusal(handedOver(part), now);
    if (timing) throw timing;
  }
  const tenders = new Map(input.tenders.map((t) => [t.orderId, t]));
  if (tenders.size !== input.tenders.length) throw badRequest('Give one tender per farm’s part', 'tenders');
  for (const tender of input.tenders) {
    const stall = liveParts.find((p) => p.order.id === tender.orderId && atStall(p));
    if (stall)
      throw badRequest(
        `${farmNameOf(stall)} already handed over order #${stall.order.id} at its own stall and was paid there: leave it out`,
        'tenders',
      );
    if (!parts.some((p) => p.order.id === tender.orderId))
      throw badRequest(`Order #${tender.orderId} is not an open part of ${label}; reload the shopper`, 'tenders');
  }
  const plans: {
    part: Part;
    farm: string;
    tendered: Partial<Record<TenderKind, number>>;
    rule: Awaited<ReturnType<typeof pickupTenders>>;
  }[] = [];
  for (const part of parts) {
    const farm = farmNameOf(part);
    const tender = tenders.get(part.order.id);
    if (!tender) throw badRequest(`Say how ${farm} was paid (order #${part.order.id})`, 'tenders');
    const tendered = Object.fromEntries(Object.entries(TENDER_FIELDS).map(([kind, field]) => [kind, tender[field]])) as Partial<
      Record<TenderKind, number>
    >;
    const paid = Object.values(tendered).reduce<number>((sum, cents) => sum + (cents ?? 0), 0);
    if (paid !== part.order.totalCents)
      throw badRequest(
        `${farm} is owed ${formatCents(part.order.totalCents)}; its tenders add up to ${formatCents(paid)}`,
        'tenders',
      );
    plans.push({ part, farm, tendered, rule: await pickupTenders(ctx, handedOver(part), rows.lines.get(part.order.id) ?? []) });
  }
  const incentiveCents = input.tenders.reduce((sum, t) => sum + t.incentiveCents, 0);
  const incentive = incentiveCents > 0 ? await marketIncentive(ctx, market) : null;
  if (incentiveCents > 0) {
    if (!incentive) throw badRequest(`${market.name} has no Double Dollars programme to match with`, 'tenders');
    if (input.cardLast4 === null)
      throw badRequest('Enter the last four digits of the SNAP card to give Double Dollars', 'cardLast4');
  }

  await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimPickup(tx, marketOrder.id, now, user.id, input.cardLast4)))
      throw conflict(`${label} was already picked up; nothing was recorded again`);
    if (incentive && input.cardLast4 !== null) {
      const key = { marketId: market.id, marketDate: marketOrder.marketDate, shopperKey: input.cardLast4 };
      const over = await takeMatchWithinCap(tx, key, incentiveCents, incentive.capCents);
      if (over)
        throw badRequest(
          `${incentive.name} left for the card ending ${input.cardLast4} today: ${formatCents(over.leftCents)} (the market’s cap is ${formatCents(incentive.capCents)} a day, booth and baskets together)`,
          'tenders',
        );
    }
    for (const { part, farm, tendered, rule } of plans) {
      const refused = await rule.refusal(tx, tendered);
      if (refused) throw badRequest(`${farm}: ${refused}`, 'tenders');
      await rule.save(tx, tendered, now, user.id);
      const actor = { id: user.id, role: 'producer' as const };
      const accepted =
        part.order.status !== 'requested' ||
        (await applyMove(tx, part.order, 'accepted', now, actor, 'Checked in at the market'));
      const moved = accepted && (await applyMove(tx, handedOver(part), 'picked_up', now, actor, `Picked up at ${market.name}`));
      if (!moved) throw conflict(`${farm}’s part changed a moment ago; reload the shopper and try again`);
      await repo.setMarketFee(tx, part.order.id, basketFee(market, part.order.subtotalCents));
    }
  });
  for (const { part } of plans) await announceStandPickup(ctx, part.order);

  const after = await rowsOf(ctx, market.id, marketOrder.marketDate, [marketOrder.id]);
  const takes = await tenderTakers(ctx, after.parts, marketOrder.marketDate);
  const shopper = shopperOf(after, after.marketOrders[0], takes);
  const paid = plans.reduce((sum, { part }) => sum + part.order.totalCents, 0);
  return { message: `${label} picked up: ${formatCents(paid)} paid to ${plans.length} farms`, shopper };
}
