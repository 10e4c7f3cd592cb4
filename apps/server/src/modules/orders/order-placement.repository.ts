import { and, asc, gt, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { orders, users } from '../../db/schema';
import type { OutboxFields } from '../../lib/mailer';
import type { MessageWithProduct } from '../messages/messages.repository';
import { ORDER_MAIL_NOTICE, ORDER_MAIL_PENDING } from './order-mail';
import { type ItemRow, type OrderRow, type RawMessage, rawToMessage } from './orders.repository';

export type NewOrder = Omit<OrderRow, 'id' | 'status' | 'declineReason' | 'conversationId'>;
export type NewItem = Omit<ItemRow, 'id' | 'orderId' | 'reservedQuantity'>;

/**
 * The producer's notice of the new order, written with it. Its subject, text and HTML are given in
 * parts around the order's number (not known before the statement runs): the stored mail is the
 * parts joined by that number.
 */
export type OrderMail = Omit<OutboxFields, 'subject' | 'body' | 'html'> & {
  subject: string[];
  body: string[];
  html: string[] | null;
  /** The farm's mail period (order-mail.ts): only the period's first order is mailed at once. */
  period: string;
};

export type PlacedOrder = {
  order: OrderRow;
  items: ItemRow[];
  message: MessageWithProduct | null;
  /** The outbox row of the producer's mail, committed with the order; null when there is none. */
  mailId: number | null;
};

/**
 * Writes a placed order in one statement (issue 13 "Speed", decision 175): the order, its lines, its
 * first event, the opening message of its thread in the pair's conversation (made on first contact)
 * when messaging is on, and the producer's mail in the outbox. One round trip, one commit, atomic on
 * its own: the mail exists only when the order does. The mail is written when the order claims the
 * farm's mail period (order-mail.ts); otherwise the order is recorded as pending for the digest. The text never changes (the optional parts
 * are switched by parameters), so PostgreSQL runs it as a named prepared statement. Under a capped
 * window the caller runs it inside the transaction that holds the pickup point's lock.
 */
const PLACE_ORDER = `
  with conversation as (
    insert into conversations (user_low_id, user_high_id)
    select $24::int, $25::int where $23::bool
    on conflict (user_low_id, user_high_id) do update set last_message_at = now()
    returning id
  ), new_order as (
    insert into orders (customer_id, producer_user_id, point_id, point_kind, point_name, point_address,
      window_start, window_end, window_date, cutoff_at, shopper_name, shopper_phone, delivery_address,
      delivery_miles, delivery_fee, subtotal, total, note, conversation_id, expires_at, created_at, updated_at)
    values ($1::int, $2::int, $3::int, $4::text, $5::text, $6::text, $7::timestamptz, $8::timestamptz, $9::text,
      $10::timestamptz, $11::text, $12::text, $13::text, $14::float8, $15::numeric, $16::numeric, $17::numeric, $18::text,
      (select id from conversation), $19::timestamptz, $20::timestamptz, $21::timestamptz)
    returning id, conversation_id
  ), new_items as (
    insert into order_items (order_id, product_id, product_name, price_unit, unit_price, quantity)
    select new_order.id, (line->>'productId')::int, line->>'productName', line->>'priceUnit',
      (line->>'unitPrice')::numeric, (line->>'quantity')::int
    from new_order, jsonb_array_elements($22::jsonb) with ordinality as lines(line, n)
    order by n
    returning id, product_id
  ), first_event as (
    insert into order_events (order_id, from_status, to_status, actor_id, actor_role, created_at)
    select id, null, 'requested', $1::int, 'shopper', $20::timestamptz from new_order
  ), message as (
    insert into messages (conversation_id, sender_id, content)
    select conversation_id, $26::int, 'Order #' || id || $27::text from new_order where $23::bool
    returning id, conversation_id, sender_id, content, inquiry_id, read_at, created_at
  ), linked as (
    insert into order_messages (order_id, message_id) select new_order.id, message.id from new_order, message
  ), notice as (
    insert into job_notices (kind, subject_id, milestone)
    select '${ORDER_MAIL_NOTICE}', $2::int, $34::text from new_order where $28::text is not null
    on conflict do nothing
    returning subject_id
  ), pending as (
    insert into job_notices (kind, subject_id, milestone)
    select '${ORDER_MAIL_PENDING}', id, 'requested' from new_order
    where $28::text is not null and not exists (select 1 from notice)
  ), mail as (
    insert into email_outbox (to_address, subject, body, html, reason, status, attempts)
    select $28::text, array_to_string($29::text[], id::text), array_to_string($30::text[], id::text),
      array_to_string($31::text[], id::text), $32::text, $33::text, case when $33::text = 'logged' then 1 else 0 end
    from new_order where $28::text is not null and exists (select 1 from notice)
    returning id
  )
  select new_order.id as order_id,
    (select coalesce(json_agg(new_items.id order by new_items.id), '[]') from new_items) as item_ids,
    (select id from mail) as mail_id,
    message.id, message.conversation_id, message.sender_id, message.content, message.inquiry_id,
    message.read_at, message.created_at
  from new_order left join message on true`;

export type PlaceInput = {
  order: NewOrder;
  items: NewItem[];
  thread: { senderId: number; recipientId: number; threadText: string } | null;
  mail: OrderMail | null;
};

export async function insertPlacedOrder(db: Db, input: PlaceInput): Promise<PlacedOrder> {
  const o = input.order;
  const { thread, mail } = input;
  const [low, high] = thread ? [thread.senderId, thread.recipientId].sort((a, b) => a - b) : [0, 0];
  const [row] = await runNamed<PlacedRaw>(db, 'orders_place', PLACE_ORDER, [
    o.customerId,
    o.producerUserId,
    o.pointId,
    o.pointKind,
    o.pointName,
    o.pointAddress,
    o.windowStart.toISOString(),
    o.windowEnd.toISOString(),
    o.windowDate,
    o.cutoffAt.toISOString(),
    o.shopperName,
    o.shopperPhone,
    o.deliveryAddress,
    o.deliveryMiles,
    o.deliveryFee,
    o.subtotal,
    o.total,
    o.note,
    o.expiresAt.toISOString(),
    o.createdAt.toISOString(),
    o.updatedAt.toISOString(),
    JSON.stringify(input.items),
    thread !== null,
    low,
    high,
    thread?.senderId ?? 0,
    thread?.threadText ?? '',
    mail?.toAddress ?? null,
    mail?.subject ?? [],
    mail?.body ?? [],
    mail?.html ?? null,
    mail?.reason ?? null,
    mail?.status ?? 'queued',
    mail?.period ?? '',
  ]);
  if (!row) throw new Error('the order was not stored');
  return placedFrom(input, row);
}

type PlacedRaw = RawMessage & { order_id: number; item_ids: number[] | string; mail_id: number | null };

function placedFrom(input: PlaceInput, row: PlacedRaw): PlacedOrder {
  const o = input.order;
  const itemIds = (typeof row.item_ids === 'string' ? JSON.parse(row.item_ids) : row.item_ids) as number[];
  const message = row.id === null || row.id === undefined ? null : rawToMessage(row);
  return {
    order: {
      ...o,
      id: Number(row.order_id),
      status: 'requested',
      declineReason: null,
      conversationId: message?.conversationId ?? null,
    },
    // Ids are given in the order the lines were inserted (`order by n`, one serial).
    items: input.items.map((item, i) => ({
      ...item,
      id: Number(itemIds[i]),
      orderId: Number(row.order_id),
      reservedQuantity: 0,
    })),
    message,
    mailId: row.mail_id === null || row.mail_id === undefined ? null : Number(row.mail_id),
  };
}

/**
 * Group commit for orders (decision 175, as messages do in decision 119): placements that arrive
 * together are written by one statement, each exactly as `insertPlacedOrder` writes it alone. Ids
 * are drawn first (nextval) so each input's rows are found again by its position; a pair's
 * conversation is made once even when two of its orders share the batch; of a farm's placements in
 * one batch only the first can claim its mail period. Runs inside placeWithinLimits' transaction.
 */
const PLACE_ORDERS = `
  with input as (
    select (t.n - 1)::int as ord, t.o from jsonb_array_elements($1::jsonb) with ordinality as t(o, n)
  ), conversation as (
    insert into conversations (user_low_id, user_high_id)
    select distinct (o->>'low')::int, (o->>'high')::int from input where (o->>'thread')::bool
    on conflict (user_low_id, user_high_id) do update set last_message_at = now()
    returning id, user_low_id, user_high_id
  ), notice as (
    insert into job_notices (kind, subject_id, milestone)
    select distinct '${ORDER_MAIL_NOTICE}'::text, (o->>'producerUserId')::int, o->>'mailPeriod' from input
    where o->>'mailTo' is not null
    on conflict do nothing
    returning subject_id, milestone
  ), mailed as (
    select min(i.ord) as ord from input i
    join notice n on n.subject_id = (i.o->>'producerUserId')::int and n.milestone = i.o->>'mailPeriod'
    where i.o->>'mailTo' is not null
    group by n.subject_id, n.milestone
  ), target as (
    select i.ord, i.o, nextval('orders_id_seq')::int as id, c.id as conversation_id,
      case when (i.o->>'thread')::bool then nextval('messages_id_seq')::int end as message_id,
      case when i.ord in (select ord from mailed) then nextval('email_outbox_id_seq')::int end as mail_id
    from input i
    left join conversation c on (i.o->>'thread')::bool
      and c.user_low_id = (i.o->>'low')::int and c.user_high_id = (i.o->>'high')::int
  ), new_order as (
    insert into orders (id, customer_id, producer_user_id, point_id, point_kind, point_name, point_address,
      window_start, window_end, window_date, cutoff_at, shopper_name, shopper_phone, delivery_address,
      delivery_miles, delivery_fee, subtotal, total, note, conversation_id, expires_at, created_at, updated_at)
    select id, (o->>'customerId')::int, (o->>'producerUserId')::int, (o->>'pointId')::int, o->>'pointKind',
      o->>'pointName', o->>'pointAddress', (o->>'windowStart')::timestamptz, (o->>'windowEnd')::timestamptz,
      o->>'windowDate', (o->>'cutoffAt')::timestamptz, o->>'shopperName', o->>'shopperPhone', o->>'deliveryAddress',
      (o->>'deliveryMiles')::float8, (o->>'deliveryFee')::numeric, (o->>'subtotal')::numeric, (o->>'total')::numeric,
      o->>'note', conversation_id, (o->>'expiresAt')::timestamptz, (o->>'createdAt')::timestamptz,
      (o->>'updatedAt')::timestamptz
    from target order by ord
  ), new_items as (
    insert into order_items (order_id, product_id, product_name, price_unit, unit_price, quantity)
    select target.id, (line->>'productId')::int, line->>'productName', line->>'priceUnit',
      (line->>'unitPrice')::numeric, (line->>'quantity')::int
    from target, jsonb_array_elements(target.o->'items') with ordinality as lines(line, n)
    order by target.ord, n
    returning id, order_id
  ), first_event as (
    insert into order_events (order_id, from_status, to_status, actor_id, actor_role, created_at)
    select id, null, 'requested', (o->>'customerId')::int, 'shopper', (o->>'createdAt')::timestamptz from target
  ), message as (
    insert into messages (id, conversation_id, sender_id, content)
    select message_id, conversation_id, (o->>'senderId')::int, 'Order #' || id || (o->>'threadText')
    from target where message_id is not null
    returning id, conversation_id, sender_id, content, inquiry_id, read_at, created_at
  ), linked as (
    insert into order_messages (order_id, message_id) select id, message_id from target where message_id is not null
  ), mail as (
    insert into email_outbox (id, to_address, subject, body, html, reason, status, attempts)
    select mail_id, o->>'mailTo',
      array_to_string(array(select jsonb_array_elements_text(o->'mailSubject')), id::text),
      array_to_string(array(select jsonb_array_elements_text(o->'mailBody')), id::text),
      case when jsonb_typeof(o->'mailHtml') = 'array'
        then array_to_string(array(select jsonb_array_elements_text(o->'mailHtml')), id::text) end,
      o->>'mailReason', o->>'mailStatus', case when o->>'mailStatus' = 'logged' then 1 else 0 end
    from target where mail_id is not null
  ), pending as (
    insert into job_notices (kind, subject_id, milestone)
    select '${ORDER_MAIL_PENDING}', id, 'requested' from target where o->>'mailTo' is not null and mail_id is null
  )
  select target.ord, target.id as order_id, target.mail_id,
    (select coalesce(json_agg(new_items.id order by new_items.id), '[]') from new_items where new_items.order_id = target.id) as item_ids,
    message.id, message.conversation_id, message.sender_id, message.content, message.inquiry_id,
    message.read_at, message.created_at
  from target left join message on message.id = target.message_id`;

/** Writes several placements in one statement; each input's result by its index. */
export async function insertPlacedOrders(db: Db, inputs: readonly PlaceInput[]): Promise<Map<number, PlacedOrder>> {
  if (inputs.length === 1) return new Map([[0, await insertPlacedOrder(db, inputs[0])]]);
  const rows = await runNamed<PlacedRaw & { ord: number }>(db, 'orders_place_batch', PLACE_ORDERS, [
    JSON.stringify(
      inputs.map(({ order: o, items, thread, mail }) => {
        const [low, high] = thread ? [thread.senderId, thread.recipientId].sort((a, b) => a - b) : [0, 0];
        return {
          ...o,
          items,
          thread: thread !== null,
          low,
          high,
          senderId: thread?.senderId ?? 0,
          threadText: thread?.threadText ?? '',
          mailTo: mail?.toAddress ?? null,
          mailSubject: mail?.subject ?? [],
          mailBody: mail?.body ?? [],
          mailHtml: mail?.html ?? null,
          mailReason: mail?.reason ?? null,
          mailStatus: mail?.status ?? 'queued',
          mailPeriod: mail?.period ?? null,
        };
      }),
    ),
  ]);
  const placed = new Map<number, PlacedOrder>();
  for (const row of rows) placed.set(Number(row.ord), placedFrom(inputs[Number(row.ord)], row));
  return placed;
}

/** Why the shopper limits refuse a placement: too many open orders with the farm, or in the window. */
export type LimitRefusal = { refused: 'farm' | 'window' };

type Limits = { perFarm: number; perWindow: number };

/**
 * Writes placements in the caller's transaction, each only while its shopper is under the limits
 * (decision 323): open orders per shopper per farm and per shopper per pickup window. The shoppers'
 * rows are locked first (in id order, so two batches never deadlock; `no key update` leaves the
 * foreign-key checks of other writes free), so a shopper's parallel placements count one after the
 * other on every instance. Placements of one shopper in the same batch count in their order.
 * Each input's result by its index: the placed order, or why it was refused.
 */
export async function placeWithinLimits(
  tx: Db,
  inputs: readonly PlaceInput[],
  limits: Limits,
  at: Date,
): Promise<Map<number, PlacedOrder | LimitRefusal>> {
  const shopperIds = [...new Set(inputs.map((input) => input.order.customerId))].sort((a, b) => a - b);
  const producerIds = [...new Set(inputs.map((input) => input.order.producerUserId))];
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, shopperIds)).orderBy(asc(users.id)).for('no key update');
  const open = await openOrdersOf(tx, shopperIds, producerIds, at);

  const counts = new Map<string, number>();
  const keysOf = (o: Pick<NewOrder, 'customerId' | 'producerUserId' | 'pointId' | 'windowStart'>) => ({
    farm: `${o.customerId}@${o.producerUserId}`,
    window: `${o.customerId}@${o.pointId}@${o.windowStart.getTime()}`,
  });
  const count = (key: string) => counts.get(key) ?? 0;
  const add = (keys: { farm: string; window: string }) => {
    counts.set(keys.farm, count(keys.farm) + 1);
    counts.set(keys.window, count(keys.window) + 1);
  };
  for (const row of open) add(keysOf(row));

  const results = new Map<number, PlacedOrder | LimitRefusal>();
  const accepted: number[] = [];
  for (const [index, input] of inputs.entries()) {
    const keys = keysOf(input.order);
    if (count(keys.farm) >= limits.perFarm) results.set(index, { refused: 'farm' });
    else if (count(keys.window) >= limits.perWindow) results.set(index, { refused: 'window' });
    else {
      add(keys);
      accepted.push(index);
    }
  }
  if (accepted.length > 0) {
    const placed = await insertPlacedOrders(
      tx,
      accepted.map((index) => inputs[index]),
    );
    for (const [i, order] of placed) results.set(accepted[i], order);
  }
  return results;
}

/**
 * The shoppers' orders still open with these farms: requested, accepted or ready, for a window that
 * has not ended, and (requests) not past their answer time. An order the producer never closed after
 * its day, or a request about to expire, does not keep the shopper out.
 */
async function openOrdersOf(tx: Db, shopperIds: number[], producerIds: number[], at: Date) {
  return tx
    .select({
      customerId: orders.customerId,
      producerUserId: orders.producerUserId,
      pointId: orders.pointId,
      windowStart: orders.windowStart,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.customerId, shopperIds),
        inArray(orders.producerUserId, producerIds),
        inArray(orders.status, ['requested', 'accepted', 'ready']),
        gt(orders.windowEnd, at),
        or(ne(orders.status, 'requested'), gt(orders.expiresAt, at)),
      ),
    );
}
