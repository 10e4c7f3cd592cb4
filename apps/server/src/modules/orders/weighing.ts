import { formatPackRange, formatWeight, isFarOutside, toMilli, weighedLineCents } from '@farmstand/shared/format/by-weight';
import { formatCents, toDollars } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import { ORDER_STATUS_LABELS, type Order, type WeighingResponse, type WeighLineRequest } from '@farmstand/shared/schemas/orders';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { recordedTendersRefusal } from './order-benefits';
import { byWeightOfLine, checkedPackWeights, itemAmounts, mailLine, orderAmounts } from './order-lines';
import { when } from './order-mail';
import { assertCanRead, assertTotalWithinLimit, roleOf } from './orders.policy';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';

type WeighInput = z.output<typeof WeighLineRequest>;

/** Packs are weighed once the producer has the order in hand: accepted or ready (decision 510). */
const WEIGHABLE: readonly repo.OrderRow['status'][] = ['accepted', 'ready'];

const nameOf = (item: Pick<repo.ItemRow, 'productName' | 'variantName'>) => lineName(item.productName, item.variantName);

/**
 * The producer types the weight of each pack of a by-weight line (decision 510). One weight per
 * pack; a weight far outside the pack range is refused until confirmed. The line's price is each
 * pack's weight × the price per unit, rounded to the cent; when the order's last by-weight line is
 * weighed, its total becomes the final amount to collect, who weighed and when are kept, and the
 * shopper is told (live and by mail). Weighing again corrects the line and tells the shopper again.
 */
export async function weighLine(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  itemId: number,
  input: WeighInput,
): Promise<Order> {
  const current = assertCanRead(await repo.findOrderRow(ctx.db, orderId), user);
  const role = roleOf(current, user);
  if (role === 'admin') throw forbidden('Admins can look at orders but not change them; the producer weighs the packs');
  if (role !== 'producer') throw forbidden('Only the producer weighs the packs of an order');
  const site = await ctx.mailer.site();
  const at = ctx.clock.now();
  // A payment already recorded must fit the weighed amount (read before the transaction: see
  // recordedTendersRefusal), once the weights themselves pass.
  const before = await repo.findItems(ctx.db, orderId);
  const line = before.find((candidate) => candidate.id === itemId);
  if (line) {
    checkedPackWeights(line, input.weights);
    const weighed = before.map((other) => (other.id === itemId ? { ...other, weights: input.weights } : other));
    const refused = await recordedTendersRefusal(ctx, current, weighed, 'weigh');
    if (refused) throw refused;
  }

  const result = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    if (!WEIGHABLE.includes(order.status)) {
      const state = ORDER_STATUS_LABELS[order.status].toLowerCase();
      throw conflict(`This order is ${state}: packs are weighed once it is accepted and before it is picked up`);
    }
    const items = await repo.findItems(tx, orderId);
    const item = items.find((line) => line.id === itemId);
    if (!item) throw notFound('This order has no such line; reload the order');
    const offer = checkedPackWeights(item, input.weights);
    const milli = input.weights.map(toMilli);
    const far = milli.find((w) => isFarOutside(offer, w));
    if (far !== undefined && !input.confirm) {
      throw conflict(
        `${formatWeight(far)} ${offer.unit} is far outside this pack's ${formatPackRange(offer)}: check the scale and confirm to save it`,
      );
    }
    // The same weights again (a retry, a second tap): nothing changes, and the shopper is not told twice.
    if (item.weights?.length === milli.length && item.weights.every((w, i) => toMilli(w) === milli[i]))
      return {
        updated: (await repo.findOrder(tx, orderId)) as repo.OrderDetails,
        complete: false,
        mail: null,
        mailId: null,
        status: order.status,
      };
    const lineCents = weighedLineCents(offer.priceCents, milli);
    const lines = items.map((line) => (line.id === item.id ? { ...line, weights: input.weights } : line));
    const amounts = orderAmounts(lines, order.deliveryFeeCents);
    // A weighed order obeys the cap placing one does, checked before anything is written.
    assertTotalWithinLimit(amounts.totalCents, 'Check the weights and the scale’s unit', 'weights');
    await tx.update(orderItems).set({ weights: input.weights, finalAmountCents: lineCents }).where(eq(orderItems.id, item.id));

    const complete = !amounts.estimated;
    await tx
      .update(orders)
      .set({
        subtotalCents: amounts.subtotalCents,
        totalCents: amounts.totalCents,
        weighedAt: complete ? at : null,
        weighedBy: complete ? user.id : null,
        updatedAt: at,
      })
      .where(eq(orders.id, orderId));
    const updated = (await repo.findOrder(tx, orderId)) as repo.OrderDetails;
    const mail = complete && updated.customerEmail ? await ctx.mailer.render(weighedMail(ctx, updated), site) : null;
    const mailId = mail ? await insertOutboxRow(tx, mail) : null;
    return { updated, complete, mail, mailId, status: order.status };
  });

  const { updated } = result;
  const total = formatCents(updated.totalCents);
  if (result.complete) {
    ctx.events.emit('order.changed', {
      orderId,
      status: updated.status,
      previousStatus: result.status,
      actorRole: 'producer',
      customerId: updated.customerId,
      producerUserId: updated.producerUserId,
      shopperMessage: `Your order #${orderId} from ${updated.farmName} is weighed: ${total}`,
      producerMessage: `Order #${orderId} for ${updated.shopperName} is weighed: ${total}`,
    });
  }
  // Delivered after the answer; the row is committed, so a failure only delays it (jobs/mail-recovery.ts).
  if (result.mail && result.mailId !== null)
    void ctx.mailer.dispatch(result.mailId, result.mail).catch((error) => console.error('weighed mail failed', error));
  return presentOrder(updated, 'producer', ctx.clock.now());
}

/** The shopper's notice: each weighed line and the amount to pay at pickup. */
function weighedMail(ctx: AppContext, order: repo.OrderDetails) {
  const total = formatCents(order.totalCents);
  const link = `${ctx.config.publicUrl}/orders?order=${order.id}`;
  const lines = order.items
    .filter((item) => item.quantity > 0)
    .map((item) => {
      const amount = formatCents(itemAmounts(item).estimateCents);
      const offer = byWeightOfLine(item);
      if (!offer || !item.weights) return `${mailLine(item)}: ${amount}`;
      const weights = item.weights.map((w) => `${formatWeight(toMilli(w))} ${offer.unit}`).join(', ');
      return `${nameOf(item)}: ${weights} at ${formatCents(offer.priceCents)}/${offer.unit} = ${amount}`;
    });
  return {
    to: order.customerEmail,
    subject: `Your order is weighed: ${total}`,
    text: [
      `${order.farmName} weighed your order #${order.id}.`,
      '',
      ...lines,
      ...(order.deliveryFeeCents > 0 ? [`Delivery: ${formatCents(order.deliveryFeeCents)}`] : []),
      '',
      `Pay at pickup: ${total}.`,
      `${order.pointName}, ${when(order.windowStart, order.timeZone)}`,
      '',
      `See your order: ${link}`,
    ].join('\n'),
  };
}

/** Every by-weight line of the producer's accepted and ready orders of a local date, by window then order. */
export async function weighingList(ctx: AppContext, producer: AuthUser, date: string): Promise<WeighingResponse> {
  const rows = await weighingRows(ctx.db, producer.id, date);
  return {
    date,
    lines: rows.map(({ order, item }) => ({
      order_id: order.id,
      item_id: item.id,
      shopper_name: order.shopperName,
      point_name: order.pointName,
      starts_at: order.windowStart.toISOString(),
      time_zone: order.timeZone,
      name: item.productName,
      variant_name: item.variantName,
      quantity: item.quantity,
      unit_price: toDollars(item.unitPriceCents),
      weight_unit: item.weightUnit as 'lb' | 'oz',
      pack_min: Number(item.packMin),
      pack_max: Number(item.packMax),
      weights: item.weights === null ? null : item.weights.map(Number),
      line_total: toDollars(itemAmounts(item).estimateCents),
    })),
  };
}

function weighingRows(db: Db, producerUserId: number, date: string) {
  return db
    .select({ order: orders, item: orderItems })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        eq(orders.windowDate, date),
        inArray(orders.status, WEIGHABLE as repo.OrderRow['status'][]),
        isNotNull(orderItems.weightUnit),
        gt(orderItems.quantity, 0),
      ),
    )
    .orderBy(asc(orders.windowStart), asc(orders.pointName), asc(orders.id), asc(orderItems.id));
}
