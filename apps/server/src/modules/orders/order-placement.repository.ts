import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import type { OutboxFields } from '../../lib/mailer';
import type { MessageWithProduct } from '../messages/messages.repository';
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
 * its own: the mail exists exactly when the order does. The text never changes (the optional parts
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
  ), mail as (
    insert into email_outbox (to_address, subject, body, html, reason)
    select $28::text, array_to_string($29::text[], id::text), array_to_string($30::text[], id::text),
      array_to_string($31::text[], id::text), $32::text
    from new_order where $28::text is not null
    returning id
  )
  select new_order.id as order_id,
    (select coalesce(json_agg(new_items.id order by new_items.id), '[]') from new_items) as item_ids,
    (select id from mail) as mail_id,
    message.id, message.conversation_id, message.sender_id, message.content, message.inquiry_id,
    message.read_at, message.created_at
  from new_order left join message on true`;

export async function insertPlacedOrder(
  db: Db,
  input: {
    order: NewOrder;
    items: NewItem[];
    thread: { senderId: number; recipientId: number; threadText: string } | null;
    mail: OrderMail | null;
  },
): Promise<PlacedOrder> {
  const o = input.order;
  const { thread, mail } = input;
  const [low, high] = thread ? [thread.senderId, thread.recipientId].sort((a, b) => a - b) : [0, 0];
  const [row] = await runNamed<RawMessage & { order_id: number; item_ids: number[] | string; mail_id: number | null }>(
    db,
    'orders_place',
    PLACE_ORDER,
    [
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
    ],
  );
  if (!row) throw new Error('the order was not stored');
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
