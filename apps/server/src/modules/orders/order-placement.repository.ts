import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MessageWithProduct } from '../messages/messages.repository';
import { type ItemRow, type OrderRow, type RawMessage, rawToMessage } from './orders.repository';

export type NewOrder = Omit<OrderRow, 'id' | 'status' | 'declineReason' | 'conversationId'>;
export type NewItem = Omit<ItemRow, 'id' | 'orderId' | 'reservedQuantity'>;

export type PlacedOrder = { order: OrderRow; items: ItemRow[]; message: MessageWithProduct | null };

/**
 * Writes a placed order in one statement (issue 13 "Speed"): the order, its lines, its first event
 * and, when messaging is on, the opening message of its thread in the pair's conversation (made on
 * first contact). One round trip and atomic on its own; under a capped window the caller runs it
 * inside the transaction that holds the pickup point's lock. `threadText` follows "Order #<id>".
 */
export async function insertPlacedOrder(
  db: Db,
  input: { order: NewOrder; items: NewItem[]; thread: { senderId: number; recipientId: number; threadText: string } | null },
): Promise<PlacedOrder> {
  const o = input.order;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const thread = input.thread;
  const [low, high] = thread ? [thread.senderId, thread.recipientId].sort((a, b) => a - b) : [0, 0];
  const conversationCte = thread
    ? sql`conversation as (
        insert into conversations (user_low_id, user_high_id) values (${low}::int, ${high}::int)
        on conflict (user_low_id, user_high_id) do update set last_message_at = now()
        returning id
      ),`
    : sql``;
  const messageCtes = thread
    ? sql`, message as (
        insert into messages (conversation_id, sender_id, content)
        select conversation_id, ${thread.senderId}::int, 'Order #' || id || ${thread.threadText}::text from new_order
        returning id, conversation_id, sender_id, content, inquiry_id, read_at, created_at
      ), linked as (
        insert into order_messages (order_id, message_id) select new_order.id, message.id from new_order, message
      )`
    : sql`, message as (
        select null::int as id, null::int as conversation_id, null::int as sender_id, null::text as content,
          null::int as inquiry_id, null::timestamptz as read_at, null::timestamptz as created_at where false
      )`;
  const result = await db.execute<RawMessage & { order_id: number; item_ids: number[] | string }>(sql`
    with ${conversationCte} new_order as (
      insert into orders (customer_id, producer_user_id, point_id, point_kind, point_name, point_address,
        window_start, window_end, window_date, cutoff_at, shopper_name, shopper_phone, delivery_address,
        delivery_miles, delivery_fee, subtotal, total, note, conversation_id, expires_at, created_at, updated_at)
      values (${o.customerId}::int, ${o.producerUserId}::int, ${o.pointId}::int, ${o.pointKind}::text, ${o.pointName}::text,
        ${o.pointAddress}::text, ${at(o.windowStart)}, ${at(o.windowEnd)}, ${o.windowDate}::text, ${at(o.cutoffAt)},
        ${o.shopperName}::text, ${o.shopperPhone}::text, ${o.deliveryAddress}::text, ${o.deliveryMiles}::float8,
        ${o.deliveryFee}::numeric, ${o.subtotal}::numeric, ${o.total}::numeric, ${o.note}::text,
        ${thread ? sql`(select id from conversation)` : sql`null::int`}, ${at(o.expiresAt)}, ${at(o.createdAt)}, ${at(o.updatedAt)})
      returning id, conversation_id
    ), new_items as (
      insert into order_items (order_id, product_id, product_name, price_unit, unit_price, quantity)
      select new_order.id, (line->>'productId')::int, line->>'productName', line->>'priceUnit',
        (line->>'unitPrice')::numeric, (line->>'quantity')::int
      from new_order, jsonb_array_elements(${JSON.stringify(input.items)}::jsonb) with ordinality as lines(line, n)
      order by n
      returning id, product_id
    ), first_event as (
      insert into order_events (order_id, from_status, to_status, actor_id, actor_role, created_at)
      select id, null, 'requested', ${o.customerId}::int, 'shopper', ${at(o.createdAt)} from new_order
    ) ${messageCtes}
    select new_order.id as order_id,
      (select coalesce(json_agg(new_items.id order by new_items.id), '[]') from new_items) as item_ids,
      message.id, message.conversation_id, message.sender_id, message.content, message.inquiry_id,
      message.read_at, message.created_at
    from new_order left join message on true`);
  const row = result.rows[0];
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
  };
}
