import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { conversations, messages, producers, products, users } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;

export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

export type NewMessage = {
  conversationId: number;
  senderId: number;
  content: string;
  productId?: number | null;
  inquiryId?: number | null;
};

export type MessageRow = typeof messages.$inferSelect;

type RawMessage = {
  id: number;
  conversation_id: number;
  sender_id: number;
  content: string;
  product_id: number | null;
  inquiry_id: number | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

const RETURNING_MESSAGE = sql.raw(
  'returning id, conversation_id, sender_id, content, product_id, inquiry_id, read_at, created_at',
);

function toMessageRow(raw: RawMessage | undefined): MessageRow {
  if (!raw) throw new Error('the message was not stored');
  return {
    id: Number(raw.id),
    conversationId: Number(raw.conversation_id),
    senderId: Number(raw.sender_id),
    content: raw.content,
    productId: raw.product_id === null ? null : Number(raw.product_id),
    inquiryId: raw.inquiry_id === null ? null : Number(raw.inquiry_id),
    readAt: raw.read_at === null ? null : new Date(raw.read_at),
    createdAt: new Date(raw.created_at),
  };
}

/**
 * Stores a message in the pair's conversation, created on first contact (the pair is stored low id
 * first), and moves the conversation's last_message_at to the message's time: one statement, so
 * one short transaction and one round trip.
 */
export async function insertMessageForPair(
  db: Db,
  input: { senderId: number; recipientId: number; content: string; productId: number | null; inquiryId: number | null },
): Promise<MessageRow> {
  const [low, high] =
    input.senderId < input.recipientId ? [input.senderId, input.recipientId] : [input.recipientId, input.senderId];
  const result = await db.execute<RawMessage>(sql`
    with conversation as (
      insert into conversations (user_low_id, user_high_id, product_id) values (${low}, ${high}, ${input.productId})
      on conflict (user_low_id, user_high_id) do update
        -- The latest product talked about wins; a plain message keeps the earlier one.
        set product_id = coalesce(excluded.product_id, conversations.product_id), last_message_at = now()
      returning id
    )
    insert into messages (conversation_id, sender_id, content, product_id, inquiry_id)
    select id, ${input.senderId}::int, ${input.content}::text, ${input.productId}::int, ${input.inquiryId}::int from conversation
    ${RETURNING_MESSAGE}`);
  return toMessageRow(result.rows[0]);
}

/**
 * The send path's one statement: stores the message only when `senderId` takes part in the
 * conversation and the other participant's account is active, and moves last_message_at (now() is
 * also the message's created_at). Null when any condition fails; the caller then says which.
 */
export async function insertMessageIfAllowed(
  db: Db,
  input: { conversationId: number; senderId: number; content: string },
): Promise<(MessageRow & { recipientId: number }) | null> {
  const result = await db.execute<RawMessage & { recipient_id: number }>(sql`
    with target as (
      select c.id, case when c.user_low_id = ${input.senderId} then c.user_high_id else c.user_low_id end as recipient_id
      from conversations c
      join users recipient on recipient.id = (case when c.user_low_id = ${input.senderId} then c.user_high_id else c.user_low_id end)
      where c.id = ${input.conversationId}
        and ${input.senderId} in (c.user_low_id, c.user_high_id)
        and c.user_low_id <> c.user_high_id
        and recipient.status = 'active'
    ), touched as (
      update conversations set last_message_at = now() where id in (select id from target) returning id
    )
    insert into messages (conversation_id, sender_id, content)
    select id, ${input.senderId}::int, ${input.content}::text from target
    ${RETURNING_MESSAGE}, (select recipient_id from target) as recipient_id`);
  const raw = result.rows[0];
  return raw ? { ...toMessageRow(raw), recipientId: Number(raw.recipient_id) } : null;
}

// The send path's statements run hundreds of times a second: by name on PostgreSQL (db/named.ts).
const SEND_BATCH = `
  with input as (
    select t.conversation_id, t.sender_id, t.content, (t.ord - 1)::int as ord
    from unnest($1::int[], $2::int[], $3::text[]) with ordinality as t(conversation_id, sender_id, content, ord)
  ), allowed as (
    select i.ord, i.conversation_id, i.sender_id, i.content,
           case when c.user_low_id = i.sender_id then c.user_high_id else c.user_low_id end as recipient_id
    from input i
    join conversations c on c.id = i.conversation_id
    join users recipient on recipient.id = (case when c.user_low_id = i.sender_id then c.user_high_id else c.user_low_id end)
    where i.sender_id in (c.user_low_id, c.user_high_id)
      and c.user_low_id <> c.user_high_id
      and recipient.status = 'active'
    order by i.ord
  ), target as (
    -- nextval after the sort: ids follow the input order.
    select allowed.*, nextval('messages_id_seq')::int as id from allowed order by ord
  ), locked as (
    select id from conversations where id in (select conversation_id from target) order by id for no key update
  ), touched as (
    update conversations set last_message_at = now() where id in (select id from locked)
  ), stored as (
    -- A data-modifying CTE always runs to completion: the statement fails, or every target row is stored.
    insert into messages (id, conversation_id, sender_id, content, created_at)
    select id, conversation_id, sender_id, content, now() from target
  )
  select ord, id, conversation_id, sender_id, content, null::int as product_id, null::int as inquiry_id,
         null::timestamptz as read_at, now() as created_at, recipient_id
  from target`;

export type SendInput = { conversationId: number; senderId: number; content: string };
export type SentRow = MessageRow & { recipientId: number };

/**
 * Many sends in one statement (group commit): the rules of `insertMessageIfAllowed`
 * applied to each input row, every stored message's conversation moved, and one row back per stored
 * message with its input's index (`ord`, 0-based). Inputs that break a rule are simply absent.
 *
 * Ids are drawn in input order, so messages of one conversation keep their arrival order (they share
 * the statement's now()). The conversations are locked in id order before they are updated, so two
 * batches in flight at once can never deadlock on each other.
 */
export async function insertMessagesIfAllowed(db: Db, inputs: readonly SendInput[]): Promise<Map<number, SentRow>> {
  const rows = await runNamed<RawMessage & { ord: number | string; recipient_id: number }>(
    db,
    'messages_send_batch',
    SEND_BATCH,
    [inputs.map((i) => i.conversationId), inputs.map((i) => i.senderId), inputs.map((i) => i.content)],
  );
  const sent = new Map<number, SentRow>();
  for (const raw of rows) sent.set(Number(raw.ord), { ...toMessageRow(raw), recipientId: Number(raw.recipient_id) });
  return sent;
}

/** A conversation by id with the status of the participant other than `userId` (one query on the send path). */
export async function findConversationWithOther(db: Db, id: number, userId: number) {
  const [row] = await db
    .select({ conversation: conversations, otherStatus: users.status })
    .from(conversations)
    .leftJoin(users, eq(users.id, otherUserId(userId)))
    .where(eq(conversations.id, id))
    .limit(1);
  return row;
}

const otherUserId = (userId: number) =>
  sql<number>`case when ${conversations.userLowId} = ${userId} then ${conversations.userHighId} else ${conversations.userLowId} end`;

/** The user's conversations, newest activity first, each with its last message and unread count. */
export async function listConversations(db: Db, userId: number) {
  return db
    .select({
      id: conversations.id,
      productId: conversations.productId,
      lastMessageAt: conversations.lastMessageAt,
      otherId: users.id,
      otherEmail: users.email,
      farmName: producers.farmName,
      lastMessage: sql<
        string | null
      >`(select m.content from messages m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`,
      unreadCount:
        sql<number>`(select count(*) from messages m where m.conversation_id = ${conversations.id} and m.sender_id <> ${userId} and m.read_at is null)`.mapWith(
          Number,
        ),
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherUserId(userId)))
    .leftJoin(producers, eq(producers.userId, users.id))
    .where(or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  inquiryId: messages.inquiryId,
  productId: products.id,
  productName: products.name,
  productImage: products.primaryImageUrl,
};
export type MessageWithProduct = {
  id: number;
  conversationId: number;
  senderId: number;
  content: string;
  createdAt: Date;
  readAt: Date | null;
  inquiryId: number | null;
  productId: number | null;
  productName: string | null;
  productImage: string | null;
};

/** A page counted back from the newest message (offset 0 = the latest `limit`), returned oldest first. */
export async function listMessages(db: Db, conversationId: number, limit: number, offset: number) {
  const newestFirst = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(products, eq(products.id, messages.productId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(messages).where(eq(messages.conversationId, conversationId));
  return { rows: newestFirst.reverse() as MessageWithProduct[], total: Number(total) };
}

/** Marks what the other participant sent as read; returns how many messages changed. */
export async function markConversationRead(db: Db, conversationId: number, readerId: number, readAt: Date): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ readAt })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, readerId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return updated.length;
}

/** Messages sent to the user, across their conversations, not yet read. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const mine = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)));
  const [{ total }] = await db
    .select({ total: count() })
    .from(messages)
    .where(and(inArray(messages.conversationId, mine), ne(messages.senderId, userId), isNull(messages.readAt)));
  return Number(total);
}

/** `countUnread` for many users in one query (the realtime unread pushes, folded). */
export async function countUnreadFor(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await runNamed<{ user_id: number; unread: number | string }>(db, 'messages_unread_for', UNREAD_FOR, [userIds]);
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.unread)]));
}

const UNREAD_FOR = `
  select u.id as user_id,
    (select count(*) from messages m
     where m.conversation_id in (select c.id from conversations c where c.user_low_id = u.id or c.user_high_id = u.id)
       and m.sender_id <> u.id and m.read_at is null) as unread
  from unnest($1::int[]) as u(id)`;

export async function findUserBrief(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, status: users.status, userType: users.userType })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findProductBrief(db: Db, id: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, primaryImageUrl: products.primaryImageUrl })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row;
}
