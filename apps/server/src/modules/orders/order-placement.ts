import { haversineMiles } from '@farmstand/shared';
import type { BenefitProgramme } from '@farmstand/shared/benefits/programmes';
import { toCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { BasketDay } from '@farmstand/shared/markets/basket-window';
import { ORDER_LIMITS, ORDER_TEXTS, type PlaceOrderRequest } from '@farmstand/shared/schemas/orders';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { assertTakesPlanned } from '../benefits';
import { geocode } from '../geocode';
import { announceMessage, assertMessagingEnabled } from '../messages';
import {
  countOpenOrdersInWindow,
  dayLimitRefusal,
  dayScope,
  type findFarm,
  lockPoint,
  marketWindow,
  productsPlaceLimits,
  resolveWindow,
  saleWindow,
} from '../pickup';
import { recordSale, type SaleStock, takeStock } from '../products';
import {
  checkLines,
  type LineProducts,
  type ListingRule,
  lineOffer,
  lineRefusal,
  orderAmounts,
  quantityPerProduct,
  readLineProducts,
  type StockRule,
} from './order-lines';
import { farmTimeZone, mailFarmNow, newOrderMail, orderSummaryAfterNumber, when } from './order-mail';
import { insertOrder, type LimitRefusal, type NewItem, type NewOrder, shopperLimitRefusal } from './order-placement.repository';
import { assertInSeason, assertMinimumOrder, assertOrderable, assertTotalWithinLimit, dayLimitMessage } from './orders.policy';
import { presentOrder } from './orders.presenter';
import type { OrderProduct } from './orders.repository';
import * as repo from './orders.repository';

/**
 * Placing a sale (decision 553): a source builds an `OrderDraft`; `checkDraft` applies every rule
 * that needs no lock, `placeDraft` the limits counted under locks and the writes, inside the
 * caller's transaction; `announcePlaced` tells everyone after the commit. The order's later moves,
 * lists and thread are `orders.service.ts`.
 */

type PlaceInput = z.output<typeof PlaceOrderRequest>;
type Window = Awaited<ReturnType<typeof resolveWindow>>;

const EXPIRY_MS = ORDER_LIMITS.expiryHours * 3_600_000;

/**
 * Where a sale comes from (decision 553). What differs between sources is this value and its row of
 * `SOURCE_RULES`, never a flag: a standing reservation's or CSA share's week carries its reservation
 * (one order per reservation and window: the unique key on orders), a CSA week also its share.
 */
export type DraftSource =
  | { kind: 'basket' }
  | { kind: 'standing'; standingId: number }
  | { kind: 'csa-week'; standingId: number; share: { name: string; price: number } }
  | { kind: 'walk-up' }
  /** A farm's part of a market basket (decision 584): the market day's hours and window, in the market's zone. */
  | { kind: 'market'; day: BasketDay; timeZone: string };

type SourceRules = {
  /** Counted against (and refused by) the shopper's own open orders. */
  shopperLimits: boolean;
  /** The lines come free with the share's line at its size's price (decision 515). */
  linesInPrice: boolean;
  /**
   * 'schedule': a pickup time on the place's schedule, with its cut-off, closed dates, the lines'
   * seasons and the window's cap; 'sale': the sale's own moment at the farm's stand or market
   * (`saleWindow`), none of those, since the sale is made (decision 575); 'market': the market day's
   * hours and the market's ordering window, the farm's earlier cut-off at its market place, the
   * market's and the place's closed dates, the lines' seasons and the window's cap (`marketWindow`, decision 584).
   */
  window: 'schedule' | 'sale' | 'market';
  /** The place's smallest basket applies. */
  minimum: boolean;
  /** Each product's limit per pickup day applies (decision 543). */
  dayLimits: boolean;
  /** How stock is judged and taken (order-lines.ts#StockRule). */
  stock: StockRule;
  /** Which of the farm's products a line may name (order-lines.ts#ListingRule). */
  listing: ListingRule;
  /**
   * Who the order's customer is: the signed-in shopper (never the farm itself), or the farm
   * (a walk-up sale to someone unknown, rung up by the farm: decision 575).
   */
  buyer: 'shopper' | 'farm';
  /** The order opens its thread with the farm and the farm is mailed (new order), or nobody is told. */
  tells: 'farm' | 'nobody';
  /** What the order's `source` column says: reserved online, or sold at the stand. */
  source: 'online' | 'stand';
};

/**
 * How each source is placed. A reservation's week is bounded by its reservation instead of the
 * shopper's limits, so a member's share and their add-ons reach the same pickup (decision 519). A
 * walk-up sale at the booth (decision 575) is the farm's own, at the sale's moment, with no
 * shopper limits, minimum, window cap or day limit, taken from stock at once, told to nobody.
 */
const ONLINE = {
  window: 'schedule',
  minimum: true,
  dayLimits: true,
  stock: 'on-accept',
  listing: 'public',
  buyer: 'shopper',
  tells: 'farm',
  source: 'online',
} as const;
const SOURCE_RULES: Record<DraftSource['kind'], SourceRules> = {
  basket: { ...ONLINE, shopperLimits: true, linesInPrice: false },
  standing: { ...ONLINE, shopperLimits: false, linesInPrice: false },
  'csa-week': { ...ONLINE, shopperLimits: false, linesInPrice: true },
  'walk-up': {
    shopperLimits: false,
    linesInPrice: false,
    window: 'sale',
    minimum: false,
    dayLimits: false,
    stock: 'sold',
    listing: 'own',
    buyer: 'farm',
    tells: 'nobody',
    source: 'stand',
  },
  // A market part (decision 584): stock taken when placed (all parts or none), no place minimum
  // (the shopper's basket is the market's, not one farm's), the shopper's own limits as online.
  market: { ...ONLINE, window: 'market', minimum: false, stock: 'at-placement', shopperLimits: true, linesInPrice: false },
};

/** A sale to place: whose, from which farm, for which pickup, its lines, and where it came from. */
export type OrderDraft = {
  source: DraftSource;
  shopper: AuthUser;
  producerUserId: number;
  /** The pickup place; for a walk-up sale, the stand or market (null: the farm's first). */
  pointId: number | null;
  /** The chosen pickup time; for a walk-up sale, the moment of the sale. */
  startsAt: Date;
  lines: PlaceInput['items'];
  shopperName: string;
  shopperPhone: string | null;
  deliveryAddress: string | null;
  note: string | null;
  plannedBenefits: BenefitProgramme[];
};

/** The shopper's basket (and "order my usual", which fills it) as a draft. */
export const basketDraft = (shopper: AuthUser, input: PlaceInput): OrderDraft => ({
  source: { kind: 'basket' },
  shopper,
  producerUserId: input.producerUserId,
  pointId: input.pointId,
  startsAt: new Date(input.startsAt),
  lines: input.items,
  shopperName: input.shopperName,
  shopperPhone: input.shopperPhone ?? null,
  deliveryAddress: input.deliveryAddress,
  note: input.note,
  plannedBenefits: input.plannedBenefits ?? [],
});

/** A share's line: no product, one per pickup, at the size's price. */
const shareLine = (share: { name: string; price: number }): NewItem => ({
  productId: null,
  productName: share.name,
  variantId: null,
  variantName: null,
  priceUnit: 'share',
  unitPriceCents: toCents(share.price),
  weightUnit: null,
  packMin: null,
  packMax: null,
  weights: null,
  finalAmountCents: null,
  quantity: 1,
});

/** A draft that passed every rule that needs no lock, with what it read: `placeDraft` places it. */
export type CheckedDraft = Awaited<ReturnType<typeof checkDraft>>;

/**
 * Every rule of a sale that needs no lock, in the order a shopper is told of them: the one line check
 * (the farm's own public product, its own variant, each once), each line orderable (stock, quantity
 * cap over a product's lines, season), the pickup time, the planned benefits, the order's total and
 * the place's minimum, the delivery address. Reads go through `ctx` before the caller's transaction
 * opens (decision 553): inside it, a second connection waited for could starve the pool.
 */
export async function checkDraft(ctx: AppContext, draft: OrderDraft) {
  const { shopper, producerUserId, lines: wanted } = draft;
  const rules = SOURCE_RULES[draft.source.kind];
  if (rules.buyer === 'shopper' && producerUserId === shopper.id) throw forbidden('You cannot reserve your own products');
  if (rules.buyer === 'farm' && producerUserId !== shopper.id) throw forbidden('Only the farm records its own sales');
  // Two reads at once: the lines (the one line check); the pickup window with the producer's rules
  // and farm (with its owner's e-mail for the notice). Failures keep their order.
  const [found, windowOrError] = await Promise.all([
    checkLines(ctx, producerUserId, wanted, rules.listing),
    (draft.source.kind === 'market'
      ? marketWindow(ctx, producerUserId, draft.pointId ?? 0, draft.source.day, draft.source.timeZone)
      : rules.window === 'sale'
        ? saleWindow(ctx, producerUserId, draft.pointId, draft.startsAt)
        : resolveWindow(ctx, producerUserId, draft.pointId ?? 0, draft.startsAt)
    ).catch((error: unknown) => ({ error })),
  ]);
  const perProduct = quantityPerProduct(wanted);
  const lines = wanted.map((line) => {
    const product = found.products.get(line.productId) as OrderProduct;
    return { line, product, offer: orderableOffer(line, product, found, perProduct, rules.stock) };
  });
  if ('error' in windowOrError) throw windowOrError.error;
  const window = windowOrError;
  if (rules.window !== 'sale') for (const { product } of lines) assertInSeason(product, window.occurrence.date);

  const { farm } = window;
  if (!farm) throw notFound('Producer not found');
  await assertTakesPlanned(ctx, farm, draft.plannedBenefits, window.occurrence.date);
  const newItems: NewItem[] = lines.map(({ line, product, offer }) => ({
    productId: product.id as number | null,
    productName: product.name,
    variantId: offer.variantId,
    variantName: offer.variantName,
    priceUnit: offer.priceUnit,
    unitPriceCents: rules.linesInPrice ? 0 : offer.unitPriceCents,
    weightUnit: offer.weightUnit,
    packMin: offer.packMin,
    packMax: offer.packMax,
    weights: null,
    finalAmountCents: null,
    quantity: line.quantity,
  }));
  if (draft.source.kind === 'csa-week') newItems.push(shareLine(draft.source.share));
  // By weight, the limits judge the estimate: what the shopper is told to expect (decision 510).
  const amounts = orderAmounts(newItems, 0);
  const subtotal = amounts.subtotalCents;
  assertTotalWithinLimit(subtotal);
  if (rules.minimum) assertMinimumOrder(window.point, subtotal);
  const delivery = await deliveryFor(ctx, window, farm, draft.deliveryAddress);
  const feeCents = delivery?.feeCents ?? 0;
  assertTotalWithinLimit(subtotal + feeCents);

  // A sale made at the stand is recorded at its own moment (decision 575).
  const at = rules.window === 'sale' ? draft.startsAt : ctx.clock.now();
  const { point, occurrence } = window;
  const newOrder: NewOrder = {
    customerId: shopper.id,
    producerUserId,
    pointId: point.id,
    pointKind: point.kind,
    pointName: point.name,
    pointAddress:
      point.kind === 'delivery' ? null : [point.address, point.city, point.state, point.zip].filter(Boolean).join(', '),
    timeZone: point.timeZone,
    booth: point.booth,
    windowStart: occurrence.startsAt,
    windowEnd: occurrence.endsAt,
    windowDate: occurrence.date,
    cutoffAt: window.cutoffAt,
    shopperName: draft.shopperName,
    shopperPhone: draft.shopperPhone ?? shopper.phone ?? null,
    deliveryAddress: delivery?.address ?? null,
    deliveryMiles: delivery?.miles ?? null,
    deliveryFeeCents: feeCents,
    subtotalCents: subtotal,
    totalCents: subtotal + feeCents,
    byWeight: amounts.byWeight,
    estimatedTotalCents: amounts.byWeight ? subtotal + feeCents : null,
    weighedAt: null,
    weighedBy: null,
    note: draft.note,
    expiresAt: new Date(at.getTime() + EXPIRY_MS),
    standingId: 'standingId' in draft.source ? draft.source.standingId : null,
    plannedBenefits: draft.plannedBenefits,
    source: rules.source,
    createdAt: at,
    updatedAt: at,
  };
  // Read before the transaction too: the mail's site, messaging, each product's day limits per place.
  const tells = rules.tells === 'farm';
  const [site, messagingOn, placeLimits] = await Promise.all([
    tells && farm.email ? ctx.mailer.site() : null,
    tells
      ? assertMessagingEnabled(ctx).then(
          () => true,
          () => false,
        )
      : false,
    rules.dayLimits ? productsPlaceLimits(ctx.db, [...perProduct.keys()]) : new Map<number, Map<number, number>>(),
  ]);
  const dayLines = [...(rules.dayLimits ? perProduct : [])].map(([productId, quantity]) => {
    const product = found.products.get(productId) as OrderProduct;
    // A place's own day limit for the product counts that place's orders; the product's, the others' (decision 543).
    const scope = dayScope(placeLimits, productId, point.id);
    return { productId, quantity, dayLimit: scope.dayLimit ?? product.dayLimit, name: product.name, scope: scope.scope };
  });
  return { draft, rules, window, farm, newOrder, newItems, dayLines, site, messagingOn, at };
}

/** A line's offer once it is orderable: its stock (the variant's, if any) and the quantity cap of its product's lines. */
function orderableOffer(
  line: PlaceInput['items'][number],
  product: OrderProduct,
  found: LineProducts,
  perProduct: Map<number, number>,
  stock: StockRule = 'on-accept',
) {
  const offer = lineOffer(product, line.variantId, found.variants, stock);
  // A variant's stock stands in for the product's (the product row tracks none of its own); the
  // quantity cap of an untracked product judges its lines together.
  assertOrderable({ ...product, stockQuantity: offer.stockQuantity }, line.quantity, perProduct.get(product.id), stock);
  return offer;
}

/**
 * Places a checked draft inside the caller's transaction: the window's cap counted under the
 * pickup point's row lock (two shoppers cannot both take the last place), the shopper's open orders
 * under the shopper's row lock (by its source's rules), each product's day limit under its row lock;
 * then the order, its lines and first event, the opening message of its thread and the farm's mail,
 * all in that transaction. Stock is not taken here: it is reserved when the producer accepts;
 * a sale already made (a walk-up sale, decision 575) takes it here, even past what is left, and
 * answers per line what it oversold (`sold`). After the commit, the caller hands the answer to
 * `announcePlaced`.
 */
export async function placeDraft(ctx: AppContext, tx: Db, checked: CheckedDraft, marketOrderId: number | null = null) {
  const { draft, rules, window, farm, newItems, at } = checked;
  const newOrder = { ...checked.newOrder, marketOrderId };
  const { point, occurrence } = window;
  const cap = rules.window === 'sale' ? null : window.settings.capPerWindow;
  if (cap !== null) {
    await lockPoint(tx, point.id);
    const taken = await countOpenOrdersInWindow(tx, point.id, occurrence.startsAt);
    if (taken >= cap) throw conflict('That pickup time is full; choose another time');
  }
  if (rules.shopperLimits) {
    const refused = await shopperLimitRefusal(tx, newOrder, SHOPPER_LIMITS, ctx.clock.now());
    if (refused) throw limitRefusal(refused.refused, farm.farmName);
  }
  // The day limit judges each product's quantity over all its lines (variants share the product's limit).
  const overDay = await dayLimitRefusal(tx, checked.dayLines, draft.producerUserId, occurrence.date);
  if (overDay) throw conflict(dayLimitMessage(overDay, occurrence.date));
  const { order, items } = await insertOrder(tx, newOrder, newItems);
  const sold: SaleStock[] | null = rules.stock === 'sold' ? await recordSale(tx, items) : null;
  if (rules.stock === 'at-placement') await reserveAtPlacement(tx, items, farm.farmName);
  const message = checked.messagingOn
    ? await repo.insertOrderMessage(tx, {
        orderId: order.id,
        senderId: draft.shopper.id,
        recipientId: draft.producerUserId,
        content: `Order #${order.id}${orderSummaryAfterNumber(newItems, point.name, order.windowStart, point.timeZone, draft.note)}`,
      })
    : null;
  // The farm's first order of a mail period is mailed at once; later ones wait for the digest.
  const mail =
    rules.tells === 'farm' && farm.email && (await mailFarmNow(tx, draft.producerUserId, order.id, 'requested', at))
      ? await ctx.mailer.render(
          newOrderMail(ctx, farm.email, order, newItems, draft.shopperName, point.timeZone, farmTimeZone(farm)),
          checked.site ?? undefined,
        )
      : null;
  const mailId = mail ? await insertOutboxRow(tx, mail) : null;
  return { checked, order: { ...order, conversationId: message?.conversationId ?? null }, items, message, mail, mailId, sold };
}

/**
 * A market part's stock is taken when it is placed (decision 584): every tracked line's units, or a
 * 409 naming the product and the farm, which rolls the caller's transaction back (every part of the
 * basket, or none). The lines hold what was taken (`reservedQuantity`), so accepting takes no more.
 */
async function reserveAtPlacement(tx: Db, items: repo.ItemRow[], farmName: string) {
  const taken = await takeStock(tx, items);
  const short = items[taken.indexOf('short')];
  if (short)
    throw conflict(
      `${farmName} has not enough ${lineName(short.productName, short.variantName)} left for ${short.quantity}; lower the quantity or remove it`,
    );
  for (const [i, item] of items.entries()) {
    if (taken[i] !== 'taken') continue;
    await repo.setReserved(tx, item.id, item.quantity);
    item.reservedQuantity = item.quantity;
  }
}

/**
 * After the caller's commit: the thread's first message and the order's event go out, the farm's
 * mail is handed over (a slow mail server never slows ordering; a failure only delays it, the sweep
 * hands over mail left queued: jobs/mail-recovery.ts). Answers the placed order as its shopper sees it.
 */
export function announcePlaced(ctx: AppContext, placed: Awaited<ReturnType<typeof placeDraft>>) {
  const { order, items, message, mail, mailId } = placed;
  const { draft, farm, at } = placed.checked;
  const { shopper, producerUserId } = draft;
  if (message)
    announceMessage(ctx, shopper, {
      conversationId: message.conversationId,
      recipientId: producerUserId,
      message,
      opensOrder: true,
    });
  ctx.events.emit('order.changed', {
    orderId: order.id,
    status: 'requested',
    previousStatus: null,
    actorRole: 'shopper',
    customerId: shopper.id,
    producerUserId,
    shopperMessage: `Order #${order.id} sent to ${farm.farmName}`,
    producerMessage: `New order #${order.id} from ${draft.shopperName} for ${when(order.windowStart, order.timeZone)}`,
  });
  if (mail && mailId !== null) void ctx.mailer.dispatch(mailId, mail).catch((error) => console.error('order mail failed', error));
  const firstEvent = {
    id: 0,
    orderId: order.id,
    fromStatus: null,
    toStatus: 'requested' as const,
    actorId: shopper.id,
    actorRole: 'shopper' as const,
    reason: null,
    createdAt: at,
  };
  return {
    message: ORDER_TEXTS.placed,
    order: presentOrder(
      { ...order, farmName: farm.farmName, customerEmail: shopper.email, items, events: [firstEvent] },
      'shopper',
      at,
    ),
  };
}

/**
 * Each basket line that cannot be reserved for that date, with the reason in words, by the same
 * rules placing checks (a standing reservation leaves such lines out of its week and says why).
 */
export async function unorderableLines(
  ctx: AppContext,
  producerUserId: number,
  items: PlaceInput['items'],
  windowDate: string,
): Promise<Map<number, string>> {
  const found = await readLineProducts(ctx, items);
  const perProduct = quantityPerProduct(items);
  const refused = new Map<number, string>();
  const now = ctx.clock.now();
  items.forEach((line, index) => {
    try {
      const wrong = lineRefusal(line, index, found, producerUserId, now);
      if (wrong) throw wrong;
      const product = found.products.get(line.productId) as OrderProduct;
      orderableOffer(line, product, found, perProduct);
      assertInSeason(product, windowDate);
    } catch (error) {
      refused.set(index, (error as Error).message);
    }
  });
  return refused;
}

/** Delivery days need an address inside the farm's delivery radius; the fee is the delivery place's. */
async function deliveryFor(
  ctx: AppContext,
  window: Window,
  farm: NonNullable<Awaited<ReturnType<typeof findFarm>>>,
  address: string | null,
) {
  if (window.point.kind !== 'delivery') return null;
  const radius = farm.deliveryAvailable ? (farm.deliveryRadius ?? 0) : 0;
  if (radius <= 0) throw badRequest(`${farm.farmName} does not deliver any more; choose a pickup place`, 'pointId');
  if (!address) throw badRequest('Enter the delivery address (street, city and ZIP code)', 'deliveryAddress');
  if (farm.latitude === null || farm.longitude === null) {
    throw badRequest(
      `${farm.farmName} has no map location yet, so delivery distance cannot be checked; choose a pickup place`,
      'pointId',
    );
  }
  const place = await geocode(ctx, address).catch(() => null);
  if (!place) throw badRequest('We could not find that address; check it and include the ZIP code', 'deliveryAddress');
  const miles = haversineMiles(farm.latitude, farm.longitude, place.latitude, place.longitude);
  if (miles > radius) {
    throw badRequest(
      `That address is ${miles.toFixed(1)} miles from the farm; ${farm.farmName} delivers within ${radius} miles. Choose a pickup place instead`,
      'deliveryAddress',
    );
  }
  return { address, miles, feeCents: window.point.deliveryFeeCents ?? 0 };
}

const SHOPPER_LIMITS = { perFarm: ORDER_LIMITS.openPerShopperPerFarm, perWindow: ORDER_LIMITS.openPerShopperPerWindow };

/** What a shopper past a limit is told (409: their own open orders are in the way). */
function limitRefusal(refused: LimitRefusal['refused'], farmName: string) {
  return refused === 'farm'
    ? conflict(
        `You already have ${ORDER_LIMITS.openPerShopperPerFarm} open orders with ${farmName}. Pick one up or cancel one before reserving again, or message the farm`,
      )
    : conflict(
        `You already have an order for this pickup time. Cancel it and reserve again with everything in one basket, or choose another time`,
      );
}
