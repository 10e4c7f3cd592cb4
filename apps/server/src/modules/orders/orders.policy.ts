import { formatPrice } from '@farmstand/shared';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { isInSeason } from '@farmstand/shared/format/season';
import { ORDER_LIMITS, ORDER_STATUS_LABELS, type OrderTransitionTarget } from '@farmstand/shared/schemas/orders';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { localDate, zonedFormatter } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { StockRule } from './order-lines';
import type { ItemRow, OrderProduct, OrderRow } from './orders.repository';

export const ORDER_NOT_FOUND = 'Order not found';

/** Who the caller is to this order: its shopper, its producer, an admin looking on, or nobody. */
export type OrderRole = 'shopper' | 'producer' | 'admin' | 'none';

export function roleOf(order: Pick<OrderRow, 'customerId' | 'producerUserId'>, user: AuthUser): OrderRole {
  if (order.customerId === user.id) return 'shopper';
  if (order.producerUserId === user.id) return 'producer';
  return user.userType === 'admin' ? 'admin' : 'none';
}

/** Reading an order: its two sides and admins; anyone else is told it does not exist. */
export function assertCanRead(order: OrderRow | undefined, user: AuthUser): OrderRow {
  if (!order || roleOf(order, user) === 'none') throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** Which state each move starts from, and who makes it. */
const MOVES: Record<OrderTransitionTarget, { from: OrderRow['status'][]; by: 'shopper' | 'producer'; verb: string }> = {
  accepted: { from: ['requested'], by: 'producer', verb: 'accepted' },
  declined: { from: ['requested'], by: 'producer', verb: 'declined' },
  ready: { from: ['accepted'], by: 'producer', verb: 'marked ready' },
  // An accepted order handed over without being marked ready first is still picked up (decision 501).
  picked_up: { from: ['accepted', 'ready'], by: 'producer', verb: 'marked picked up' },
  no_show: { from: ['accepted', 'ready'], by: 'producer', verb: 'marked as a no-show' },
  cancelled: { from: ['requested', 'accepted'], by: 'shopper', verb: 'cancelled' },
};
export const fromStatesOf = (to: OrderTransitionTarget) => MOVES[to].from;

/** An order with its lines when the caller has them (a shortened line changes what the shopper may do). */
type PolicyOrder = OrderRow & { items?: readonly Pick<ItemRow, 'orderedQuantity'>[] };

/** The producer had less than the shopper asked for (short-harvest.ts): the shopper may cancel the rest, even after the cut-off. */
export const hasShortLine = (order: PolicyOrder) => order.items?.some((item) => item.orderedQuantity !== null) ?? false;

/** The message is written only for a refusal actually answered (it may name a time in the place's zone). */
type Refusal = { make: typeof forbidden | typeof conflict; message: string | ((timeZone: string) => string) };

/**
 * Why a move is refused, or null when it is allowed now. A plain description: every order shown
 * lists its allowed moves, and building an error (with its stack) per move was a measurable part of
 * placing an order.
 */
function refusalReason(order: PolicyOrder, role: OrderRole, to: OrderTransitionTarget, at: Date): Refusal | null {
  const move = MOVES[to];
  if (role === 'admin') {
    return { make: forbidden, message: 'Admins can look at orders but not change them; the shopper and the producer do' };
  }
  if (role !== move.by) {
    return {
      make: forbidden,
      message:
        move.by === 'producer'
          ? `Only the producer can mark an order ${move.verb.replace('marked ', '')}`
          : 'Only the shopper can cancel a reservation; decline it instead while it is requested',
    };
  }
  if (!move.from.includes(order.status)) {
    return {
      make: conflict,
      message: `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, so it cannot be ${move.verb} now`,
    };
  }
  if (to === 'accepted' && order.windowStart.getTime() <= at.getTime()) {
    return { make: conflict, message: 'The pickup time of this request has passed; decline it with a reason instead' };
  }
  // Food is handed over on its pickup day (the day in the place's zone): marking it picked up
  // earlier would end the shopper's right to cancel for food they never had.
  if (to === 'picked_up' && localDate(at, order.timeZone) < order.windowDate) {
    return {
      make: conflict,
      message: `Order #${order.id} is picked up on ${formatDateOnly(order.windowDate, { weekday: 'long', month: 'long', day: 'numeric' })}; it can be marked picked up from that day`,
    };
  }
  if (to === 'no_show' && order.windowStart.getTime() > at.getTime()) {
    return {
      make: conflict,
      message: (timeZone) =>
        `Order #${order.id} is picked up from ${formatClosing(order.windowStart, timeZone)}; it can be marked a no-show once that time has come`,
    };
  }
  if (to === 'cancelled' && order.status === 'accepted' && order.cutoffAt.getTime() <= at.getTime() && !hasShortLine(order)) {
    return {
      make: conflict,
      message: (timeZone) =>
        `The producer has already prepared for this pickup (orders closed ${formatClosing(order.cutoffAt, timeZone)}); message them in the order's thread instead`,
    };
  }
  return null;
}

/**
 * The error a refused move answers with (403 for the wrong person, 409 for the wrong moment), or
 * null. `timeZone`: the pickup place's (decision 500), for any time it names.
 */
export function refusal(
  order: PolicyOrder,
  role: OrderRole,
  to: OrderTransitionTarget,
  at: Date,
  timeZone: string,
): AppError | null {
  const reason = refusalReason(order, role, to, at);
  if (!reason) return null;
  return reason.make(typeof reason.message === 'string' ? reason.message : reason.message(timeZone));
}

export function allowedMoves(order: PolicyOrder, role: OrderRole, at: Date): OrderTransitionTarget[] {
  return (Object.keys(MOVES) as OrderTransitionTarget[]).filter((to) => refusalReason(order, role, to, at) === null);
}

const closingFormat = zonedFormatter({
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** "Friday, May 29 at 9:00 AM EDT": written out, in the pickup place's zone, never UTC. */
export const formatClosing = (d: Date, timeZone: string) =>
  closingFormat(timeZone)
    .format(d)
    .replace(/, (\d{1,2}:\d{2})/, ' at $1');

/**
 * Whether this product (the farm's own, public: `order-lines.ts#checkLines`) can be reserved now,
 * and in this quantity. `productTotal`: the product's quantity over all the basket's lines (its
 * variants), which the cap of an untracked product judges. The window's season check comes later,
 * when the window is known.
 */
export function assertOrderable(
  product: OrderProduct,
  quantity: number,
  productTotal = quantity,
  stock: StockRule = 'on-accept',
): OrderProduct {
  const name = product.name;
  if (product.category === 'herdshare') {
    throw badRequest(
      `${name} is a herdshare: a boarding fee is arranged with the producer, not reserved. Send an inquiry instead`,
      'items',
    );
  }
  if (product.isShare) throw badRequest(`${name} is a share of an animal: reserve it on its own page, not in a basket`, 'items');
  if (product.priceCents === null) throw badRequest(`${name} has no price yet: send the producer an inquiry instead`, 'items');
  // A sale already made at the stand is recorded whatever the listing says is left (decision 575).
  if (stock === 'sold') return product;
  if (product.availability === 'sold_out') throw badRequest(`${name} is sold out`, 'items');
  if (product.availability === 'seasonal' && !product.seasonalStart && !product.seasonalEnd) {
    throw badRequest(`${name} is seasonal and has no season dates yet: send the producer an inquiry instead`, 'items');
  }
  if (product.stockQuantity !== null) {
    if (product.stockQuantity <= 0) throw badRequest(`${name} is sold out`, 'items');
    if (quantity > product.stockQuantity) {
      throw badRequest(`Only ${product.stockQuantity} of ${name} left; lower the quantity`, 'items');
    }
  } else if (productTotal > ORDER_LIMITS.maxUntrackedQuantity) {
    throw badRequest(
      `You can reserve at most ${ORDER_LIMITS.maxUntrackedQuantity} of ${name}; message the producer for more`,
      'items',
    );
  }
  return product;
}

/** Seasonal dates bound the windows a product can be reserved for (inclusive, local dates). */
export function assertInSeason(product: OrderProduct, windowDate: string) {
  const { seasonalStart: start, seasonalEnd: end, name } = product;
  if (!isInSeason(windowDate, { seasonal_start: start, seasonal_end: end })) {
    // Written out ('Jun 1, 2030') as the checkout writes its dates, never as the stored '2030-06-01'.
    const season = [start && `from ${formatDateOnly(start)}`, end && `until ${formatDateOnly(end)}`].filter(Boolean).join(' ');
    throw badRequest(`${name} is in season ${season}; choose a pickup time inside its season`, 'startsAt');
  }
}

/**
 * An order's total is bounded (ORDER_LIMITS.maxTotal) far inside its integer cent columns: a huge
 * basket is told what to change instead of failing in the database.
 */
export function assertTotalWithinLimit(
  totalCents: number,
  advice = 'Lower the quantities, or message the producer about a larger purchase',
  field = 'items',
) {
  if (totalCents <= ORDER_LIMITS.maxTotalCents) return;
  throw badRequest(
    `An order can total at most ${formatPrice(ORDER_LIMITS.maxTotal)}; this one comes to ${formatCents(totalCents)}. ${advice}`,
    field,
  );
}

/** A place's minimum basket (before any delivery fee), told with what to change. */
export function assertMinimumOrder(point: { name: string; minOrderCents: number | null }, subtotalCents: number) {
  if (point.minOrderCents === null || subtotalCents >= point.minOrderCents) return;
  throw badRequest(
    `${point.name} takes orders of at least ${formatCents(point.minOrderCents)}; this basket comes to ${formatCents(subtotalCents)}. Add to it or choose another pickup place`,
    'items',
  );
}

/** "Only 3 more Apple pies can be reserved for Saturday, June 6 (20 per pickup day)". */
export function dayLimitMessage(over: { name: string; limit: number; left: number }, date: string) {
  const day = formatDateOnly(date, { weekday: 'long', month: 'long', day: 'numeric' });
  return over.left === 0
    ? `${over.name} is sold out for ${day} (${over.limit} per pickup day); choose another day`
    : `Only ${over.left} more ${over.name} can be reserved for ${day} (${over.limit} per pickup day); lower the quantity or choose another day`;
}
