import { zoneAbbreviation } from '@farmstand/shared/constants/time-zones';
import { formatAmountToPay } from '@farmstand/shared/format/by-weight';
import { addDaysToDate, formatDateOnly, isoDate } from '@farmstand/shared/format/date-only';
import { formatOrderLine } from '@farmstand/shared/format/quantity';
import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import { orderItems, orders, pickupSettings, producers, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { claimNotice } from '../../lib/job-runs';
import { localDate, localParts, zonedFormatter } from '../../lib/time';
import { makeUnsubscribeToken, readUnsubscribeToken } from '../../lib/unsubscribe-token';
import { mailAmount, mailLines, orderAmounts } from './order-lines';
import type { ItemRow } from './orders.repository';

/**
 * The day-before pickup reminder to shoppers and the producer's morning summary (decision 505).
 * Both are sent by the scheduled sweep (jobs/pickup-reminders.ts), once each (job_notices).
 */

/** The reminder goes out from this hour (the place's local time) on the day before the pickup. */
export const REMINDER_FROM_HOUR = 8;
/** The producer's summary of the day goes out from this hour (local time of the day's places). */
export const SUMMARY_FROM_HOUR = 6;

/** Fixed advice in every reminder: what a shopper should bring to a farm pickup. */
export const WHAT_TO_BRING =
  'Bring a bag or basket for your order, and a cooler with an ice pack if it has eggs, meat, dairy or other things to keep cold.';

const REMINDER_NOTICE = 'pickup_reminder';
const SUMMARY_NOTICE = 'morning_summary';

const dayFormat = zonedFormatter({ weekday: 'long', month: 'long', day: 'numeric' });
const timeFormat = zonedFormatter({ hour: 'numeric', minute: '2-digit' });

/** The calendar date ("2030-06-07") and hour (0–23) of an instant in a time zone (the pickup windows' own rule). */
export function localDayAndHour(at: Date, timeZone: string): { date: string; hour: number } {
  return { date: localDate(at, timeZone), hour: localParts(at, timeZone).hour };
}

/** "Saturday, June 8, 9:00 AM – 12:00 PM CDT": a window in its place's zone, the zone named. */
export function windowInZone(start: Date, end: Date, timeZone: string): string {
  return `${dayFormat(timeZone).format(start)}, ${timeFormat(timeZone).format(start)} – ${timeFormat(timeZone).format(end)} ${zoneAbbreviation(start, timeZone)}`;
}

// ---------------------------------------------------------------- one-click unsubscribe

const INVALID_LINK = 'This unsubscribe link is not valid. Turn reminders off in your orders page instead.';

const REMINDER_SCOPE = 'pickup-reminders';

/**
 * The token of a reminder's unsubscribe link: the user's id, signed (lib/unsubscribe-token.ts). No
 * table: the link works as long as the secret stays, and only for that one person.
 */
export const unsubscribeToken = (ctx: AppContext, userId: number) =>
  makeUnsubscribeToken(ctx.config.jwtSecret, REMINDER_SCOPE, [userId]);

/** Where the mail's link and its List-Unsubscribe header point (GET opens the confirmation page). */
export const unsubscribeUrl = (ctx: AppContext, userId: number) =>
  `${ctx.config.publicUrl}/api/reminders/unsubscribe/${unsubscribeToken(ctx, userId)}`;

/** The user a token was made for; a 400 when it was changed or made with another secret. */
export function userOfUnsubscribeToken(ctx: AppContext, token: string): number {
  const ids = readUnsubscribeToken(ctx.config.jwtSecret, REMINDER_SCOPE, token, 1, ctx.clock.now());
  if (!ids) throw badRequest(INVALID_LINK);
  return ids[0];
}

export async function pickupRemindersOf(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db.select({ on: users.pickupReminders }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

export async function setPickupReminders(ctx: AppContext, userId: number, on: boolean): Promise<void> {
  await ctx.db.update(users).set({ pickupReminders: on }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- the shopper's reminder

const LIVE = ['accepted', 'ready'] as const;

/**
 * Orders accepted or ready whose pickup is tomorrow in their place's own zone, from 8 AM there:
 * one mail each (the notice is keyed by the order and its date, so a moved order is reminded of
 * its new day). Shoppers who turned reminders off are skipped.
 */
export async function sendPickupReminders(ctx: AppContext, now: Date) {
  // Every zone's "tomorrow" lies within a day of the UTC date: narrow by that, then decide per zone.
  const utc = isoDate(now);
  const candidates = await ctx.db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      email: users.email,
      farmName: producers.farmName,
      pointKind: orders.pointKind,
      pointName: orders.pointName,
      pointAddress: orders.pointAddress,
      deliveryAddress: orders.deliveryAddress,
      timeZone: orders.timeZone,
      booth: orders.booth,
      windowStart: orders.windowStart,
      windowEnd: orders.windowEnd,
      windowDate: orders.windowDate,
      totalCents: orders.totalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(producers, eq(producers.userId, orders.producerUserId))
    .where(
      and(
        inArray(orders.status, [...LIVE]),
        eq(users.pickupReminders, true),
        eq(users.status, 'active'),
        gte(orders.windowDate, utc),
        lte(orders.windowDate, addDaysToDate(utc, 2)),
      ),
    )
    .orderBy(asc(orders.id));
  const due = candidates.filter((order) => {
    const local = localDayAndHour(now, order.timeZone);
    return local.hour >= REMINDER_FROM_HOUR && order.windowDate === addDaysToDate(local.date, 1);
  });
  let sent = 0;
  for (const order of due) {
    if (!(await claimNotice(ctx.db, REMINDER_NOTICE, order.id, order.windowDate))) continue;
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const delivery = order.pointKind === 'delivery';
    const when = windowInZone(order.windowStart, order.windowEnd, order.timeZone);
    const place = delivery
      ? `Delivery to ${order.deliveryAddress ?? 'your address'}`
      : [order.pointName, order.pointAddress].filter(Boolean).join(', ');
    const farm = order.farmName ?? 'the farm';
    await ctx.mailer.send({
      to: order.email,
      subject: delivery
        ? `Reminder: your delivery from ${farm} is tomorrow`
        : `Reminder: pick up your order from ${farm} tomorrow`,
      heading: delivery ? `Your delivery is tomorrow` : `Your pickup is tomorrow`,
      paragraphs: [
        `Order #${order.id} from ${farm}.`,
        `When: ${when}.`,
        `${delivery ? 'Where' : 'Pickup place'}: ${place}.`,
        ...(order.booth ? [`Booth: ${order.booth}.`] : []),
        `Your order: ${mailLines(items).join(', ')}.`,
        `To pay: ${mailAmount(items, order.deliveryFeeCents)}, paid at ${delivery ? 'delivery' : 'pickup'}.`,
        WHAT_TO_BRING,
        `Stop these reminders: ${unsubscribeUrl(ctx, order.customerId)}`,
      ],
      action: { label: 'See your order', url: `${ctx.config.publicUrl}/orders?order=${order.id}` },
      reason:
        'You are getting this because you reserved this order for pickup. We send one reminder the day before; the link above turns them off.',
    });
    sent++;
  }
  return { pickup_reminders: sent };
}

// ---------------------------------------------------------------- the producer's morning summary

type DayOrder = {
  id: number;
  producerUserId: number;
  status: string;
  pointName: string;
  timeZone: string;
  windowStart: Date;
  windowEnd: Date;
  windowDate: string;
  totalCents: number;
  deliveryFeeCents: number;
};

/**
 * For each producer with the morning summary on: on a day with orders, from 6 AM in the zone of the
 * day's places, one mail (keyed by the producer and the date) with the day's orders by window (count,
 * items, amount to collect) and the requests still waiting for an answer.
 */
export async function sendMorningSummaries(ctx: AppContext, now: Date) {
  const utc = isoDate(now);
  const candidates: DayOrder[] = await ctx.db
    .select({
      id: orders.id,
      producerUserId: orders.producerUserId,
      status: orders.status,
      pointName: orders.pointName,
      timeZone: orders.timeZone,
      windowStart: orders.windowStart,
      windowEnd: orders.windowEnd,
      windowDate: orders.windowDate,
      totalCents: orders.totalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
    })
    .from(orders)
    .innerJoin(pickupSettings, eq(pickupSettings.producerUserId, orders.producerUserId))
    .where(
      and(
        eq(pickupSettings.morningSummary, true),
        inArray(orders.status, ['requested', ...LIVE]),
        gte(orders.windowDate, addDaysToDate(utc, -1)),
        lte(orders.windowDate, addDaysToDate(utc, 1)),
      ),
    )
    .orderBy(asc(orders.windowStart), asc(orders.id));
  // A producer's day has begun once one of its orders' places is past 6 AM on that date.
  const days = new Map<string, { producer: number; date: string }>();
  for (const order of candidates) {
    const local = localDayAndHour(now, order.timeZone);
    if (local.date === order.windowDate && local.hour >= SUMMARY_FROM_HOUR) {
      days.set(`${order.producerUserId}|${order.windowDate}`, { producer: order.producerUserId, date: order.windowDate });
    }
  }
  let sent = 0;
  for (const { producer, date } of days.values()) {
    if (!(await claimNotice(ctx.db, SUMMARY_NOTICE, producer, date))) continue;
    const dayOrders = candidates.filter((o) => o.producerUserId === producer && o.windowDate === date);
    await mailSummary(ctx, producer, date, dayOrders);
    sent++;
  }
  return { morning_summaries: sent };
}

/** What a window's orders come to, in the one amount wording (by-weight.ts#formatAmountToPay). */
function windowAmount(group: DayOrder[], items: ItemRow[]): string {
  const sum = { estimateCents: 0, minCents: 0, maxCents: 0, soFarCents: 0, linesToWeigh: 0, linesWeighed: 0 };
  for (const order of group) {
    const amounts = orderAmounts(
      items.filter((i) => i.orderId === order.id),
      order.deliveryFeeCents,
    );
    sum.estimateCents += amounts.totalCents;
    sum.minCents += amounts.minCents;
    sum.maxCents += amounts.maxCents;
    sum.soFarCents += amounts.soFarCents;
    sum.linesToWeigh += amounts.linesToWeigh;
    sum.linesWeighed += amounts.linesWeighed;
  }
  return formatAmountToPay(sum);
}

async function mailSummary(ctx: AppContext, producer: number, date: string, dayOrders: DayOrder[]) {
  const [farm] = await ctx.db
    .select({ email: users.email, farmName: producers.farmName })
    .from(users)
    .leftJoin(producers, eq(producers.userId, users.id))
    .where(eq(users.id, producer));
  if (!farm) return;
  const live = dayOrders.filter((o) => o.status !== 'requested');
  const items = live.length
    ? await ctx.db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            live.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.productName), asc(orderItems.id))
    : [];
  const windows = new Map<string, DayOrder[]>();
  for (const order of live) {
    const key = `${order.pointName}|${order.windowStart.toISOString()}`;
    windows.set(key, [...(windows.get(key) ?? []), order]);
  }
  const lines = [...windows.values()].map((group) => {
    const first = group[0];
    const ids = new Set(group.map((o) => o.id));
    // One line per product, variant, unit and pack range, in the one wording (decision 544): by-weight
    // packs are counted as packs of their range, never as pounds.
    const totals = new Map<string, ItemRow>();
    for (const item of items.filter((i) => ids.has(i.orderId) && i.quantity > 0)) {
      const key = [
        item.productId,
        item.productName,
        item.variantName,
        item.priceUnit,
        item.weightUnit,
        item.packMin,
        item.packMax,
      ].join('|');
      const seen = totals.get(key);
      totals.set(key, seen ? { ...seen, quantity: seen.quantity + item.quantity } : { ...item, weights: null });
    }
    const amount = windowAmount(group, items);
    const time = `${timeFormat(first.timeZone).format(first.windowStart)} – ${timeFormat(first.timeZone).format(first.windowEnd)} ${zoneAbbreviation(first.windowStart, first.timeZone)}`;
    const howMany = group.length === 1 ? '1 order' : `${group.length} orders`;
    const picked = [...totals.values()]
      .map((item) =>
        formatOrderLine({
          quantity: item.quantity,
          name: item.productName,
          variantName: item.variantName,
          priceUnit: item.priceUnit,
          weightUnit: item.weightUnit,
          packMin: item.packMin === null ? null : Number(item.packMin),
          packMax: item.packMax === null ? null : Number(item.packMax),
        }),
      )
      .join(', ');
    return `${first.pointName}, ${time}: ${howMany}, to collect ${amount}. To pack: ${picked}.`;
  });
  const [{ requests }] = await ctx.db
    .select({ requests: count() })
    .from(orders)
    .where(and(eq(orders.producerUserId, producer), eq(orders.status, 'requested')));
  const day = formatDateOnly(date, { weekday: 'long', month: 'long', day: 'numeric' });
  await ctx.mailer.send({
    to: farm.email,
    subject: `Today at ${farm.farmName ?? 'your farm'}: ${live.length === 1 ? '1 order' : `${live.length} orders`} for ${day}`,
    heading: `Your pickup day: ${day}`,
    paragraphs: [
      ...(lines.length ? lines : ['No accepted orders for today yet.']),
      requests === 0
        ? 'No new requests are waiting for an answer.'
        : `${requests === 1 ? '1 new request is' : `${requests} new requests are`} waiting for your answer.`,
    ],
    action: { label: 'Open the day’s orders', url: `${ctx.config.publicUrl}/dashboard?tab=orders&date=${date}` },
    reason:
      'You are getting this because the morning summary is on in your pickup settings. Turn it off there to stop these mails.',
  });
}
