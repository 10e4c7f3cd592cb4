import type { StateCode } from '@farmstand/shared';
import { checkTender, couponEligible, type TenderPlan, tenderPlan } from '@farmstand/shared/benefits/eligibility';
import {
  type BENEFIT_PROGRAMMES,
  type BenefitProgramme,
  type BenefitTable,
  type Incentive,
  TENDER_KINDS,
  TENDER_LABELS,
  type TenderKind,
} from '@farmstand/shared/benefits/programmes';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type {
  AdminBenefitsList,
  AdminBenefitsTotals,
  OrderBenefits,
  ProducerBenefitsRequest,
  PublicBenefits,
  SnapStatus,
  TendersRequest,
} from '@farmstand/shared/schemas/benefits';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { farmToday } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { insertAdminLog } from '../admin';
import * as csaRepo from '../csa/csa.repository';
import { itemAmounts, orderAmounts } from '../orders/order-lines';
import { lockShopper } from '../orders/order-placement.repository';
import { assertCanRead, ORDER_NOT_FOUND, roleOf } from '../orders/orders.policy';
import * as ordersRepo from '../orders/orders.repository';
import * as standingRepo from '../standing/standing.repository';
import { buildLedger, ledgerCsv, ledgerFileName, ledgerPdf } from './benefits.ledger';
import {
  acceptedTenders,
  benefitProduct,
  couponDateRefusal,
  incentiveAt,
  shareProduct,
  type Take,
  takesOn,
  tenderTimingRefusal,
} from './benefits.policy';
import {
  presentAdminRow,
  presentMine,
  presentPublic,
  snapStatusMessage,
  sumTenders,
  tenderCents,
  tenderColumns,
} from './benefits.presenter';
import * as repo from './benefits.repository';
import { incentiveOfState, loadBenefitTable } from './programmes.service';

type SaveInput = z.output<typeof ProducerBenefitsRequest>;

/**
 * Benefits at pickup (decision 516): the farm says which benefits it takes, an admin verifies its
 * SNAP retailer number, the order shows what each benefit can pay, the farm records what was
 * tendered (refused above the rules of `packages/shared/src/benefits/eligibility.ts`), and downloads
 * the month's ledger. Farmstand never takes, holds or processes a benefit.
 */

const NO_FARM = 'Set up your farm profile first: the benefits you can take follow your farm’s state';

async function ownFarm(ctx: AppContext, producer: AuthUser) {
  const farm = await repo.findFarm(ctx.db, producer.id);
  if (!farm) throw notFound(NO_FARM);
  return farm;
}

export async function mine(ctx: AppContext, producer: AuthUser) {
  const farm = await ownFarm(ctx, producer);
  const row = await repo.findBenefits(ctx.db, producer.id);
  const incentive = await incentiveOfState(ctx.db, farm.state);
  return {
    benefits: presentMine(row, farm.state, incentive, await repo.marketPlaces(ctx.db, producer.id)),
    message: snapStatusMessage(row),
  };
}

/**
 * Saves what the farm takes. A new or changed FNS number waits for an admin (pending, the old
 * note cleared); no number is 'none'; the same number keeps its review. A coupon the farm takes
 * must have an authorisation that has not ended.
 */
export async function saveMine(ctx: AppContext, producer: AuthUser, input: SaveInput) {
  const farm = await ownFarm(ctx, producer);
  const today = await farmToday(ctx);
  const refusal =
    couponDateRefusal('wic_fmnp', 'WIC FMNP', input.wic_fmnp, today) ??
    couponDateRefusal('senior_fmnp', 'Senior FMNP', input.senior_fmnp, today);
  if (refusal) throw refusal;
  const incentive = await incentiveOfState(ctx.db, farm.state);
  const current = await repo.findBenefits(ctx.db, producer.id);
  // The farm's own market from before decision 540: kept unless the request names one (or none).
  const market =
    input.incentive_market === undefined
      ? (current?.incentiveMarket ?? null)
      : input.incentive_market
        ? marketOf(incentive, input.incentive_market)
        : null;
  const fns = input.fns_number;
  const snap =
    fns === null
      ? { snapStatus: 'none' as SnapStatus, snapNote: null, snapReviewedAt: null, snapReviewedBy: null }
      : fns !== current?.fnsNumber
        ? { snapStatus: 'pending' as SnapStatus, snapNote: null, snapReviewedAt: null, snapReviewedBy: null }
        : {
            snapStatus: current.snapStatus,
            snapNote: current.snapNote,
            snapReviewedAt: current.snapReviewedAt,
            snapReviewedBy: current.snapReviewedBy,
          };
  await repo.saveBenefits(
    ctx.db,
    producer.id,
    {
      fnsNumber: fns,
      ...snap,
      wicFmnpAccepted: input.wic_fmnp.accepted,
      wicFmnpExpiresOn: input.wic_fmnp.expires_on,
      seniorFmnpAccepted: input.senior_fmnp.accepted,
      seniorFmnpExpiresOn: input.senior_fmnp.expires_on,
      incentiveMarket: market,
    },
    ctx.clock.now(),
  );
  const row = await repo.findBenefits(ctx.db, producer.id);
  const notes = [
    snap.snapStatus === 'pending' ? 'Saved. An admin checks your FNS number before shoppers see that you take SNAP.' : 'Saved.',
  ];
  if (input.incentive_market && !incentive)
    notes.push('Farmstand knows no incentive programme running in your state, so shoppers are not shown one.');
  return {
    benefits: presentMine(row, farm.state, incentive, await repo.marketPlaces(ctx.db, producer.id)),
    message: notes.join(' '),
  };
}

/**
 * The farm's market as the incentive lists it: where an admin listed the participating markets, the
 * farm's must be one of them (spelled as the list spells it); with no list (or no incentive), the
 * farm's own words.
 */
export function marketOf(incentive: Incentive | null, market: string): string {
  if (!incentive || incentive.markets.length === 0) return market;
  const listed = incentive.markets.find((m) => m.toLowerCase() === market.toLowerCase());
  if (!listed)
    throw badRequest(
      `${market} is not a participating market of ${incentive.name}. Choose one of: ${incentive.markets.join(', ')}`,
      'incentive_market',
    );
  return listed;
}

/**
 * What a farm takes now, for badges and plans (anyone): the incentive, where its places offer one
 * (`incentiveAt`, decision 540), with each such place, so checkout shows the match only at those.
 */
export async function publicBenefits(ctx: AppContext, userId: number): Promise<PublicBenefits> {
  const farm = await repo.findFarm(ctx.db, userId);
  if (!farm) throw notFound('Farm not found');
  const row = await repo.findBenefits(ctx.db, userId);
  const table = await loadBenefitTable(ctx.db);
  const places = (await repo.marketPlaces(ctx.db, userId)).flatMap((place) => {
    const offered = incentiveAt(table, { state: place.state, incentiveMarket: place.market });
    return offered ? [{ ...place, ...offered }] : [];
  });
  return presentPublic(userId, farm.state, takesOn(row, farm.state, await farmToday(ctx), places), places);
}

/** Of the benefits a shopper plans to pay with, those the farm takes on the pickup day (`takesOn`, the one rule). */
export async function plannedTakenOn(
  ctx: AppContext,
  farm: { userId: number; state: string | null },
  planned: readonly BenefitProgramme[],
  pickupDay: string,
): Promise<BenefitProgramme[]> {
  if (planned.length === 0) return [];
  // The incentive is no planned benefit (it matches them), so no place is read.
  const takes = takesOn(await repo.findBenefits(ctx.db, farm.userId), farm.state ?? '', pickupDay, []);
  return planned.filter((programme) => takes.includes(programme));
}

/**
 * The benefits a shopper plans to pay an order (or a standing reservation's orders) with, told to
 * the farm (decision 516): each must be one the farm takes on the pickup day, else 400 naming it.
 * Nothing is read when the shopper chose none.
 */
export async function assertTakesPlanned(
  ctx: AppContext,
  farm: { userId: number; farmName: string; state: string | null },
  planned: readonly BenefitProgramme[],
  pickupDay: string,
) {
  const taken = await plannedTakenOn(ctx, farm, planned, pickupDay);
  const refused = planned.find((programme) => !taken.includes(programme));
  if (refused)
    throw badRequest(
      `${farm.farmName} does not take ${TENDER_LABELS[refused]} for a pickup on ${formatDateOnly(pickupDay, { weekday: 'long', month: 'long', day: 'numeric' })}; untick it to place your reservation`,
      'plannedBenefits',
    );
}

// --- an order's plan and its tenders ------------------------------------------------------------

/** What the plan of an order is computed from, read once (outside any transaction). */
type Basis = {
  order: ordersRepo.OrderRow;
  state: string;
  takes: Take[];
  table: BenefitTable;
  incentive: Incentive | null;
  incentiveMarket: string | null;
  lines: { item: ordersRepo.ItemRow; totalCents: number; product: ReturnType<typeof benefitProduct> }[];
  totalCents: number;
};

/**
 * The programmes are judged on the order's pickup day (its local date), the day the food is handed
 * over and paid: a coupon whose authorisation ends before it is not counted, as placing the order
 * for that day is refused (decision 541). The incentive is offered only when the order's pickup
 * place is one of the incentive's participating markets (decision 540).
 */
async function basisOf(ctx: AppContext, order: ordersRepo.OrderRow): Promise<Basis> {
  const [items, farm, row, place] = await Promise.all([
    ordersRepo.findItems(ctx.db, order.id),
    repo.findFarm(ctx.db, order.producerUserId),
    repo.findBenefits(ctx.db, order.producerUserId),
    order.pointId === null ? Promise.resolve(undefined) : ctx.reads.pickupPoint(order.pointId),
  ]);
  items.sort((a, b) => a.id - b.id);
  const boxIds = await shareBoxOf(ctx, order, items);
  const kinds = await repo.productKinds(ctx.db, [
    ...items.flatMap((i) => (i.productId === null ? [] : [i.productId])),
    ...(boxIds ?? []),
  ]);
  const share = boxIds ? shareProduct(boxIds.map((id) => benefitProduct(kinds.get(id)))) : null;
  const state = farm?.state ?? '';
  const table = await loadBenefitTable(ctx.db);
  // The incentive of the place's state, at a place that is one of its markets (decision 540).
  const offered = incentiveAt(table, place?.point);
  const takes = takesOn(row, state, order.windowDate, offered ? [offered] : []);
  const incentive = offered && takes.includes('incentive') ? offered : null;
  return {
    order,
    state,
    takes,
    table,
    incentive: incentive?.incentive ?? null,
    incentiveMarket: incentive?.market ?? null,
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
    totalCents: orderAmounts(items, order.deliveryFee).totalCents,
  };
}

/**
 * The products a CSA week's share stands for (decision 541), or null for any other order: the box's
 * items in the order (the share's price pays for them), else, when the week's box was not posted
 * before the order was placed, the items of the plan's latest box.
 */
async function shareBoxOf(ctx: AppContext, order: ordersRepo.OrderRow, items: ordersRepo.ItemRow[]): Promise<number[] | null> {
  if (order.standingId === null || !items.some((i) => i.productId === null)) return null;
  const standing = await standingRepo.findStanding(ctx.db, order.standingId);
  if (!standing?.plan) return null;
  const inOrder = items.flatMap((i) => (i.productId === null ? [] : [i.productId]));
  if (inOrder.length > 0) return inOrder;
  const [latest] = await csaRepo.boxesOf(ctx.db, standing.plan.id, 1);
  return latest ? latest.items.map((i) => i.productId) : [];
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
    ? repo.incentiveRecordedThatDay(db, {
        customerId: basis.order.customerId,
        market: basis.incentiveMarket,
        windowDate: basis.order.windowDate,
        exceptOrderId: basis.order.id,
      })
    : Promise.resolve(0);

function presentOrderBenefits(basis: Basis, plan: TenderPlan, recorded: repo.TendersRow | undefined): OrderBenefits {
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

async function orderView(ctx: AppContext, order: ordersRepo.OrderRow) {
  const basis = await basisOf(ctx, order);
  const plan = planOf(basis, await matchedToday(ctx.db, basis));
  const benefits = presentOrderBenefits(basis, plan, await repo.findTenders(ctx.db, order.id));
  return benefits;
}

/** The order's plan and what was recorded: its shopper, its farm (and admins, as for the order itself). */
export async function orderBenefits(ctx: AppContext, user: AuthUser, id: number) {
  const order = assertCanRead(await ordersRepo.findOrderRow(ctx.db, id), user);
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
  const order = await ordersRepo.findOrderRow(ctx.db, id);
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
    await repo.lockBenefits(tx, order.producerUserId);
    const plan = planOf(basis, await matchedToday(tx, basis));
    const message = checkTender(plan, tendered, basis.incentive);
    if (message) throw badRequest(message);
    await repo.saveTenders(tx, {
      orderId: order.id,
      ...tenderColumns(tendered),
      incentiveMarket: (tendered.incentive ?? 0) > 0 ? basis.incentiveMarket : null,
      recordedAt: now,
      recordedBy: producer.id,
    });
  });
  return { benefits: await orderView(ctx, order), message: 'Tenders recorded' };
}

// --- the monthly ledger ---------------------------------------------------------------------------

export type LedgerFile =
  | { format: 'json'; ledger: ReturnType<typeof buildLedger>['ledger'] }
  | { format: 'csv' | 'pdf'; body: Buffer; filename: string };

export async function ledger(
  ctx: AppContext,
  producer: AuthUser,
  query: { month: string; format: 'json' | 'csv' | 'pdf' },
): Promise<LedgerFile> {
  const farm = await ownFarm(ctx, producer);
  const rows = await repo.tendersOfMonth(ctx.db, producer.id, query.month);
  const built = buildLedger(query.month, farm.farmName, rows);
  if (query.format === 'json') return { format: 'json', ledger: built.ledger };
  if (query.format === 'csv')
    return {
      format: 'csv',
      body: Buffer.from(ledgerCsv(built.ledger, built.markets), 'utf8'),
      filename: ledgerFileName(query.month, 'csv'),
    };
  return {
    format: 'pdf',
    body: Buffer.from(await ledgerPdf(built.ledger, built.markets)),
    filename: ledgerFileName(query.month, 'pdf'),
  };
}

// --- admin ----------------------------------------------------------------------------------------

export async function adminList(ctx: AppContext, status: SnapStatus): Promise<AdminBenefitsList> {
  return { producers: (await repo.listByStatus(ctx.db, status)).map(presentAdminRow) };
}

/**
 * An admin verifies or rejects the farm's pending FNS number (a rejection says why). Logged with
 * the admin's note; the producer is mailed the outcome and told in the app.
 */
export async function review(ctx: AppContext, admin: AuthUser, userId: number, input: { approve: boolean; note: string | null }) {
  const note = input.note || null;
  if (!input.approve && !note) throw badRequest('Say why the number is rejected', 'note');
  const farm = await repo.findFarm(ctx.db, userId);
  if (!farm) throw notFound('Farm not found');
  const status = input.approve ? 'verified' : 'rejected';
  const at = ctx.clock.now();
  const general = await ctx.settings.get('general');
  await ctx.db.transaction(async (tx) => {
    await repo.lockBenefits(tx, userId);
    const row = await repo.findBenefits(tx, userId);
    if (!row?.fnsNumber || row.snapStatus !== 'pending') throw conflict('This farm has no FNS number waiting for review');
    await repo.setReview(tx, userId, { status, note, at, by: admin.id });
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: input.approve ? 'verify_snap_number' : 'reject_snap_number',
      targetType: 'producer',
      targetId: String(userId),
      details: { fns_number: row.fnsNumber, ...(note ? { notes: note } : {}) },
    });
  });
  const row = await repo.findBenefits(ctx.db, userId);
  const notice = input.approve
    ? 'Your FNS retailer number was verified: shoppers now see that you take SNAP.'
    : 'Your FNS retailer number was not verified, so shoppers do not see that you take SNAP.';
  ctx.events.emit('notification', { userId, message: notice });
  const siteName = general.site_name || 'Farmstand';
  await ctx.mailer
    .send({
      to: farm.email,
      subject: `${siteName}: ${input.approve ? 'your SNAP retailer number is verified' : 'your SNAP retailer number was not verified'}`,
      heading: input.approve ? 'Your SNAP retailer number is verified' : 'Your SNAP retailer number was not verified',
      paragraphs: [
        `Hello ${farm.farmName},`,
        notice,
        ...(note ? [`Note from the administrator: ${note}`] : []),
        ...(input.approve
          ? []
          : ['Check the number against your USDA FNS authorisation letter, then save it again on your benefits page.']),
      ],
      action: { label: 'See your benefits', url: `${ctx.config.publicUrl}/dashboard` },
      reason: 'You are getting this because you gave an FNS retailer number for your farm.',
    })
    .catch((error: unknown) => console.error('benefits review mail failed', error));
  return {
    benefits: presentMine(row, farm.state, await incentiveOfState(ctx.db, farm.state), await repo.marketPlaces(ctx.db, userId)),
    message: input.approve
      ? `${farm.farmName}’s FNS number is verified: shoppers now see that the farm takes SNAP.`
      : `${farm.farmName}’s FNS number is rejected; the farm was told why.`,
  };
}

/** The platform's recorded tenders in a month, every kind (0 where none). */
export async function adminTotals(ctx: AppContext, month: string): Promise<AdminBenefitsTotals> {
  const of = await repo.platformTotals(ctx.db, month);
  return { month, rows: TENDER_KINDS.map((kind) => ({ kind, label: TENDER_LABELS[kind], ...of(kind) })) };
}
