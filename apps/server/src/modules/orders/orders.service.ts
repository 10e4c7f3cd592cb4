import { haversineMiles } from '@farmstand/shared';
import { toCents } from '@farmstand/shared/format/by-weight';
import { lineName } from '@farmstand/shared/format/quantity';
import type { Message } from '@farmstand/shared/schemas/messages';
import {
  ORDER_LIMITS,
  ORDER_STATUS_LABELS,
  ORDER_TEXTS,
  type Order,
  type OrderListResponse,
  type OrderTransitionTarget,
  type OrderWeeksResponse,
  type PickListResponse,
  type PlaceOrderRequest,
  type TransitionRequest,
} from '@farmstand/shared/schemas/orders';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { geocode } from '../geocode/geocode.service';
import { presentMessage } from '../messages/messages.presenter';
import { findUserBrief } from '../messages/messages.repository';
import { announceMessage, assertMessagingEnabled, type PostedMessage } from '../messages/messages.service';
import { countOpenOrdersInWindow, findFarm, lockPoint } from '../pickup/pickup.repository';
import { resolveWindow } from '../pickup/pickup.service';
import { type LineOffer, lineOffer, orderAmounts } from './order-lines';
import { mailFarmNow, newOrderMail, orderSummaryAfterNumber, when } from './order-mail';
import { dayLimitRefusal, insertOrder, type LimitRefusal, type NewItem, shopperLimitRefusal } from './order-placement.repository';
import {
  assertCanRead,
  assertInSeason,
  assertMinimumOrder,
  assertOrderable,
  assertTotalWithinLimit,
  dayLimitMessage,
  fromStatesOf,
  type OrderRole,
  refusal,
  roleOf,
} from './orders.policy';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';

type PlaceInput = z.output<typeof PlaceOrderRequest>;
type MoveInput = z.output<typeof TransitionRequest>;

/** Dollars → integer cents (the shared rule of decision 510). */
export const cents = toCents;
const EXPIRY_MS = ORDER_LIMITS.expiryHours * 3_600_000;

/**
 * Places a reservation: every rule is checked before the transaction; the cap is
 * checked again inside it under the pickup point's row lock, so two shoppers cannot both take the
 * last place. Stock is not taken here: it is reserved when the producer accepts.
 */
/**
 * `standing`: the standing reservation placing this window's order (decision 514). Its gate runs
 * first inside the transaction (it locks the standing reservation and refuses a skipped, stopped
 * or already placed window), and the order carries its id: one order per standing reservation and
 * window, whatever runs at once.
 */
export type StandingPlacement = { id: number; gate: (tx: Db, windowStart: Date) => Promise<void> };

/** A CSA share's line: no product, one per pickup, at the size's price; the box's items come with it free. */
const shareLine = {
  productId: null,
  variantId: null,
  variantName: null,
  priceUnit: 'share',
  weightUnit: null,
  packMin: null,
  packMax: null,
  weights: null,
  finalAmount: null,
  quantity: 1,
};

export async function placeOrder(
  ctx: AppContext,
  shopper: AuthUser,
  input: PlaceInput,
  options: { standing?: StandingPlacement; box?: { name: string; price: number } } = {},
) {
  if (input.producerUserId === shopper.id) throw forbidden('You cannot reserve your own products');
  const ids = input.items.map((line) => line.productId);
  const keys = input.items.map((line) => `${line.productId}:${line.variantId ?? ''}`);
  if (new Set(keys).size !== keys.length)
    throw badRequest('Each product (or variant) can be in the basket once; change its quantity instead', 'items');

  // Everything the rules need, in two queries at once: the basket; the pickup window with the
  // producer's rules and farm (with its owner's e-mail for the notice). Failures keep their order.
  const [productRows, windowOrError] = await Promise.all([
    ctx.reads.productsForOrder(ids),
    resolveWindow(ctx, input.producerUserId, input.pointId, new Date(input.startsAt)).catch((error: unknown) => ({ error })),
  ]);
  const found = new Map(productRows.map((p) => [p.id, p]));
  const variantIds = input.items.flatMap((line) => (line.variantId === null ? [] : [line.variantId]));
  const variants = await repo.variantsForOrder(ctx.db, variantIds);
  const lines = input.items.map((line) => {
    const product = found.get(line.productId);
    const offer = product ? lineOffer(product, line.variantId, variants) : null;
    // A variant's stock stands in for the product's (the product row tracks none of its own).
    const stocked = product && offer ? { ...product, stockQuantity: offer.stockQuantity } : product;
    return { line, product: assertOrderable(stocked, input.producerUserId, line.quantity), offer: offer as LineOffer };
  });
  if ('error' in windowOrError) throw windowOrError.error;
  const window = windowOrError;
  for (const { product } of lines) assertInSeason(product, window.occurrence.date);

  const { farm } = window;
  if (!farm) throw notFound('Producer not found');
  const { box } = options;
  const newItems: NewItem[] = lines.map(({ line, product, offer }) => ({
    productId: product.id as number | null,
    productName: product.name,
    variantId: offer.variantId,
    variantName: offer.variantName,
    priceUnit: offer.priceUnit,
    // A CSA box's items are in the share's price (decision 515).
    unitPrice: box ? 0 : offer.unitPrice,
    weightUnit: offer.weightUnit,
    packMin: offer.packMin,
    packMax: offer.packMax,
    weights: null,
    finalAmount: null,
    quantity: line.quantity,
  }));
  if (box) newItems.push({ ...shareLine, productName: box.name, unitPrice: box.price });
  // By weight, the limits judge the estimate: what the shopper is told to expect (decision 510).
  const amounts = orderAmounts(newItems, 0);
  const subtotal = amounts.subtotalCents;
  assertTotalWithinLimit(subtotal);
  assertMinimumOrder(window.point, subtotal);
  const delivery = await deliveryFor(ctx, window, farm, input.deliveryAddress);

  const at = ctx.clock.now();
  const feeCents = cents(delivery?.fee ?? 0);
  assertTotalWithinLimit(subtotal + feeCents);
  const messagingOn = await assertMessagingEnabled(ctx).then(
    () => true,
    () => false,
  );
  const timeZone = window.point.timeZone;

  const newOrder = {
    customerId: shopper.id,
    producerUserId: input.producerUserId,
    pointId: window.point.id,
    pointKind: window.point.kind,
    pointName: window.point.name,
    pointAddress:
      window.point.kind === 'delivery'
        ? null
        : [window.point.address, window.point.city, window.point.state, window.point.zip].filter(Boolean).join(', '),
    timeZone,
    booth: window.point.booth,
    windowStart: window.occurrence.startsAt,
    windowEnd: window.occurrence.endsAt,
    windowDate: window.occurrence.date,
    cutoffAt: window.cutoffAt,
    shopperName: input.shopperName,
    shopperPhone: input.shopperPhone ?? shopper.phone ?? null,
    deliveryAddress: delivery?.address ?? null,
    deliveryMiles: delivery?.miles ?? null,
    deliveryFee: feeCents / 100,
    subtotal: subtotal / 100,
    total: (subtotal + feeCents) / 100,
    byWeight: amounts.byWeight,
    estimatedTotal: amounts.byWeight ? (subtotal + feeCents) / 100 : null,
    weighedAt: null,
    weighedBy: null,
    note: input.note,
    expiresAt: new Date(at.getTime() + EXPIRY_MS),
    standingId: options.standing?.id ?? null,
    createdAt: at,
    updatedAt: at,
  };
  // One transaction writes the order, its lines and first event, the opening message of its thread
  // and the producer's mail: all or nothing. With a cap, the window's orders are counted again under
  // the pickup point's row lock, so two shoppers cannot both take the last place; the shopper's
  // limits are counted under the shopper's row lock (parallel requests of one account cannot pass).
  const cap = window.settings.capPerWindow;
  // Read before the transaction: inside it, everything goes through its own connection (a second
  // one, waited for while holding the first, could starve the pool under load).
  const site = farm.email ? await ctx.mailer.site() : null;
  const result = await ctx.db.transaction(async (tx) => {
    await options.standing?.gate(tx, window.occurrence.startsAt);
    if (cap !== null) {
      await lockPoint(tx, window.point.id);
      const taken = await countOpenOrdersInWindow(tx, window.point.id, window.occurrence.startsAt);
      if (taken >= cap) throw conflict('That pickup time is full; choose another time');
    }
    const refused = await shopperLimitRefusal(tx, newOrder, SHOPPER_LIMITS, ctx.clock.now());
    if (refused) return refused;
    const overDay = await dayLimitRefusal(
      tx,
      lines.map(({ line, product }) => ({ ...line, dayLimit: product.dayLimit, name: product.name })),
      input.producerUserId,
      window.occurrence.date,
    );
    if (overDay) throw conflict(dayLimitMessage(overDay, window.occurrence.date));
    const { order, items } = await insertOrder(tx, newOrder, newItems);
    const message = messagingOn
      ? await repo.insertOrderMessage(tx, {
          orderId: order.id,
          senderId: shopper.id,
          recipientId: input.producerUserId,
          content: `Order #${order.id}${orderSummaryAfterNumber(newItems, window.point.name, order.windowStart, timeZone, input.note)}`,
        })
      : null;
    // The farm's first order of a mail period is mailed at once; later ones wait for the digest.
    const mail =
      farm.email && (await mailFarmNow(tx, input.producerUserId, order.id, 'requested', at))
        ? await ctx.mailer.render(newOrderMail(ctx, farm.email, order, newItems, input.shopperName, timeZone), site ?? undefined)
        : null;
    const mailId = mail ? await insertOutboxRow(tx, mail) : null;
    return { order: { ...order, conversationId: message?.conversationId ?? null }, items, message, mail, mailId };
  });
  if ('refused' in result) throw limitRefusal(result.refused, farm.farmName);
  const { order, items } = result;
  const posted: PostedMessage | null = result.message
    ? {
        conversationId: result.message.conversationId,
        recipientId: input.producerUserId,
        message: result.message,
        opensOrder: true,
      }
    : null;

  if (posted) announceMessage(ctx, shopper, posted);
  const label = `Order #${order.id}`;
  ctx.events.emit('order.changed', {
    orderId: order.id,
    status: 'requested',
    previousStatus: null,
    actorRole: 'shopper',
    customerId: shopper.id,
    producerUserId: input.producerUserId,
    shopperMessage: `${label} sent to ${farm.farmName}`,
    producerMessage: `New order #${order.id} from ${input.shopperName} for ${when(order.windowStart, timeZone)}`,
  });
  // Delivered after the answer: a slow mail server never slows down ordering. The row is committed,
  // so a failure here only delays it (the sweep hands over mail left queued, jobs/mail-recovery.ts).
  if (result.mail && result.mailId !== null)
    void ctx.mailer.dispatch(result.mailId, result.mail).catch((error) => console.error('order mail failed', error));

  return {
    message: ORDER_TEXTS.placed,
    order: presentOrder(
      {
        ...order,
        farmName: farm.farmName,
        customerEmail: shopper.email,
        items,
        events: [
          {
            id: 0,
            orderId: order.id,
            fromStatus: null,
            toStatus: 'requested',
            actorId: shopper.id,
            actorRole: 'shopper',
            reason: null,
            createdAt: at,
          },
        ],
      },
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
  const found = new Map((await ctx.reads.productsForOrder(items.map((line) => line.productId))).map((p) => [p.id, p]));
  const variants = await repo.variantsForOrder(
    ctx.db,
    items.flatMap((line) => (line.variantId === null ? [] : [line.variantId])),
  );
  const refused = new Map<number, string>();
  items.forEach((line, index) => {
    try {
      const product = found.get(line.productId);
      const offer = product ? lineOffer(product, line.variantId, variants) : null;
      const stocked = product && offer ? { ...product, stockQuantity: offer.stockQuantity } : product;
      assertInSeason(assertOrderable(stocked, producerUserId, line.quantity), windowDate);
    } catch (error) {
      refused.set(index, (error as Error).message);
    }
  });
  return refused;
}

/** Delivery days need an address inside the farm's delivery radius; the fee is the delivery place's. */
async function deliveryFor(
  ctx: AppContext,
  window: Awaited<ReturnType<typeof resolveWindow>>,
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
  return { address, miles, fee: window.point.deliveryFee ?? 0 };
}

async function producerEmail(ctx: AppContext, userId: number): Promise<string> {
  return (await findUserBrief(ctx.db, userId))?.email ?? '';
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

/** Mail goes out after the answer: a slow mail server never slows down ordering; a failure is logged. */
async function mailQuietly(ctx: AppContext, mail: { to: string; subject: string; text: string }) {
  if (!mail.to) return;
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    console.error('order mail failed', error);
  }
}

async function loadReadable(ctx: AppContext, user: AuthUser, id: number) {
  const row = assertCanRead(await repo.findOrderRow(ctx.db, id), user);
  // Lazily expire: a request past its 48 hours never shows as open, even between sweeps.
  if (row.status === 'requested' && row.expiresAt.getTime() <= ctx.clock.now().getTime())
    await expireOverdue(ctx, { orderId: id });
  return (await repo.findOrder(ctx.db, id)) as repo.OrderDetails;
}

export async function getOrder(ctx: AppContext, user: AuthUser, id: number): Promise<Order> {
  const order = await loadReadable(ctx, user, id);
  return presentOrder(order, roleOf(order, user), ctx.clock.now());
}

export async function listMine(
  ctx: AppContext,
  user: AuthUser,
  query: { scope?: 'upcoming' | 'past'; limit?: number; offset?: number },
): Promise<OrderListResponse> {
  await expireOverdue(ctx, { customerId: user.id });
  const { rows, total } = await repo.listForShopper(
    ctx.db,
    user.id,
    query.scope ?? 'upcoming',
    query.limit ?? 50,
    query.offset ?? 0,
  );
  const at = ctx.clock.now();
  return { orders: rows.map((r) => presentOrder(r, 'shopper', at)), total };
}

export async function listReceived(
  ctx: AppContext,
  producer: AuthUser,
  query: repo.OrderFilters & { limit?: number; offset?: number },
): Promise<OrderListResponse> {
  await expireOverdue(ctx, { producerUserId: producer.id });
  const { rows, total } = await repo.listFiltered(
    ctx.db,
    { from: query.from, to: query.to, status: query.status, producerUserId: producer.id },
    query.limit ?? 100,
    query.offset ?? 0,
    false,
  );
  const at = ctx.clock.now();
  return { orders: rows.map((r) => presentOrder(r, 'producer', at)), total };
}

/** The admin's read-only list of every order, newest first. */
export async function listAll(
  ctx: AppContext,
  admin: AuthUser,
  query: repo.OrderFilters & { limit?: number; offset?: number },
): Promise<OrderListResponse> {
  await expireOverdue(ctx);
  const { rows, total } = await repo.listFiltered(ctx.db, query, query.limit ?? 50, query.offset ?? 0, true);
  const at = ctx.clock.now();
  return { orders: rows.map((r) => presentOrder(r, roleOf(r, admin), at)), total };
}

const MOVE_WORDS: Record<OrderTransitionTarget, string> = {
  accepted: 'accepted',
  declined: 'declined',
  ready: 'is ready',
  picked_up: 'was picked up',
  no_show: 'was marked as a no-show',
  cancelled: 'was cancelled',
};

/**
 * The database side of one move, inside the caller's transaction: a conditional UPDATE on the
 * status (false when the order was no longer in a state the move starts from: someone else moved it
 * first, nothing is written), the stock (taken on acceptance with `stock_quantity >= n`, its rows
 * locked first in id order so two acceptances never deadlock: `lockStockRows`; given back on cancel, decline and no-show) and the event.
 * Used by a single move, closing a pickup day and the sweep's auto-close (pickup-day.ts).
 */
export async function applyMove(
  tx: Db,
  current: Pick<repo.OrderRow, 'id' | 'status'>,
  to: OrderTransitionTarget,
  at: Date,
  actor: { id: number | null; role: 'shopper' | 'producer' | 'system' },
  reason: string | null | undefined,
): Promise<boolean> {
  const id = current.id;
  const moved = await repo.moveStatus(tx, id, fromStatesOf(to), to, at, to === 'declined' ? { declineReason: reason } : {});
  if (!moved) return false;
  const items = await repo.findItems(tx, id);
  if (to === 'accepted') {
    await repo.lockStockRows(tx, items);
    for (const item of items) {
      if (item.productId === null) continue;
      const taken = await repo.takeStock(tx, { productId: item.productId, variantId: item.variantId }, item.quantity);
      if (taken === 'short') {
        const name = lineName(item.productName, item.variantName);
        throw conflict(`Not enough ${name} left to accept this order; decline it with a reason or raise the stock first`);
      }
      if (taken === 'taken') await repo.setReserved(tx, item.id, item.quantity);
    }
  }
  if (to === 'cancelled' || to === 'declined' || to === 'no_show') await repo.returnStock(tx, items);
  await repo.insertEvents(tx, [
    { orderId: id, fromStatus: current.status, toStatus: to, actorId: actor.id, actorRole: actor.role, reason, createdAt: at },
  ]);
  return true;
}

/**
 * One move of an order's life, in one transaction (`applyMove`): of two moves at once one wins; if
 * a product is short on acceptance, nothing changes.
 */
export async function moveOrder(ctx: AppContext, user: AuthUser, id: number, input: MoveInput): Promise<Order> {
  const current = await loadReadable(ctx, user, id);
  const role = roleOf(current, user);
  const at = ctx.clock.now();
  const refused = refusal(current, role, input.to, at, current.timeZone);
  if (refused) throw refused;
  if (input.to === 'declined' && !input.reason)
    throw badRequest('Say why you decline, so the shopper knows what to do', 'reason');

  await ctx.db.transaction(async (tx) => {
    const moved = await applyMove(
      tx,
      current,
      input.to,
      at,
      { id: user.id, role: role === 'shopper' ? 'shopper' : 'producer' },
      input.reason,
    );
    if (!moved) throw conflict('Someone changed this order a moment ago; reload it to see its state');
  });

  const updated = (await repo.findOrder(ctx.db, id)) as repo.OrderDetails;
  await announceMove(ctx, updated, current.status, role === 'shopper' ? 'shopper' : 'producer', input.reason);
  return presentOrder(updated, role, ctx.clock.now());
}

export async function announceMove(
  ctx: AppContext,
  order: repo.OrderDetails,
  previous: string,
  actor: 'shopper' | 'producer' | 'system',
  reason: string | null,
) {
  const timeZone = order.timeZone;
  const to = order.status as OrderTransitionTarget | 'expired';
  const label = `Order #${order.id}`;
  const word = to === 'expired' ? 'expired (not answered in 48 hours)' : MOVE_WORDS[to];
  const shopperMessage = `${label} from ${order.farmName} ${word}`;
  const producerMessage = `${label} from ${order.shopperName} ${word}`;
  ctx.events.emit('order.changed', {
    orderId: order.id,
    status: order.status,
    previousStatus: previous,
    actorRole: actor,
    customerId: order.customerId,
    producerUserId: order.producerUserId,
    shopperMessage,
    producerMessage,
  });
  const detail = [
    `${order.pointName}, ${when(order.windowStart, timeZone)}`,
    ...order.items.map((i) => `${i.quantity} × ${i.productName}`),
    ...(reason ? ['', `Reason: ${reason}`] : []),
  ];
  const mails: { to: string; subject: string; text: string }[] = [];
  if (actor !== 'shopper') {
    mails.push({
      to: order.customerEmail,
      subject: `${label} ${ORDER_STATUS_LABELS[order.status].toLowerCase()}`,
      text: [shopperMessage, '', ...detail, '', `See your orders: ${ctx.config.publicUrl}/orders?order=${order.id}`].join('\n'),
    });
  }
  // The farm hears of a shopper's cancellation or an expiry (not of a day it closed or the sweep
  // closed for it, decision 501) at once only for the first of its mail
  // period; later ones go into the sweep's digest (order-mail.ts), so many cannot flood it.
  // A failed claim mails at once rather than lose the notice.
  const farmNow =
    (actor === 'shopper' || to === 'expired') &&
    (await mailFarmNow(ctx.db, order.producerUserId, order.id, to === 'expired' ? 'expired' : 'cancelled', ctx.clock.now()).catch(
      (error) => {
        console.error('order mail period', error);
        return true;
      },
    ));
  if (farmNow) {
    mails.push({
      to: await producerEmail(ctx, order.producerUserId),
      subject: `${label} ${ORDER_STATUS_LABELS[order.status].toLowerCase()}`,
      text: [producerMessage, '', ...detail, '', `Your orders: ${ctx.config.publicUrl}/dashboard?tab=orders`].join('\n'),
    });
  }
  for (const mail of mails) void mailQuietly(ctx, mail);
}

/**
 * Expires unanswered requests (48 hours). Run by the scheduled job sweep (jobs/sweep.ts, once per
 * cluster) and lazily before reads, so nobody sees a stale request between sweeps; the conditional
 * UPDATE makes each order expire once.
 */
export async function expireOverdue(
  ctx: AppContext,
  scope: { customerId?: number; producerUserId?: number; orderId?: number } = {},
  at: Date = ctx.clock.now(),
) {
  const expired = await repo.expireOverdue(ctx.db, at, scope);
  for (const row of expired) {
    const order = await repo.findOrder(ctx.db, row.id);
    if (order) await announceMove(ctx, order, 'requested', 'system', null);
  }
  return expired.length;
}

export async function pickList(ctx: AppContext, producer: AuthUser, date: string): Promise<PickListResponse> {
  const [rows, counts, farm] = await Promise.all([
    repo.pickList(ctx.db, producer.id, date),
    repo.windowOrderCounts(ctx.db, producer.id, date),
    findFarm(ctx.db, producer.id),
  ]);
  const windows = new Map<string, PickListResponse['windows'][number]>();
  for (const row of rows) {
    const key = `${row.pointName}@${row.windowStart.toISOString()}`;
    let window = windows.get(key);
    if (!window) {
      const n =
        counts.find((c) => c.pointName === row.pointName && c.windowStart.getTime() === row.windowStart.getTime())?.n ?? 0;
      window = {
        point_name: row.pointName,
        kind: row.pointKind,
        starts_at: row.windowStart.toISOString(),
        ends_at: row.windowEnd.toISOString(),
        time_zone: row.timeZone,
        order_count: Number(n),
        lines: [],
      };
      windows.set(key, window);
    }
    window.lines.push({
      product_id: row.productId,
      variant_id: row.variantId,
      name: row.name,
      variant_name: row.variantName,
      price_unit: row.priceUnit,
      quantity: row.quantity,
      weight_unit: row.weightUnit,
      pack_min: row.packMin === null ? null : Number(row.packMin),
      pack_max: row.packMax === null ? null : Number(row.packMax),
    });
  }
  return { date, farm_name: farm?.farmName ?? '', windows: [...windows.values()] };
}

export async function ordersPerWeek(ctx: AppContext, producer: AuthUser, weeks = 12): Promise<OrderWeeksResponse> {
  const since = new Date(ctx.clock.now().getTime() - weeks * 7 * 86_400_000);
  return { weeks: await repo.ordersPerWeek(ctx.db, producer.id, since) };
}

export async function listThread(ctx: AppContext, user: AuthUser, id: number): Promise<{ messages: Message[] }> {
  await loadReadable(ctx, user, id);
  return { messages: (await repo.listOrderMessages(ctx.db, id)).map(presentMessage) };
}

/** A message in the order's thread: only its shopper and producer write there. */
export async function postToThread(ctx: AppContext, user: AuthUser, id: number, content: string): Promise<{ message: Message }> {
  const order = await loadReadable(ctx, user, id);
  const role: OrderRole = roleOf(order, user);
  if (role !== 'shopper' && role !== 'producer') throw forbidden('Only the shopper and the producer write in an order’s thread');
  await assertMessagingEnabled(ctx);
  const recipientId = role === 'shopper' ? order.producerUserId : order.customerId;
  const message = await repo.insertOrderMessage(ctx.db, {
    orderId: id,
    senderId: user.id,
    recipientId,
    content: `Order #${id}: ${content}`,
  });
  const posted: PostedMessage = { conversationId: message.conversationId, recipientId, message };
  announceMessage(ctx, user, posted);
  return { message: presentMessage(posted.message) };
}
