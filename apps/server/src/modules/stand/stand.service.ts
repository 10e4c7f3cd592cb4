import type { TenderKind } from '@farmstand/shared/benefits/programmes';
import { defaultTimeZone } from '@farmstand/shared/constants/time-zones';
import { addDaysToDate, DAY_MS } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type {
  StandActionResult,
  StandCatalog,
  StandConflict,
  StandDay,
  StandPickupAction,
  StandSaleAction,
  StandSyncRequest,
  StandSyncResponse,
} from '@farmstand/shared/schemas/stand';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import { forgetPublicProduct } from '../../lib/public-products';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { benefitProduct, findBenefits } from '../benefits';
import {
  announceStandPickup,
  applyStandPickup,
  type CheckedWalkUp,
  checkStandPickup,
  checkWalkUp,
  closedText,
  placeWalkUp,
  standTerms,
  type WalkUpLine,
} from '../orders';
import { findFarm, listActivePoints } from '../pickup';
import { isProductPublic } from '../producers';
import { dayBooks, dayBooksCsv } from './stand.books';
import { presentReceipt, receiptMail } from './stand.mail';
import { presentPickup, presentProduct } from './stand.presenter';
import * as repo from './stand.repository';
import { stateTax } from './stand.tax';

/**
 * Stand mode (issue 47, decision 575): the farm's phone register. The catalogue is what the phone
 * keeps for a day without signal; a sync applies the phone's queued actions in the order sent, each
 * id once per farm (`stand_actions`, written in the transaction of its effect).
 */

type Farm = NonNullable<Awaited<ReturnType<typeof findFarm>>>;
/** The farm as a sync reads it once: its zone, and the place a sale naming none is made at. */
type StandFarm = Farm & { timeZone: string; defaultPointId?: number | null };

async function farmOf(ctx: AppContext, user: AuthUser): Promise<Farm & { timeZone: string }> {
  const farm = await findFarm(ctx.db, user.id);
  if (!farm) throw notFound('Set up your farm profile first: the stand sells your own products');
  return { ...farm, timeZone: defaultTimeZone(farm.state, farm.zip) };
}

/** The farm's stands and markets, the first being where a sale without a place is made. */
async function placesOf(ctx: AppContext, user: AuthUser) {
  return (await listActivePoints(ctx.db, user.id)).filter((point) => point.kind !== 'delivery');
}

export async function catalog(ctx: AppContext, user: AuthUser): Promise<StandCatalog> {
  const now = ctx.clock.now();
  const farm = await farmOf(ctx, user);
  const today = localDate(now, farm.timeZone);
  const [rows, places, pickups] = await Promise.all([
    repo.farmProducts(ctx.db, user.id),
    placesOf(ctx, user),
    repo.pickupsOn(ctx.db, user.id, [addDaysToDate(today, -1), today, addDaysToDate(today, 1)]),
  ]);
  // What the shop would list now: the same rule the line check judges a sale by.
  const listed = new Map(
    (await ctx.reads.productsForOrder(rows.map((r) => r.product.id))).map((p) => [p.id, isProductPublic(p, now)]),
  );
  const sellable = rows.filter((r) => listed.get(r.product.id) && !r.product.share && r.product.category !== 'herdshare');
  // The tenders as at the farm's first place that is an incentive's market, else its first place:
  // the phone offers the incentive only at the places that are its markets (`places`).
  const termsPlace = places.find((p) => p.incentiveMarket !== null) ?? places[0];
  const terms = await standTerms(ctx, user.id, termsPlace?.id ?? null, today);
  return {
    as_of: now.toISOString(),
    today,
    farm: { user_id: user.id, farm_name: farm.farmName, time_zone: farm.timeZone, state: farm.state ?? '' },
    products: sellable.flatMap((r) => presentProduct(r.product, r.variants, benefitProduct(r.product))),
    tenders: { kinds: terms.kinds, incentive: terms.incentive, market: terms.market },
    tax: stateTax(farm.state ?? ''),
    pickups: pickups.filter(({ order }) => localDate(now, order.timeZone) === order.windowDate).map(presentPickup),
    places: places.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      time_zone: p.timeZone,
      incentive_market: p.incentiveMarket,
    })),
  };
}

/** The day's books in the farm's zone (today when no date is given): stand sales and pickups handed over. */
export async function day(ctx: AppContext, user: AuthUser, date: string | undefined): Promise<StandDay> {
  const farm = await farmOf(ctx, user);
  const on = date ?? localDate(ctx.clock.now(), farm.timeZone);
  const [rows, benefits] = await Promise.all([repo.salesOfDay(ctx.db, user.id, on), findBenefits(ctx.db, user.id)]);
  return dayBooks(on, { ...farm, fnsNumber: benefits?.fnsNumber ?? null }, rows);
}

export async function dayCsv(ctx: AppContext, user: AuthUser, date: string | undefined) {
  return dayBooksCsv(await day(ctx, user, date));
}

/** Applies the phone's actions in the order sent, one after the other, each once per farm. */
export async function sync(ctx: AppContext, user: AuthUser, input: StandSyncRequest): Promise<StandSyncResponse> {
  // Read once per batch: a sale that names no place is made at the farm's first stand or market.
  const [found, places] = await Promise.all([farmOf(ctx, user), placesOf(ctx, user)]);
  const farm: StandFarm = { ...found, defaultPointId: places[0]?.id ?? null };
  const results: StandActionResult[] = [];
  for (const action of input.actions) results.push(await applyAction(ctx, user, farm, action));
  return { results };
}

const refused = (id: string, message: string): StandActionResult => ({
  id,
  status: 'refused',
  duplicate: false,
  order_id: null,
  total_cents: null,
  tax_cents: null,
  message,
  conflicts: [],
});

async function applyAction(
  ctx: AppContext,
  user: AuthUser,
  farm: StandFarm,
  action: StandSaleAction | StandPickupAction,
): Promise<StandActionResult> {
  const first = await repo.findAction(ctx.db, user.id, action.id);
  if (first) return { ...first, duplicate: true };
  try {
    const applied =
      action.kind === 'sale' ? await applySale(ctx, user, farm, action) : await applyPickup(ctx, user, farm, action);
    if (applied) return applied;
    // Another request applied the same id a moment ago: its result is the answer.
    const now = await repo.findAction(ctx.db, user.id, action.id);
    if (!now) throw new Error(`stand action ${action.id}: claimed elsewhere but not found`);
    return { ...now, duplicate: true };
  } catch (error) {
    // A rule refused it (nothing was written): the phone keeps it for the farmer to correct.
    if (error instanceof AppError && error.statusCode < 500) return refused(action.id, error.message);
    throw error;
  }
}

/** How old a queued action may be: a phone offline for weeks still syncs; a clock off by years does not date the books. */
const OLDEST_ACTION_DAYS = 60;

/**
 * The device's moment, never later than the server's now, and refused (400, the phone keeps it for
 * the farmer to ring up again) when it is more than `OLDEST_ACTION_DAYS` old: a phone whose clock
 * is wrong would otherwise file the sale in a day's books long gone.
 */
function momentOf(ctx: AppContext, at: string, timeZone: string): Date {
  const now = ctx.clock.now();
  const moment = new Date(Math.min(Date.parse(at), now.getTime()));
  if (now.getTime() - moment.getTime() > OLDEST_ACTION_DAYS * DAY_MS)
    throw badRequest(
      `This was dated ${localDate(moment, timeZone)}, more than ${OLDEST_ACTION_DAYS} days ago: check the phone's date and ring it up again`,
      'at',
    );
  return moment;
}

const tendersOf = (input: StandSaleAction['tenders']) =>
  Object.fromEntries(Object.entries(input).filter(([, cents]) => cents !== undefined)) as Partial<Record<TenderKind, number>>;

/**
 * A walk-up sale (decision 575): checked before the transaction (`checkWalkUp`: every rule, the
 * tax, the tenders), then in one transaction the action's claim, the order with its stock, tax and
 * tenders, and its result; a receipt mail after the commit when the phone asked for one.
 */
async function applySale(
  ctx: AppContext,
  user: AuthUser,
  farm: StandFarm,
  action: StandSaleAction,
): Promise<StandActionResult | null> {
  const at = momentOf(ctx, action.at, farm.timeZone);
  const classes = await repo.taxClasses(
    ctx.db,
    action.lines.map((l) => l.productId),
  );
  const sale = await checkWalkUp(ctx, user, {
    pointId: action.pointId ?? farm.defaultPointId ?? null,
    at,
    device: action.device,
    lines: action.lines,
    tenders: tendersOf(action.tenders),
    taxClassOf: (id) => classes.get(id) ?? 'food',
  });
  const outcome = await recordSale(ctx, user, farm, action, sale, at, () => []);
  if (!outcome) return null;
  if (outcome.mail && outcome.mailId !== null)
    void ctx.mailer.dispatch(outcome.mailId, outcome.mail).catch((error) => console.error('stand receipt failed', error));
  return outcome.result;
}

/**
 * In one transaction: the action's claim, the walk-up sale (its stock, tax and tenders), its result
 * with the oversold lines and `more` conflicts, and the receipt mail the phone asked for.
 */
async function recordSale(
  ctx: AppContext,
  user: AuthUser,
  farm: StandFarm,
  action: StandSaleAction | StandPickupAction,
  sale: CheckedWalkUp,
  at: Date,
  more: (saleId: number) => StandConflict[],
) {
  const receiptEmail = action.kind === 'sale' ? action.receiptEmail : null;
  const site = receiptEmail ? await ctx.mailer.site() : null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const claim = await repo.claimAction(tx, {
      producerUserId: user.id,
      actionId: action.id,
      kind: action.kind,
      device: action.device,
      happenedAt: at,
      appliedAt: ctx.clock.now(),
    });
    if (claim === null) return null;
    const placed = await placeWalkUp(ctx, tx, sale, user);
    const conflicts: StandConflict[] = [
      ...more(placed.order.id),
      ...placed.items.flatMap((item, i) => {
        const over = placed.sold[i]?.oversold ?? 0;
        if (over === 0) return [];
        const name = lineName(item.productName, item.variantName);
        return [
          {
            kind: 'oversold' as const,
            message: `Sold ${item.quantity} ${name} at the stand, ${over} more than was left: stock set to 0; check the online orders`,
            productId: item.productId,
            orderId: placed.order.id,
          },
        ];
      }),
    ];
    const result: StandActionResult = {
      id: action.id,
      status: 'applied',
      duplicate: false,
      order_id: placed.order.id,
      total_cents: sale.totalCents,
      tax_cents: sale.tax.taxCents,
      message: `Sale #${placed.order.id} recorded: ${formatCents(sale.totalCents)}${sale.change > 0 ? `, change ${formatCents(sale.change)}` : ''}`,
      conflicts,
    };
    await repo.saveResult(tx, claim, placed.order.id, result);
    const mail =
      receiptEmail && site
        ? await ctx.mailer.render(
            receiptMail(
              receiptEmail,
              presentReceipt({
                farmName: farm.farmName,
                orderId: placed.order.id,
                at,
                timeZone: farm.timeZone,
                items: placed.items,
                ...sale.tax,
                tenders: sale.tenders,
                totalCents: sale.totalCents,
              }),
            ),
            site,
          )
        : null;
    const mailId = mail ? await insertOutboxRow(tx, mail) : null;
    return { result, mail, mailId, productIds: placed.items.flatMap((i) => (i.productId === null ? [] : [i.productId])) };
  });
  if (outcome) for (const id of outcome.productIds) forgetPublicProduct(ctx, id);
  return outcome;
}

/**
 * A pickup handed over at the stand: weighed, paid and picked up with its record, in one
 * transaction. An order closed meanwhile (cancelled, declined, expired, a no-show) is not refused
 * and not dropped: the food handed over is recorded as a walk-up sale of its lines with what was
 * paid, and the farmer is shown the conflict (decision 575).
 */
async function applyPickup(
  ctx: AppContext,
  user: AuthUser,
  farm: StandFarm,
  action: StandPickupAction,
): Promise<StandActionResult | null> {
  const at = momentOf(ctx, action.at, farm.timeZone);
  const input = { orderId: action.orderId, at, weights: action.weights, tenders: tendersOf(action.tenders) };
  const checked = await checkStandPickup(ctx, user, input);
  if (checked.kind === 'closed') return pickupAsSale(ctx, user, farm, action, checked, at);
  const outcome = await ctx.db.transaction(async (tx) => {
    const claim = await repo.claimAction(tx, {
      producerUserId: user.id,
      actionId: action.id,
      kind: 'pickup',
      device: action.device,
      happenedAt: at,
      appliedAt: ctx.clock.now(),
    });
    if (claim === null) return null;
    const handed = await applyStandPickup(tx, checked, user, input);
    const result: StandActionResult = {
      id: action.id,
      status: 'applied',
      duplicate: false,
      order_id: checked.order.id,
      total_cents: handed.totalCents,
      tax_cents: 0,
      message: handed.moved
        ? `Order #${checked.order.id}: payment recorded and picked up`
        : `Order #${checked.order.id} was already picked up: payment recorded`,
      conflicts: [],
    };
    await repo.saveResult(tx, claim, checked.order.id, result);
    return { result, moved: handed.moved };
  });
  if (!outcome) return null;
  if (outcome.moved) await announceStandPickup(ctx, checked.order);
  return outcome.result;
}

/** The food of a pickup closed meanwhile, recorded as a walk-up sale at the order's prices (no tax was on them). */
async function pickupAsSale(
  ctx: AppContext,
  user: AuthUser,
  farm: StandFarm,
  action: StandPickupAction,
  closed: {
    order: { id: number; status: Parameters<typeof closedText>[0]; pointId: number | null; shopperName: string };
    lines: WalkUpLine[];
  },
  at: Date,
): Promise<StandActionResult | null> {
  const { order } = closed;
  const classes = await repo.taxClasses(
    ctx.db,
    closed.lines.map((l) => l.productId),
  );
  const places = await placesOf(ctx, user);
  const sale = await checkWalkUp(ctx, user, {
    pointId: places.some((p) => p.id === order.pointId) ? order.pointId : null,
    at,
    device: action.device,
    lines: closed.lines,
    tenders: tendersOf(action.tenders),
    taxClassOf: (id) => classes.get(id) ?? 'food',
    taxed: false,
    name: `${order.shopperName} (order #${order.id}, ${closedText(order.status)})`,
  });
  const placed = await recordSale(ctx, user, farm, action, sale, at, (saleId) => [
    {
      kind: order.status === 'no_show' ? 'pickup_changed' : 'pickup_cancelled',
      message: `Order #${order.id} was ${closedText(order.status)} while the phone was offline, but its food was handed over: recorded as walk-up sale #${saleId}`,
      productId: null,
      orderId: order.id,
    },
  ]);
  return placed?.result ?? null;
}
