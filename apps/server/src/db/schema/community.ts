import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './products';
import { users } from './users';

/** A review of a product or of a producer (the producer's user id); waits for moderation. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id').references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title'),
    content: text('content'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    moderationNote: text('moderation_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_product').on(t.reviewerId, t.productId).where(sql`${t.productId} is not null`),
    uniqueIndex('reviews_one_per_producer').on(t.reviewerId, t.producerUserId).where(sql`${t.producerUserId} is not null`),
    index('reviews_product_idx').on(t.productId),
    index('reviews_producer_idx').on(t.producerUserId),
  ],
);

/** A consumer's favourite producer, keyed by the producer's user id. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.producerUserId] }), index('favorites_producer_idx').on(t.producerUserId)],
);

/** One conversation per pair of users; userLowId < userHighId makes the pair unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.userLowId, t.userHighId),
    index('conversations_high_idx').on(t.userHighId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    inquiryId: integer('inquiry_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Unread counts read only unread rows (migration 0005, sec-input).
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    contactPreference: text('contact_preference', { enum: ['email', 'phone', 'both'] })
      .notNull()
      .default('email'),
    requestedQuantity: integer('requested_quantity').notNull().default(1),
    status: text('status', { enum: ['new', 'responded', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('inquiries_producer_idx').on(t.producerUserId), index('inquiries_customer_idx').on(t.customerId)],
);

/** A shopper who turned a farm's "ordering is open" notices off (decision 513); absent: notices on. */
export const farmNoticeOptouts = pgTable(
  'farm_notice_optouts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.producerUserId] })],
);
