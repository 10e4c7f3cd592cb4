import { addDaysToDate, todayDateOnly } from '@farmstand/shared/format/date-only';
import { lineName } from '@farmstand/shared/format/quantity';
import type { Message } from '@farmstand/shared/schemas/messages';
import {
  ORDER_STATUS_LABELS,
  type Order,
  type OrderListResponse,
  type OrderTransitionTarget,
  type OrderWeeksResponse,
  type PickListResponse,
  type TransitionRequest,
} from '@farmstand/shared/schemas/orders';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { announceMessage, assertMessagingEnabled, findUserBrief, type PostedMessage, presentMessage } from '../messages';
import { findFarm } from '../pickup';
import { takeStock } from '../products';
import { mailAmount, mailLines } from './order-lines';
import { mailFarmNow, when } from './order-mail';
import { assertCanRead, fromStatesOf, type OrderRole, refusal, roleOf } from './orders.policy';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';

type MoveInput = z.output<typeof TransitionRequest>;

async function producerEmail(ctx: AppContext, userId: number): Promise<string> {
  return (await findUserBrief(ctx.db, userId))?.email ?? '';
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
    // The farm's online orders; its walk-up sales are in the stand's day books (decision 575).
    { from: query.from, to: query.to, status: query.status, producerUserId: producer.id, source: 'online' },
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
 * locked first in id order so two acceptances never deadlock: `products/stock.ts`; given back on cancel, decline and no-show) and the event.
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
    // Only what the line does not hold yet: a market part's stock was taken when it was placed (decision 584).
    const wanted = items
      .map((item) => ({ ...item, quantity: item.quantity - item.reservedQuantity }))
      .filter((item) => item.quantity > 0);
    const taken = await takeStock(tx, wanted);
    const short = wanted[taken.indexOf('short')];
    if (short)
      throw conflict(
        `Not enough ${lineName(short.productName, short.variantName)} left to accept this order; decline it with a reason or raise the stock first`,
      );
    for (const [i, item] of wanted.entries())
      if (taken[i] === 'taken') await repo.setReserved(tx, item.id, item.reservedQuantity + item.quantity);
  }
  if (to === 'cancelled' || to === 'declined' || to === 'no_show') await repo.returnReserved(tx, items);
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
    ...mailLines(order.items),
    ...(['requested', 'accepted', 'ready'].includes(order.status)
      ? [
          `To pay at ${order.pointKind === 'delivery' ? 'delivery' : 'pickup'}: ${mailAmount(order.items, order.deliveryFeeCents)}`,
        ]
      : []),
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

/** How many weeks back "Orders per week" reaches, for the farm and the admin alike. */
export const ORDER_WEEKS_BACK = 12;

/**
 * "Orders per week", the one rule of the farm's and the admin's figure (decisions 546, 552): orders
 * by the week of their pickup, the last 12 weeks and those ahead, valued at the accepted orders'
 * totals (the weighed amount once weighed). Of one farm (its user id) or of every farm (null).
 */
export async function ordersPerPickupWeek(ctx: AppContext, producerUserId: number | null): Promise<OrderWeeksResponse['weeks']> {
  const since = addDaysToDate(todayDateOnly(ctx.clock.now()), -7 * ORDER_WEEKS_BACK);
  return repo.ordersPerWeek(ctx.db, producerUserId, since);
}

/** The farm's orders per pickup week (`ordersPerPickupWeek`). */
export async function ordersPerWeek(ctx: AppContext, producer: AuthUser): Promise<OrderWeeksResponse> {
  return { weeks: await ordersPerPickupWeek(ctx, producer.id) };
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
