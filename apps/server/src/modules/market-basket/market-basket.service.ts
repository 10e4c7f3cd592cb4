import { snapEligible } from '@farmstand/shared/benefits/eligibility';
import { isInSeason } from '@farmstand/shared/format/season';
import {
  type BasketDay,
  basketDay,
  basketNotice,
  farmClosesAt,
  isBasketOpen,
  marketDayText,
} from '@farmstand/shared/markets/basket-window';
import { nextMarketDates } from '@farmstand/shared/markets/calendar';
import {
  MARKET_BASKET_MAX_FARMS,
  type MarketOffer,
  type MarketOrder,
  marketOrderStatus,
  OPEN_PART_STATUSES,
  type PlaceMarketBasketRequest,
} from '@farmstand/shared/schemas/market-basket';
import type { Product } from '@farmstand/shared/schemas/products';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { localDate, zonedTime } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { benefitProduct, findBenefits, plannedTakenOn, takesOn } from '../benefits';
import { findMarket, type MarketRow, staffRoleOf } from '../markets';
import {
  announceMove,
  announcePlaced,
  applyMove,
  type CheckedDraft,
  checkDraft,
  marketOrderParts,
  type OrderDetails,
  orderAmounts,
  placeDraft,
  presentOrder,
  refusal,
} from '../orders';
import { closureOn } from '../pickup';
import { findProducerByUserId, isProfilePublic } from '../producers';
import { listPublicProducts } from '../products';
import * as repo from './market-basket.repository';

/**
 * One basket at the market (issue 49, decision 584): what the market's vendors offer for a market
 * day, a shopper's basket placed once as one order per farm linked by a market order (all parts or
 * none, stock taken at placement), and the market order read and cancelled as one.
 */

type PlaceInput = z.output<typeof PlaceMarketBasketRequest>;

/** Market days a shopper may choose between on the market's page. */
const DAYS_OFFERED = 4;
/** Products read per vendor for the offer. */
const PRODUCTS_PER_VENDOR = 200;
/** A shopper's market orders listed at most. */
const LISTED = 100;

const MARKET_ORDER_NOT_FOUND = 'Market order not found';
const CANCELLABLE = ['requested', 'accepted'];

const zonedIn = (market: MarketRow) => (date: string, hhmm: string) => zonedTime(date, hhmm, market.timeZone);

/** The market with its basket on, or a 404 that says why. */
async function basketMarket(ctx: AppContext, marketId: number): Promise<MarketRow> {
  const market = await findMarket(ctx.db, marketId);
  if (!market) throw notFound('Market not found');
  if (!market.basketOn) throw notFound(`${market.name} takes no market basket orders`);
  return market;
}

/** The coming market days whose ordering has not closed yet. */
function comingDays(market: MarketRow, now: Date): BasketDay[] {
  const zoned = zonedIn(market);
  return nextMarketDates(market, localDate(now, market.timeZone), DAYS_OFFERED + 2)
    .map((date) => basketDay(market, date, zoned) as BasketDay)
    .filter((day) => day.closesAt.getTime() > now.getTime())
    .slice(0, DAYS_OFFERED);
}

/** A product as the offer shows it, or null when it cannot be reserved for the market day. */
function offerProduct(product: Product, date: string): MarketOffer['vendors'][number]['products'][number] | null {
  if (product.category === 'herdshare' || product.share !== null || product.availability === 'sold_out') return null;
  if (product.stock_quantity !== null && product.stock_quantity <= 0) return null;
  if (!isInSeason(date, product)) return null;
  const variants = product.variants
    .filter((v) => v.availability !== 'sold_out' && v.stock_quantity !== 0 && v.price !== null)
    .map((v) => ({ id: v.id, name: v.name, price: v.price, priceUnit: v.price_unit, stockQuantity: v.stock_quantity }));
  if (product.variants.length > 0 ? variants.length === 0 : product.price === null) return null;
  const eligibility = snapEligible(
    benefitProduct({
      category: product.category,
      inspection: product.inspection,
      originState: product.origin_state,
      taxClass: product.tax_class,
    }),
  );
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    imageUrl: product.primary_image_url,
    price: product.price,
    priceUnit: product.price_unit,
    weightUnit: product.weight_unit,
    packMin: product.pack_min,
    packMax: product.pack_max,
    stockQuantity: product.stock_quantity,
    variants,
    snapEligible: eligibility.eligible === true,
  };
}

/**
 * `GET /api/markets/:id/offer?date=` (public): the approved vendors with a place at the market whose
 * farm page is public and whose place is open that day, each with its public products that can be
 * reserved for the day, its own close (the farm's earlier cut-off) and whether it takes SNAP; the
 * market's ordering window and the days to choose from. No date: the coming market day still open.
 */
export async function marketOffer(ctx: AppContext, marketId: number, date: string | undefined): Promise<MarketOffer> {
  const market = await basketMarket(ctx, marketId);
  const now = ctx.clock.now();
  const days = comingDays(market, now);
  const chosen = date ?? days[0]?.date;
  if (!chosen) throw notFound(`${market.name} has no coming market day to order for; its season may be over`);
  const day = basketDay(market, chosen, zonedIn(market));
  if (!day) throw notFound(`${market.name} is not open on ${marketDayText(chosen)}; choose one of its market days`);
  const vendors = await Promise.all(
    (await repo.basketVendors(ctx.db, market.id)).map(async (vendor) => {
      const [farm, place, benefits] = await Promise.all([
        findProducerByUserId(ctx.db, vendor.producerUserId),
        ctx.reads.pickupPoint(vendor.pointId as number),
        findBenefits(ctx.db, vendor.producerUserId),
      ]);
      const point = place?.point;
      if (!farm || !isProfilePublic(farm) || !farm.listed || !place || !point?.active) return null;
      if (point.producerUserId !== vendor.producerUserId || closureOn(point, day.date)) return null;
      const products = (await listPublicProducts(ctx, farm.id, PRODUCTS_PER_VENDOR, false)).flatMap(
        (p) => offerProduct(p, day.date) ?? [],
      );
      if (products.length === 0) return null;
      const closesAt = farmClosesAt(day, place.settings.cutoffHours);
      return {
        producerUserId: vendor.producerUserId,
        farmName: farm.farmName,
        producerId: farm.id,
        pointId: point.id,
        booth: point.booth,
        closesAt: closesAt.toISOString(),
        open: isBasketOpen(day, now, closesAt),
        takesSnap: takesOn(benefits, farm.state, day.date, []).includes('snap'),
        products,
      };
    }),
  );
  const dates = days.map((d) => d.date);
  return {
    marketId: market.id,
    slug: market.slug,
    name: market.name,
    timeZone: market.timeZone,
    date: day.date,
    pickupStart: day.pickupStart.toISOString(),
    pickupEnd: day.pickupEnd.toISOString(),
    opensAt: day.opensAt.toISOString(),
    closesAt: day.closesAt.toISOString(),
    open: isBasketOpen(day, now),
    notice: basketNotice(day, now, market.timeZone),
    days: dates.includes(day.date) ? dates : [...dates, day.date].sort(),
    vendors: vendors.filter((v) => v !== null),
  };
}

/**
 * `POST /api/markets/:id/basket`: the basket's lines grouped by farm, each farm's part an order
 * placed by the orders' own rules (source 'market': the market day's window, the farm's earlier
 * cut-off, closed dates, seasons, limits, stock taken now), every part in one transaction after the
 * market order's row, the farms ordered by account id; then each farm told as for any order. A basket
 * id already placed answers its market order (`created` false), never a second one.
 */
export async function placeBasket(
  ctx: AppContext,
  shopper: AuthUser,
  marketId: number,
  input: PlaceInput,
): Promise<{ created: boolean; marketOrder: MarketOrder }> {
  const placedBefore = await repo.findByClientKey(ctx.db, shopper.id, input.clientKey);
  if (placedBefore) return { created: false, marketOrder: await retried(ctx, placedBefore, marketId) };
  const market = await basketMarket(ctx, marketId);
  const day = basketDay(market, input.date, zonedIn(market));
  if (!day) throw badRequest(`${market.name} is not open on ${marketDayText(input.date)}; choose one of its market days`, 'date');
  const notice = basketNotice(day, ctx.clock.now(), market.timeZone);
  if (notice) throw badRequest(notice, 'date');

  const parts = await partsOf(ctx, market, input);
  const drafts = await Promise.all(
    parts.map(async (part) => ({
      source: { kind: 'market' as const, day, timeZone: market.timeZone },
      shopper,
      producerUserId: part.producerUserId,
      pointId: part.pointId,
      startsAt: day.pickupStart,
      lines: part.lines,
      shopperName: input.shopperName,
      shopperPhone: input.shopperPhone,
      deliveryAddress: null,
      note: input.note,
      // Each farm's part keeps the planned benefits that farm takes on the day.
      plannedBenefits: await plannedTakenOn(
        ctx,
        { userId: part.producerUserId, state: part.state },
        input.plannedBenefits,
        day.date,
      ),
    })),
  );
  // The rules that need no lock, every farm at once; the shopper is told of the first farm's refusal (farm order).
  const settled = await Promise.allSettled(drafts.map((draft) => checkDraft(ctx, draft)));
  const refused = settled.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
  const checked = settled.map((result) => (result as PromiseFulfilledResult<CheckedDraft>).value);

  const placed = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertMarketOrder(tx, {
      marketId: market.id,
      customerId: shopper.id,
      clientKey: input.clientKey,
      marketDate: day.date,
      pickupStart: day.pickupStart,
      pickupEnd: day.pickupEnd,
      shopperName: input.shopperName,
      shopperPhone: input.shopperPhone ?? shopper.phone ?? null,
      createdAt: ctx.clock.now(),
    });
    if (!row) return null;
    const orders = [];
    for (const part of checked) orders.push(await placeDraft(ctx, tx, part, row.id));
    return { row, orders };
  });
  // The same basket placed at the same moment from another tab: the one that won answers.
  if (!placed) {
    const winner = await repo.findByClientKey(ctx.db, shopper.id, input.clientKey);
    if (!winner) throw conflict('That basket is being placed a moment ago; reload your market orders');
    return { created: false, marketOrder: await retried(ctx, winner, marketId) };
  }
  for (const order of placed.orders) announcePlaced(ctx, order);
  return { created: true, marketOrder: await presentMarketOrder(ctx, market, placed.row, 'shopper', null) };
}

/** A basket id placed before: its market order, unless the id was used at another market. */
async function retried(ctx: AppContext, row: repo.MarketOrderRow, marketId: number): Promise<MarketOrder> {
  if (row.marketId !== marketId) throw conflict('That basket was already placed at another market; start a new basket');
  return presentMarketOrder(ctx, (await findMarket(ctx.db, row.marketId)) as MarketRow, row, 'shopper', null);
}

type Part = { producerUserId: number; pointId: number; state: string; lines: PlaceInput['items'] };

/** The basket's lines by farm (ordered by the farm's account id): each farm an approved vendor with a place at the market. */
async function partsOf(ctx: AppContext, market: MarketRow, input: PlaceInput): Promise<Part[]> {
  const [farmOf, vendors] = await Promise.all([
    repo.farmsOfProducts(
      ctx.db,
      input.items.map((line) => line.productId),
    ),
    repo.basketVendors(ctx.db, market.id),
  ]);
  const vendorOf = new Map(vendors.map((v) => [v.producerUserId, v]));
  const parts = new Map<number, Part>();
  input.items.forEach((line, index) => {
    const farm = farmOf.get(line.productId);
    if (!farm)
      throw badRequest(`Line ${index + 1} (product ${line.productId}) is no longer listed; remove it and try again`, 'items');
    const vendor = vendorOf.get(farm.userId);
    if (!vendor)
      throw badRequest(`${farm.farmName} does not sell at ${market.name}; remove its products from the market basket`, 'items');
    const part = parts.get(farm.userId) ?? {
      producerUserId: farm.userId,
      pointId: vendor.pointId as number,
      state: vendor.state,
      lines: [],
    };
    part.lines.push(line);
    parts.set(farm.userId, part);
  });
  if (parts.size > MARKET_BASKET_MAX_FARMS)
    throw badRequest(
      `A market basket holds products of at most ${MARKET_BASKET_MAX_FARMS} farms; place the rest separately`,
      'items',
    );
  return [...parts.values()].sort((a, b) => a.producerUserId - b.producerUserId);
}

type Reader = 'shopper' | 'staff' | 'producer';

/** The market order as the reader sees it: every part, or (a farm) only its own. */
async function presentMarketOrder(
  ctx: AppContext,
  market: MarketRow,
  row: repo.MarketOrderRow,
  reader: Reader,
  farmUserId: number | null,
  parts?: OrderDetails[],
): Promise<MarketOrder> {
  const all = parts ?? (await marketOrderParts(ctx.db, [row.id]));
  const shown = reader === 'producer' ? all.filter((part) => part.producerUserId === farmUserId) : all;
  const at = ctx.clock.now();
  const status = marketOrderStatus(
    row.pickedUpAt !== null,
    all.map((part) => part.status),
  );
  const owed = shown.filter((part) => OPEN_PART_STATUSES.includes(part.status) || part.status === 'picked_up');
  return {
    id: row.id,
    marketId: market.id,
    marketName: market.name,
    marketSlug: market.slug,
    timeZone: market.timeZone,
    date: row.marketDate,
    pickupStart: row.pickupStart.toISOString(),
    pickupEnd: row.pickupEnd.toISOString(),
    shopperName: row.shopperName,
    status,
    totalCents: owed.reduce((sum, part) => sum + orderAmounts(part.items, part.deliveryFeeCents).totalCents, 0),
    pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    parts: shown.map((part) => presentOrder(part, reader === 'staff' ? 'admin' : reader, at)),
  };
}

/** `GET /api/market-orders`: the shopper's own market orders with every part. */
export async function listMine(ctx: AppContext, shopper: AuthUser): Promise<{ marketOrders: MarketOrder[] }> {
  const rows = await repo.listOfCustomer(ctx.db, shopper.id, LISTED);
  const parts = await marketOrderParts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const markets = new Map<number, MarketRow>();
  for (const id of new Set(rows.map((row) => row.marketId))) markets.set(id, (await findMarket(ctx.db, id)) as MarketRow);
  return {
    marketOrders: await Promise.all(
      rows.map((row) =>
        presentMarketOrder(
          ctx,
          markets.get(row.marketId) as MarketRow,
          row,
          'shopper',
          null,
          parts.filter((part) => part.marketOrderId === row.id),
        ),
      ),
    ),
  };
}

/**
 * Who reads a market order and how (decision 584): its shopper and the market's managers and
 * volunteers (and admins) every part; a farm with a part only its own part(s); anyone else a 404.
 */
async function readerOf(ctx: AppContext, user: AuthUser, row: repo.MarketOrderRow): Promise<Reader> {
  if (row.customerId === user.id) return 'shopper';
  if (user.userType === 'admin' || (await staffRoleOf(ctx.db, row.marketId, user.id)) !== null) return 'staff';
  if ((await repo.farmsOfMarketOrder(ctx.db, row.id)).includes(user.id)) return 'producer';
  throw notFound(MARKET_ORDER_NOT_FOUND);
}

/** `GET /api/market-orders/:id`. */
export async function getMarketOrder(ctx: AppContext, user: AuthUser, id: number): Promise<MarketOrder> {
  const row = await repo.findMarketOrder(ctx.db, id);
  if (!row) throw notFound(MARKET_ORDER_NOT_FOUND);
  const reader = await readerOf(ctx, user, row);
  return presentMarketOrder(ctx, (await findMarket(ctx.db, row.marketId)) as MarketRow, row, reader, user.id);
}

/**
 * `POST /api/market-orders/:id/cancel` (its shopper): every open part cancelled by the orders' own
 * move, in one transaction, or none: a part the orders' rule refuses (an accepted part after its
 * cut-off) refuses the whole with that part's reason, so the shopper never holds half a basket.
 */
export async function cancelMarketOrder(ctx: AppContext, user: AuthUser, id: number): Promise<MarketOrder> {
  const row = await repo.findMarketOrder(ctx.db, id);
  if (!row) throw notFound(MARKET_ORDER_NOT_FOUND);
  if ((await readerOf(ctx, user, row)) !== 'shopper') throw forbidden('Only the shopper can cancel a market order');
  const parts = (await marketOrderParts(ctx.db, [row.id])).filter((part) => CANCELLABLE.includes(part.status));
  if (parts.length === 0) throw conflict('Nothing in this market order is left to cancel');
  const at = ctx.clock.now();
  for (const part of parts) {
    const refused = refusal(part, 'shopper', 'cancelled', at, part.timeZone);
    if (refused) throw conflict(`${part.farmName}: ${refused.message}`);
  }
  await ctx.db.transaction(async (tx) => {
    for (const part of parts) {
      const moved = await applyMove(tx, part, 'cancelled', at, { id: user.id, role: 'shopper' }, null);
      if (!moved) throw conflict(`${part.farmName} changed its part a moment ago; reload the market order to see it`);
    }
  });
  const after = await marketOrderParts(ctx.db, [row.id]);
  for (const before of parts) {
    const part = after.find((p) => p.id === before.id);
    if (part) await announceMove(ctx, part, before.status, 'shopper', null);
  }
  return presentMarketOrder(ctx, (await findMarket(ctx.db, row.marketId)) as MarketRow, row, 'shopper', null, after);
}
