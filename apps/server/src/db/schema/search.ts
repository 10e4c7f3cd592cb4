import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector } from './columns';

/**
 * Search's denormalised tables (migration 0006, decision 120). Written only by database triggers on
 * products, producers, users and subscriptions; the app only reads them (search module).
 */
export const searchProducers = pgTable(
  'search_producers',
  {
    producerId: integer('producer_id').primaryKey(),
    userId: integer('user_id').notNull(),
    farmName: text('farm_name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    verified: boolean('verified').notNull(),
    /** Until when the public may see the producer ('-infinity' hidden, 'infinity' for good). */
    visibleUntil: timestamp('visible_until', { withTimezone: true }).notNull(),
    listedCount: integer('listed_count').notNull().default(0),
    counts: jsonb('counts').notNull().default(sql`'{}'::jsonb`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('search_producers_changed_at_idx').on(t.changedAt),
    index('search_producers_lat_lng_idx').on(t.latitude, t.longitude),
    index('search_producers_farm_name_trgm_idx').using('gin', sql`${t.farmName} gin_trgm_ops`),
    index('search_producers_farm_name_prefix_idx').on(sql`lower(${t.farmName}) text_pattern_ops`),
  ],
);

export const searchListings = pgTable(
  'search_listings',
  {
    productId: integer('product_id').primaryKey(),
    producerId: integer('producer_id').notNull(),
    category: text('category').notNull(),
    availability: text('availability').notNull(),
    name: text('name').notNull(),
    nameDoc: tsvector('name_doc').notNull(),
    farmDoc: tsvector('farm_doc').notNull(),
    doc: tsvector('doc').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    visibleUntil: timestamp('visible_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('search_listings_doc_idx').using('gin', t.doc),
    index('search_listings_producer_idx').on(t.producerId),
    index('search_listings_name_idx').on(t.name, t.productId),
    index('search_listings_browse_idx').on(t.category, t.availability, t.productId),
    index('search_listings_category_idx').on(t.category, t.productId),
  ],
);

export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

export const searchNames = pgTable(
  'search_names',
  { name: text('name').primaryKey(), lowerName: text('lower_name').notNull() },
  (t) => [
    index('search_names_trgm_idx').using('gin', sql`${t.lowerName} gin_trgm_ops`),
    index('search_names_words_idx').using('gin', sql`to_tsvector('simple', ${t.lowerName})`),
  ],
);
