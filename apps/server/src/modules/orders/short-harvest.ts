import { ORDER_STATUS_LABELS, type Order } from '@farmstand/shared/schemas/orders';
import type { ShortLineRequest } from '@farmstand/shared/schemas/short-harvest';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { announceMessage, assertMessagingEnabled, type PostedMessage } from '../messages';
import { returnStock } from '../products';
import { recordedTendersRefusal } from './order-benefits';
import { mailAmount, mailLines, orderAmounts } from './order-lines';
import { when } from './order-mail';
import { assertCanRead, type OrderRole, roleOf } from './orders.policy';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';

type ShortInput = z.output<typeof ShortLineRequest>;

/** A line can be shortened while the producer is still gathering the order: before it is ready. */
const SHORTENABLE: readonly repo.OrderRow['status'][] = ['requested', 'accepted'];

/**
 * Why this person may not shorten this order now, or null. Only its producer, only before it is
 * ready; anyone who cannot read the order was already told it does not exist (assertCanRead).
 */
function shortRefusal(order: repo.OrderRow, role: OrderRole) {
  if (role === 'admin') return forbidden('Admins can look at orders but not change them; the producer shortens a line');
  if (role !== 'producer') {
    return forbidden("Only the producer can shorten a line; cancel the reservation or message them in the order's thread");
  }
  if (!SHORTENABLE.includes(order.status)) {
    const state = ORDER_STATUS_LABELS[order.status].toLowerCase();
    return conflict(
      order.status === 'ready'
        ? `This order is ${state}, so its lines can no longer be shortened; tell the shopper in the order's thread`
        : `This order is ${state}, so its lines can no longer be shortened`,
    );
  }
  return null;
}

/** "Strawberries cut from 4 to 2 (frost took the rest)", or "… dropped (…)" for none left. */
export function shortText(name: string, from: number, to: number, reason: string) {
  return `${name} ${to === 0 ? `dropped, ${from} asked` : `cut from ${from} to ${to}`} (${reason})`;
}

/**
 * The producer has less than the shopper asked for ("have 90 pints, sold 100"): the line of
 * `productId` becomes `quantity` (0 drops it) with a reason, before the order is ready. In one
 * transaction, under the order's row lock (a move at the same moment waits, then sees the new
 * lines): the line keeps what the shopper first asked for; the totals follow in cents (the delivery
 * fee stays); units reserved on acceptance go back to stock; an event, a message in the order's
 * thread (when messaging is on) and the shopper's mail are written. Every line dropped cancels the
 * order, by the producer (decision 502). The shopper may then cancel the rest, even after the
 * cut-off (orders.policy.ts, `hasShortLine`).
 */
export async function shortenLine(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  productId: number,
  input: ShortInput,
): Promise<Order> {
  const current = assertCanRead(await repo.findOrderRow(ctx.db, orderId), user);
  const role = roleOf(current, user);
  const refused = shortRefusal(current, role);
  if (refused) throw refused;
  const updated = await shorten(
    ctx,
    user,
    orderId,
    (order) => shortRefusal(order, role),
    (items) => {
      const ofProduct = items.filter((line) => line.productId === productId);
      if (ofProduct.length > 1 && input.variantId === null)
        throw badRequest('This order has several variants of that product: say which one (variantId)', 'variantId');
      return ofProduct.find((line) => input.variantId === null || line.variantId === input.variantId);
    },
    input,
  );
  return presentOrder(updated, role, ctx.clock.now());
}

/** A market part can be shortened at the market's grower check-in until it is handed over. */
const MARKET_SHORTENABLE: readonly repo.OrderRow['status'][] = ['requested', 'accepted', 'ready'];

/**
 * The market's grower check-in (issue 49, decision 587): the market's staff record that a farm
 * brought less of a line of its market part than was ordered. The same shortening as the farm's own
 * (the shopper is told the same way, in the farm's thread and by mail); the caller has checked that
 * the line belongs to a part of its market's day. Returns the order as it is now.
 */
export async function shortenMarketLine(
  ctx: AppContext,
  staff: AuthUser,
  orderId: number,
  itemId: number,
  input: { quantity: number; reason: string },
): Promise<repo.OrderDetails> {
  return shorten(
    ctx,
    staff,
    orderId,
    (order) =>
      MARKET_SHORTENABLE.includes(order.status)
        ? null
        : conflict(
            `Order #${order.id} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, so its lines can no longer be shortened`,
          ),
    (items) => items.find((line) => line.id === itemId),
    input,
  );
}

async function shorten(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  refusalOf: (order: repo.OrderRow) => AppError | null,
  lineOf: (items: repo.ItemRow[]) => repo.ItemRow | undefined,
  input: { quantity: number; reason: string },
): Promise<repo.OrderDetails> {
  const at = ctx.clock.now();
  const messagingOn = await assertMessagingEnabled(ctx).then(
    () => true,
    () => false,
  );
  // Read before the transaction: inside it, everything goes through its own connection.
  const site = await ctx.mailer.site();
  // A payment already recorded must fit the order as it will be.
  const before = await repo.findOrderRow(ctx.db, orderId);
  const beforeItems = before ? await repo.findItems(ctx.db, orderId) : [];
  const short = lineOf(beforeItems);
  if (before && short && input.quantity < short.quantity) {
    const lines = beforeItems.map((line) => (line.id === short.id ? { ...line, quantity: input.quantity, weights: null } : line));
    const refused = await recordedTendersRefusal(ctx, before, lines, 'record the short harvest');
    if (refused) throw refused;
  }

  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const again = order ? refusalOf(order) : notFound('Order not found');
    if (again || !order) throw again ?? notFound('Order not found');
    const items = await repo.findItems(tx, orderId);
    const item = lineOf(items);
    if (!item) throw notFound('This order has no line for that product; reload the order');
    if (input.quantity >= item.quantity) {
      throw badRequest(
        item.quantity === 0
          ? `${item.productName} is already dropped from this order`
          : `Enter less than the ${item.quantity} in this line (0 drops it)`,
        'quantity',
      );
    }

    // Units reserved on acceptance beyond the new quantity go back to the product's stock.
    const giveBack = Math.max(0, item.reservedQuantity - input.quantity);
    if (giveBack > 0) {
      await returnStock(tx, [{ productId: item.productId, variantId: item.variantId, quantity: giveBack }]);
      await repo.setReserved(tx, item.id, item.reservedQuantity - giveBack);
    }
    await tx
      .update(orderItems)
      // A by-weight line's packs changed: its weights are taken again (decision 510).
      .set({
        quantity: input.quantity,
        orderedQuantity: item.orderedQuantity ?? item.quantity,
        shortReason: input.reason,
        weights: null,
        finalAmountCents: null,
      })
      .where(eq(orderItems.id, item.id));

    const lines = items.map((line) => (line.id === item.id ? { ...line, quantity: input.quantity, weights: null } : line));
    const amounts = orderAmounts(lines, order.deliveryFeeCents);
    const subtotal = amounts.subtotalCents;
    const total = amounts.totalCents;
    const nothingLeft = lines.every((line) => line.quantity === 0);
    const status = nothingLeft ? 'cancelled' : order.status;
    if (nothingLeft) await repo.returnReserved(tx, await repo.findItems(tx, orderId));
    await tx
      .update(orders)
      .set({
        subtotalCents: subtotal,
        totalCents: total,
        status,
        updatedAt: at,
        ...(amounts.estimated ? { weighedAt: null, weighedBy: null } : {}),
      })
      .where(eq(orders.id, orderId));

    const change = shortText(item.productName, item.quantity, input.quantity, input.reason);
    await repo.insertEvents(tx, [
      {
        orderId,
        fromStatus: order.status,
        toStatus: status,
        actorId: user.id,
        actorRole: 'producer',
        reason: change,
        createdAt: at,
      },
    ]);
    const message = messagingOn
      ? await repo.insertOrderMessage(tx, {
          orderId,
          // The farm's thread with its shopper, also when the market's staff record it at check-in.
          senderId: order.producerUserId,
          recipientId: order.customerId,
          content: `Order #${orderId}: ${change}${nothingLeft ? '. Nothing is left, so the order is cancelled.' : ''}`,
        })
      : null;
    const updated = (await repo.findOrder(tx, orderId)) as repo.OrderDetails;
    const mail = updated.customerEmail ? await ctx.mailer.render(shortMail(ctx, updated, change, nothingLeft), site) : null;
    const mailId = mail ? await insertOutboxRow(tx, mail) : null;
    return { previous: order.status, updated, change, nothingLeft, message, mail, mailId };
  });

  const { updated, change } = result;
  if (result.message) {
    const posted: PostedMessage = {
      conversationId: result.message.conversationId,
      recipientId: updated.customerId,
      message: result.message,
    };
    announceMessage(ctx, user, posted);
  }
  const ending = result.nothingLeft ? '; nothing is left, so it is cancelled' : '';
  ctx.events.emit('order.changed', {
    orderId,
    status: updated.status,
    previousStatus: result.previous,
    actorRole: 'producer',
    customerId: updated.customerId,
    producerUserId: updated.producerUserId,
    shopperMessage: `Order #${orderId} from ${updated.farmName}: ${change}${ending}`,
    producerMessage: `Order #${orderId} from ${updated.shopperName}: ${change}${ending}`,
  });
  // Delivered after the answer; the row is committed, so a failure only delays it (jobs/mail-recovery.ts).
  if (result.mail && result.mailId !== null)
    void ctx.mailer.dispatch(result.mailId, result.mail).catch((error) => console.error('short harvest mail failed', error));

  return updated;
}

/** The order's row, locked until the transaction ends: a shortening and a move never interleave. */
async function lockOrder(tx: Db, id: number): Promise<repo.OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The shopper's notice: what changed and why, what is left and its total, and that they may cancel. */
function shortMail(ctx: AppContext, order: repo.OrderDetails, change: string, nothingLeft: boolean) {
  const label = `Order #${order.id}`;
  const link = `${ctx.config.publicUrl}/orders?order=${order.id}`;
  const left = order.items.filter((item) => item.quantity > 0);
  return {
    to: order.customerEmail,
    subject: nothingLeft ? `${label} cancelled: ${order.farmName} has none left` : `${label} changed: less than you asked for`,
    text: [
      `${order.farmName} has less than you reserved: ${change}.`,
      '',
      `${order.pointName}, ${when(order.windowStart, order.timeZone)}`,
      ...(nothingLeft
        ? ['', 'Nothing is left of this order, so it is cancelled. You do not need to do anything.']
        : [
            ...mailLines(left),
            '',
            `New total ${mailAmount(left, order.deliveryFeeCents)}: pay at pickup.`,
            '',
            `If you no longer want the rest, you may cancel it without penalty: ${link}`,
          ]),
      '',
      `See your order: ${link}`,
    ].join('\n'),
  };
}
