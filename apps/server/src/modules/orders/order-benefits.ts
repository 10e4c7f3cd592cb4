import type { StateCode } from '@farmstand/shared';
import { checkTender, couponEligible, snapMayPay, type TenderPlan, tenderPlan } from '@farmstand/shared/benefits/eligibility';
import type { BENEFIT_PROGRAMMES, BenefitTable, Incentive, TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { OrderBenefits, TendersRequest } from '@farmstand/shared/schemas/benefits';
import { ORDER_STATUS_LABELS } from '@farmstand/shared/schemas/orders';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import {
  acceptedTenders,
  benefitProduct,
  findBenefits,
  findFarm,
  findTenders,
  incentiveAt,
  incentiveRecordedThatDay,
  latestShareBox,
  loadBenefitTable,
  lockBenefits,
  productKinds,
  saveTenders,
  shareProduct,
  sumTenders,
  type Take,
  type TendersRow,
  takesOn,
  tenderCents,
  tenderColumns,
} from '../benefits';
import { itemAmounts, orderAmounts } from './order-lines';
import { lockShopper } from './order-placement.repository';
import { assertCanRead, ORDER_NOT_FOUND, roleOf } from './orders.policy';
import * as repo from './orders.repository';

/**
 * An order's benefits at pickup (decision 516): its tender plan (what each benefit can pay, by the
 * benefits module's rules for the farm and the place) and what the farm recorded. The order is
 * read here, in the orders module, above the benefits it asks.
 */

/**
 * When tenders may be recorded: once the food is handed over or about to be, from its pickup day on
 * (the day in the pickup place's zone), whatever its state says: a picked-up order, or an accepted
 * or ready one, since farms often record at the stand before marking the order picked up. Requests,
 * declined, cancelled, expired and no-show orders had no pickup: nothing was tendered.
 */
export function tenderTimingRefusal(order: repo.OrderRow, at: Date): AppError | null {
  if (order.status === 'picked_up' || order.status === 'accepted' || order.status === 'ready') {
    if (localDate(at, order.timeZone) >= order.windowDate) return null;
    return conflict(
      `Order #${order.id} is picked up on ${formatDateOnly(order.windowDate, { weekday: 'long', month: 'long', day: 'numeric' })}; record what was tendered from that day`,
    );
  }
  return conflict(
    `Order #${order.id} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: tenders are recorded only for orders handed over at pickup`,
  );
}

/** What the plan of an order is computed from, read once (outside any transaction). */
type Basis = {
  order: repo.OrderRow;
  state: string;
  takes: Take[];
  table: BenefitTable;
  incentive: Incentive | null;
  incentiveMarket: string | null;
  lines: { item: repo.ItemRow; totalCents: number; product: ReturnType<typeof benefitProduct> }[];
  totalCents: number;
};

/**
 * What the farm takes on a day at a place, by the benefits module's rules: its state, the
 * programmes it takes that day, the table in force, and the incentive where the place is one of
 * the incentive's markets (decision 540).
 */
async function termsOf(ctx: AppContext, producerUserId: number, pointId: number | null, date: string) {
  const [farm, row, place, table] = await Promise.all([
    findFarm(ctx.db, producerUserId),
    findBenefits(ctx.db, producerUserId),
    pointId === null ? Promise.resolve(undefined) : ctx.reads.pickupPoint(pointId),
    loadBenefitTable(ctx.db),
  ]);
  const state = farm?.state ?? '';
  // The incentive of the place's state, at a place that is one of its markets (decision 540).
  const offered = incentiveAt(table, place?.point);
  const takes = takesOn(row, state, date, offered ? [offered] : []);
  const incentive = offered && takes.includes('incentive') ? offered : null;
  return { state, takes, table, incentive: incentive?.incentive ?? null, incentiveMarket: incentive?.market ?? null };
}

/**
 * The tenders a farm takes at its stand or market on a day (the catalogue the phone keeps, decision
 * 575): the same terms a pickup order there is judged by.
 */
export async function standTerms(ctx: AppContext, producerUserId: number, pointId: number | null, date: string) {
  const terms = await termsOf(ctx, producerUserId, pointId, date);
  return {
    state: terms.state,
    kinds: acceptedTenders(terms.takes, terms.state, terms.table).kinds,
    incentive: terms.incentive,
    market: terms.incentiveMarket,
  };
}

/**
 * The tender plan and refusal rule of a sale that is not an order yet (a walk-up sale at the
 * stand, decision 575): its lines at the sale's place and day, by the rules a pickup order there is
 * judged by (`tenderPlan`, `checkTender`). `extraCents` (the sale's tax) is added to the total and
 * the rest, as an order's delivery fee is: no benefit pays it. The shopper is not known, so the
 * incentive's daily cap counts this sale alone. Answers, per line, whether SNAP may pay it.
 */
export async function salePlan(
  ctx: AppContext,
  sale: { producerUserId: number; pointId: number | null; date: string },
  lines: readonly { productId: number | null; totalCents: number }[],
) {
  const [terms, kinds] = await Promise.all([
    termsOf(ctx, sale.producerUserId, sale.pointId, sale.date),
    productKinds(
      ctx.db,
      lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
    ),
  ]);
  const basket = lines.map((l) => ({
    totalCents: l.totalCents,
    product: benefitProduct(l.productId === null ? undefined : kinds.get(l.productId)),
  }));
  const accepted = acceptedTenders(terms.takes, terms.state, terms.table);
  const snapMay = basket.map((l) => snapMayPay(accepted, l.product));
  const plan = (extraCents: number): TenderPlan => {
    const base = tenderPlan(basket, accepted, terms.incentive, 0);
    return { ...base, totalCents: base.totalCents + extraCents, restCents: base.restCents + extraCents };
  };
  return {
    snapMay,
    incentiveMarket: terms.incentiveMarket,
    /** The rule's own sentence when the tenders break it, else null. */
    refusal: (tendered: Partial<Record<TenderKind, number>>, extraCents: number) =>
      checkTender(plan(extraCents), tendered, terms.incentive),
  };
}

/**
 * The programmes are judged on the order's pickup day (its local date), the day the food is handed
 * over and paid: a coupon whose authorisation ends before it is not counted, as placing the order
 * for that day is refused (decision 541). The incentive is offered only when the order's pickup
 * place is one of the incentive's participating markets (decision 540).
 */
async function basisOf(ctx: AppContext, order: repo.OrderRow, weighed?: repo.ItemRow[]): Promise<Basis> {
  const [items, terms] = await Promise.all([
    weighed ? [...weighed] : repo.findItems(ctx.db, order.id),
    termsOf(ctx, order.producerUserId, order.pointId, order.windowDate),
  ]);
  items.sort((a, b) => a.id - b.id);
  const boxIds = await shareBoxOf(ctx, order, items);
  const kinds = await productKinds(ctx.db, [
    ...items.flatMap((i) => (i.productId === null ? [] : [i.productId])),
    ...(boxIds ?? []),
  ]);
  const share = boxIds ? shareProduct(boxIds.map((id) => benefitProduct(kinds.get(id)))) : null;
  return {
    order,
    ...terms,
    // Line amounts exactly as the order's own (order-lines.ts): a by-weight line not yet weighed is its estimate.
    lines: items.map((item) => ({
      item,
      totalCents: itemAmounts(item).estimateCents,
      // A CSA share's line (no product) is the food its box holds (decision 541).
      product:
        item.productId === null && share
          ? share
          : benefitProduct(item.productId === null ? undefined : kinds.get(item.productId)),
    })),
    totalCents: orderAmounts(items, order.deliveryFeeCents).totalCents,
  };
}

/**
 * The products a CSA week's share stands for (decision 541), or null for any other order: the box's
 * items in the order (the share's price pays for them), else, when the week's box was not posted
 * before the order was placed, the items of the plan's latest box.
 */
async function shareBoxOf(ctx: AppContext, order: repo.OrderRow, items: repo.ItemRow[]): Promise<number[] | null> {
  if (order.standingId === null || !items.some((i) => i.productId === null)) return null;
  const latest = await latestShareBox(ctx.db, order.standingId);
  if (latest === null) return null;
  const inOrder = items.flatMap((i) => (i.productId === null ? [] : [i.productId]));
  return inOrder.length > 0 ? inOrder : latest;
}

/**
 * The plan of the order's items, then its delivery fee, which no benefit pays: it is added to the
 * total and to the rest, so the recorded tenders are bounded by what the shopper owes in all.
 */
function planOf(basis: Basis, matchedTodayCents: number): TenderPlan {
  const plan = tenderPlan(
    basis.lines.map((l) => ({ totalCents: l.totalCents, product: l.product })),
    acceptedTenders(basis.takes, basis.state, basis.table),
    basis.incentive,
    matchedTodayCents,
  );
  const fee = basis.totalCents - plan.totalCents;
  return { ...plan, totalCents: plan.totalCents + fee, restCents: plan.restCents + fee };
}

/** The match the shopper was given that day at the order's market, by any farm (the cap is the market's). */
const matchedToday = (db: AppContext['db'], basis: Basis) =>
  basis.incentive && basis.incentiveMarket
    ? incentiveRecordedThatDay(db, {
        customerId: basis.order.customerId,
        market: basis.incentiveMarket,
        windowDate: basis.order.windowDate,
        exceptOrderId: basis.order.id,
      })
    : Promise.resolve(0);

function presentOrderBenefits(basis: Basis, plan: TenderPlan, recorded: TendersRow | undefined): OrderBenefits {
  const taken = (programme: (typeof BENEFIT_PROGRAMMES)[number], product: Basis['lines'][number]['product']) =>
    basis.takes.includes(programme) ? couponEligible(programme, basis.state as StateCode, product, basis.table).eligible : false;
  return {
    order_id: basis.order.id,
    total_cents: plan.totalCents,
    snap_cents: plan.snapCents,
    coupon_cents: plan.couponCents,
    rest_cents: plan.restCents,
    check_cents: plan.checkCents,
    incentive_match_cents: plan.incentiveMatchCents,
    incentive_cap_left_cents: plan.incentiveCapLeftCents,
    incentive_name: basis.incentive?.name ?? null,
    incentive_market: basis.incentiveMarket,
    takes: basis.takes,
    lines: basis.lines.map((line) => ({
      // A product since removed from the catalogue has no id any more: 0.
      product_id: line.item.productId ?? 0,
      name: lineName(line.item.productName, line.item.variantName),
      total_cents: line.totalCents,
      snap: taken('snap', line.product),
      wic_fmnp: taken('wic_fmnp', line.product),
      senior_fmnp: taken('senior_fmnp', line.product),
    })),
    tenders: recorded ? tenderCents(recorded) : null,
    recorded_at: recorded ? recorded.recordedAt.toISOString() : null,
  };
}

function planMessage(benefits: OrderBenefits): string {
  if (benefits.tenders)
    return `Recorded at pickup: ${formatCents(sumTenders(benefits.tenders as Record<TenderKind, number>))} in all.`;
  if (benefits.takes.length === 0) return 'This farm takes no benefits at pickup: pay in cash, by card or as agreed.';
  return 'Pay at pickup: the farm records what each benefit paid.';
}

async function orderView(ctx: AppContext, order: repo.OrderRow) {
  const basis = await basisOf(ctx, order);
  const plan = planOf(basis, await matchedToday(ctx.db, basis));
  const benefits = presentOrderBenefits(basis, plan, await findTenders(ctx.db, order.id));
  return benefits;
}

/**
 * The tender check of a pickup handed over at the stand (decision 575), for the order with its lines
 * as weighed there: read before the caller's transaction; inside it, `refusal` counts the incentive
 * the shopper was given that day under the shopper's and the farm's row locks (as `recordTenders`
 * does) and answers the rule's sentence or null; `save` records the tenders.
 */
export async function pickupTenders(ctx: AppContext, order: repo.OrderRow, weighed: repo.ItemRow[]) {
  const basis = await basisOf(ctx, order, weighed);
  return {
    refusal: async (tx: Db, tendered: Partial<Record<TenderKind, number>>) => {
      await lockShopper(tx, order.customerId);
      await lockBenefits(tx, order.producerUserId);
      return checkTender(planOf(basis, await matchedToday(tx, basis)), tendered, basis.incentive);
    },
    save: (tx: Db, tendered: Partial<Record<TenderKind, number>>, at: Date, by: number) =>
      saveTenders(tx, {
        orderId: order.id,
        ...tenderColumns(tendered),
        incentiveMarket: (tendered.incentive ?? 0) > 0 ? basis.incentiveMarket : null,
        recordedAt: at,
        recordedBy: by,
      }),
  };
}

/**
 * What was already recorded as paid must still fit the order once its lines change (weighed again,
 * cut short): the same rule as recording it, on the lines as they will be, read before the change is
 * written. A 409 saying to correct the payment first; null when nothing is recorded or it still fits.
 */
export async function recordedTendersRefusal(ctx: AppContext, order: repo.OrderRow, lines: repo.ItemRow[], change: string) {
  const recorded = await findTenders(ctx.db, order.id);
  if (!recorded) return null;
  const rule = await pickupTenders(ctx, order, lines);
  const refused = await ctx.db.transaction((tx) => rule.refusal(tx, tenderCents(recorded)));
  return refused ? conflict(`${refused}. A payment is recorded for order #${order.id}: correct it first, then ${change}`) : null;
}

/** The order's plan and what was recorded: its shopper, its farm (and admins, as for the order itself). */
export async function orderBenefits(ctx: AppContext, user: AuthUser, id: number) {
  const order = assertCanRead(await repo.findOrderRow(ctx.db, id), user);
  const benefits = await orderView(ctx, order);
  return { benefits, message: planMessage(benefits) };
}

/**
 * The farm records what was tendered for its order, replacing any earlier record. Refused (400,
 * with the rule's own sentence) when the shared rule refuses it; the incentive's daily cap counts
 * the shopper's other orders at the same market that day, whichever farm, read under the shopper's
 * row lock (and the farm's) so two records at once cannot both use the same cap. The match is filed
 * under the order's market; a record made before decision 540 keeps the market it was filed under.
 */
export async function recordTenders(ctx: AppContext, producer: AuthUser, id: number, input: TendersRequest) {
  const order = await repo.findOrderRow(ctx.db, id);
  const role = order ? roleOf(order, producer) : 'none';
  if (!order || (role !== 'producer' && role !== 'shopper')) throw notFound(ORDER_NOT_FOUND);
  if (role === 'shopper') throw forbidden('Only the farm records what was tendered for its orders');
  const now = ctx.clock.now();
  const refusal = tenderTimingRefusal(order, now);
  if (refusal) throw refusal;
  // Read before the transaction: settings and the shared reads go through ctx.db, which an open
  // transaction on PGlite blocks.
  const basis = await basisOf(ctx, order);
  const tendered = Object.fromEntries(
    Object.entries(input).filter((entry): entry is [TenderKind, number] => entry[1] !== undefined),
  ) as Partial<Record<TenderKind, number>>;
  await ctx.db.transaction(async (tx) => {
    await lockShopper(tx, order.customerId);
    await lockBenefits(tx, order.producerUserId);
    const plan = planOf(basis, await matchedToday(tx, basis));
    const message = checkTender(plan, tendered, basis.incentive);
    if (message) throw badRequest(message);
    await saveTenders(tx, {
      orderId: order.id,
      ...tenderColumns(tendered),
      incentiveMarket: (tendered.incentive ?? 0) > 0 ? basis.incentiveMarket : null,
      recordedAt: now,
      recordedBy: producer.id,
    });
  });
  return { benefits: await orderView(ctx, order), message: 'Tenders recorded' };
}
