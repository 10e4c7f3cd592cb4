import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { inquiries, messages, producers, products, subscriptions, users } from '../../db/schema';

/** What the inquiry rules need to know about a product and who sells it. */
export async function findProductForInquiry(db: Db, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      primaryImageUrl: products.primaryImageUrl,
      availability: products.availability,
      stockQuantity: products.stockQuantity,
      active: products.active,
      moderationStatus: products.moderationStatus,
      producerUserId: producers.userId,
      farmName: producers.farmName,
      producerEmail: users.email,
      producerStatus: users.status,
      producerType: users.userType,
      subscription: {
        status: subscriptions.status,
        trialEndsAt: subscriptions.trialEndsAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      },
    })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}
export type InquiryProduct = NonNullable<Awaited<ReturnType<typeof findProductForInquiry>>>;

export async function insertInquiry(db: Db, values: typeof inquiries.$inferInsert) {
  const [row] = await db.insert(inquiries).values(values).returning();
  return row;
}

export async function linkInquiryMessage(db: Db, messageId: number, inquiryId: number) {
  await db.update(messages).set({ inquiryId }).where(eq(messages.id, messageId));
}

/** Open inquiries between a producer and a customer become "responded" once the producer writes back. */
export async function markResponded(db: Db, producerUserId: number, customerId: number) {
  // Run after every message a producer sends (and every order a producer places elsewhere): by name.
  await runNamed(
    db,
    'inquiries_mark_responded',
    `update inquiries set status = 'responded' where producer_user_id = $1 and customer_id = $2 and status = 'new'`,
    [producerUserId, customerId],
  );
}

const customer = users;
const listColumns = {
  id: inquiries.id,
  message: inquiries.message,
  contactPreference: inquiries.contactPreference,
  requestedQuantity: inquiries.requestedQuantity,
  status: inquiries.status,
  createdAt: inquiries.createdAt,
  productId: products.id,
  productName: products.name,
  productImage: products.primaryImageUrl,
  customerId: inquiries.customerId,
  producerUserId: inquiries.producerUserId,
  conversationId: sql<number | null>`(select m.conversation_id from messages m where m.inquiry_id = ${inquiries.id} limit 1)`,
};

export async function listReceived(db: Db, producerUserId: number, limit: number, offset: number) {
  const where = eq(inquiries.producerUserId, producerUserId);
  const rows = await db
    .select({ ...listColumns, customerEmail: customer.email, customerPhone: customer.phone })
    .from(inquiries)
    .innerJoin(products, eq(products.id, inquiries.productId))
    .innerJoin(customer, eq(customer.id, inquiries.customerId))
    .where(where)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(inquiries).where(where);
  return { rows, total: Number(total) };
}

export async function listSent(db: Db, customerId: number, limit: number, offset: number) {
  const where = eq(inquiries.customerId, customerId);
  const rows = await db
    .select({ ...listColumns, farmName: producers.farmName })
    .from(inquiries)
    .innerJoin(products, eq(products.id, inquiries.productId))
    .leftJoin(producers, eq(producers.userId, inquiries.producerUserId))
    .where(where)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(inquiries).where(where);
  return { rows, total: Number(total) };
}
