import { formatPrice } from '@farmstand/shared';
import { type BenefitProgramme, plannedBenefitsText } from '@farmstand/shared/benefits/programmes';
import { defaultTimeZone, zoneAbbreviation } from '@farmstand/shared/constants/time-zones';
import { formatAmountToPay } from '@farmstand/shared/format/by-weight';
import { type Cents, formatCents, toDollars } from '@farmstand/shared/format/money';
import { ORDER_LIMITS } from '@farmstand/shared/schemas/orders';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import type { AppContext } from '../../lib/context';
import { zonedFormatter } from '../../lib/time';
import { mailLine, orderAmounts, type WordedLine } from './order-lines';

/**
 * A farm's order mails are spaced (decision 323), with the job sweep's notice keys (`job_notices`,
 * as the message digest's "one an hour"): the first new order, cancellation or expiry of a period
 * is mailed at once and claims `order_mail/<producer>/<period>`; later ones of that period are kept
 * as `order_mail_pending/<order>/<status>` and go out together in one digest from the sweep.
 * A farm's share reservations and cancellations (decision 520) and CSA members (decision 541) take the
 * same period and digest, kept as their own pending kinds; the digest is the job jobs/farm-mail-digest.ts.
 */
const PERIOD_MS = ORDER_LIMITS.producerMailPeriodMinutes * 60_000;

/** The mail period an instant falls in (its start), the milestone of the period's keys. */
export function mailPeriodOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / PERIOD_MS) * PERIOD_MS).toISOString();
}

/** Kinds of `job_notices` rows the farm's order mails use. */
export const ORDER_MAIL_NOTICE = 'order_mail';
export const ORDER_MAIL_PENDING = 'order_mail_pending';

/**
 * Whether the farm is mailed about this order's move now (the first of the period), or the move
 * waits for the digest (recorded as pending). One statement: claiming the period and, when it was
 * claimed already, recording the pending notice (placing an order is one round trip shorter; its
 * p95 budget is 50 ms, bench/README.md "50-orders"). A new order decides this in its own transaction.
 * A share's notice passes its own `pending` kind and the share's id.
 */
export async function mailFarmNow(
  db: Db,
  producerUserId: number,
  orderId: number,
  status: 'requested' | 'cancelled' | 'expired',
  at: Date,
  pending: string = ORDER_MAIL_PENDING,
): Promise<boolean> {
  const rows = await runNamed<{ now: boolean }>(db, 'orders_mail_farm_now', MAIL_FARM_NOW, [
    ORDER_MAIL_NOTICE,
    producerUserId,
    mailPeriodOf(at),
    pending,
    orderId,
    status,
  ]);
  return rows[0]?.now === true;
}

const MAIL_FARM_NOW = `
  with period as (
    insert into job_notices (kind, subject_id, milestone) values ($1, $2, $3)
    on conflict do nothing returning 1
  ), pending as (
    insert into job_notices (kind, subject_id, milestone)
    select $4, $5::int, $6::text where not exists (select from period)
    on conflict do nothing
  )
  select exists (select from period) as now`;

type PendingRow = {
  id: number;
  status: OrderDigestLine['status'];
  shopper_name: string;
  point_name: string;
  time_zone: string;
  window_start: string | Date;
  total_cents: string | number;
  by_weight: boolean;
  planned_benefits: BenefitProgramme[];
  email: string;
  farm_state: string | null;
  farm_zip: string | null;
};

/** "Plans to pay with SNAP/EBT." when the shopper said so at checkout (decision 516), as a mail line. */
const planned = (benefits: BenefitProgramme[]) => {
  const text = plannedBenefitsText(benefits, 'producer');
  return text ? [`${text}.`] : [];
};

/** An order notice as the farm's digest says it. */
export type OrderDigestLine = { status: 'requested' | 'cancelled' | 'expired'; text: string; email: string };

/** Farms with order notices waiting for their digest. */
export async function farmsWithPendingOrderMail(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ producer_user_id: number }>(sql`
    select distinct o.producer_user_id from job_notices n join orders o on o.id = n.subject_id
    where n.kind = ${ORDER_MAIL_PENDING}`);
  return rows.map((row) => Number(row.producer_user_id));
}

/**
 * Takes a farm's waiting order notices, as digest lines: the statement that reads them deletes them,
 * so two instances never mail one twice (the digest's claim keeps it to one per farm and period).
 */
export async function takePendingOrderMail(db: Db, producerUserId: number): Promise<OrderDigestLine[]> {
  const { rows } = await db.execute<PendingRow>(sql`
    with taken as (
      delete from job_notices n using orders o
      where n.kind = ${ORDER_MAIL_PENDING} and o.id = n.subject_id and o.producer_user_id = ${producerUserId}
      returning n.subject_id, n.milestone
    )
    select o.id, t.milestone as status, o.shopper_name, o.point_name, o.time_zone, o.window_start, o.total_cents, o.by_weight,
      o.planned_benefits, u.email, p.state as farm_state, p.zip as farm_zip
    from taken t join orders o on o.id = t.subject_id join users u on u.id = o.producer_user_id
    left join producers p on p.user_id = o.producer_user_id
    order by o.id, t.milestone desc`);
  const line = (row: PendingRow) => {
    const label = `Order #${row.id} from ${row.shopper_name}`;
    if (row.status === 'cancelled') return `${label} was cancelled.`;
    if (row.status === 'expired') return `${label} expired (not answered in ${ORDER_LIMITS.expiryHours} hours).`;
    const at = when(new Date(row.window_start), row.time_zone, farmTimeZone({ state: row.farm_state, zip: row.farm_zip }));
    // A by-weight order's total is its estimate until the packs are weighed: never stated as firm.
    const total = formatCents(Number(row.total_cents));
    const amount = row.by_weight ? `about ${total} until weighed` : total;
    return [`New: ${label} for ${row.point_name}, ${at}, ${amount}.`, ...planned(row.planned_benefits)].join(' ');
  };
  return rows.map((row) => ({ status: row.status, email: row.email, text: line(row) }));
}

const whenFormat = zonedFormatter({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Formatted instants, kept (bounded): the orders of a day name the same few pickup windows. */
const formattedWhen = new Map<string, string>();

/**
 * "Sat, May 30, 9:00 AM CDT": an instant in the pickup place's time zone, for mails and messages,
 * the zone named, since a shopper may live in the other zone (Kentucky and Tennessee span two). A
 * farm's mail passes the farm's own zone as `readerZone`: a time in it is written without its name
 * ("Sat, May 30, 9:00 AM"), one at a market in the other zone with it (decision 545).
 */
export function when(date: Date, timeZone: string, readerZone?: string): string {
  const key = `${timeZone}|${date.getTime()}`;
  let text = formattedWhen.get(key);
  if (text === undefined) {
    text = whenFormat(timeZone).format(date);
    if (formattedWhen.size >= 10_000) formattedWhen.clear();
    formattedWhen.set(key, text);
  }
  return readerZone === timeZone ? text : `${text} ${zoneAbbreviation(date, timeZone)}`;
}

/**
 * The farm's own time zone: its address's (the zone its places default to), in which its mails
 * write times without naming the zone (decision 545).
 */
export const farmTimeZone = (farm: { state: string | null; zip: string | null }) => defaultTimeZone(farm.state, farm.zip);

type MailItem = WordedLine;

/** The order thread's opening message after "Order #<id>": place, time, lines and the shopper's note. */
export function orderSummaryAfterNumber(items: MailItem[], place: string, startsAt: Date, timeZone: string, note: string | null) {
  const lines = items.map(mailLine).join(', ');
  return ` for ${place}, ${when(startsAt, timeZone)}: ${lines}${note ? `\n\n${note}` : ''}`;
}

/** The producer's notice of a new order: times in the place's zone, named where it is not the farm's own. */
export function newOrderMail(
  ctx: AppContext,
  to: string,
  order: {
    id: number;
    windowStart: Date;
    pointName: string;
    deliveryFeeCents: Cents;
    note: string | null;
    byWeight: boolean;
    plannedBenefits: BenefitProgramme[];
  },
  items: (MailItem & { unitPriceCents: Cents; weights: number[] | null })[],
  shopperName: string,
  timeZone: string,
  farmZone: string,
) {
  const at = when(order.windowStart, timeZone, farmZone);
  const amounts = orderAmounts(items, order.deliveryFeeCents);
  const amount = formatAmountToPay({
    estimateCents: amounts.totalCents,
    minCents: amounts.minCents,
    maxCents: amounts.maxCents,
    soFarCents: amounts.soFarCents,
    linesToWeigh: amounts.linesToWeigh,
    linesWeighed: amounts.linesWeighed,
  });
  return {
    to,
    subject: `New order #${order.id} for ${at}`,
    text: [
      `${shopperName} reserved for ${order.pointName}, ${at}:`,
      '',
      // A by-weight line's price is per its weight unit (decision 510).
      ...items.map((i) => `${mailLine(i)} at ${formatPrice(toDollars(i.unitPriceCents), i.weightUnit ?? i.priceUnit)}`),
      '',
      order.byWeight ? `To collect at pickup: ${amount}. Weigh the packs on the Orders tab.` : `To collect at pickup: ${amount}.`,
      ...planned(order.plannedBenefits),
      ...(order.note ? ['', `Note: ${order.note}`] : []),
      '',
      `Accept or decline within ${ORDER_LIMITS.expiryHours} hours: ${ctx.config.publicUrl}/dashboard?tab=orders`,
    ].join('\n'),
  };
}
