import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages, producers, products, users } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;

export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

/** The one conversation of a pair of users, created on first contact (the pair is stored low id first). */
export async function upsertConversation(db: Db, userA: number, userB: number, productId: number | null): Promise<number> {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  const [row] = await db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high, productId })
    .onConflictDoUpdate({
      target: [conversations.userLowId, conversations.userHighId],
      // The latest product talked about wins; a plain message keeps the earlier one.
      set: { productId: sql`coalesce(excluded.product_id, ${conversations.productId})`, lastMessageAt: sql`now()` },
    })
    .returning({ id: conversations.id });
  return row.id;
}

export type NewMessage = {
  conversationId: number;
  senderId: number;
  content: string;
  productId?: number | null;
  inquiryId?: number | null;
};

/** Stores a message; the conversation's last_message_at was set by `upsertConversation` in the same transaction. */
export async function insertMessage(db: Db, values: NewMessage) {
  const [row] = await db.insert(messages).values(values).returning();
  return row;
}

export type MessageRow = typeof messages.$inferSelect;

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
