import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

export type CsaSize = { name: string; price: number };
export type CsaPlacement = { pointId: number; weekday: number; startTime: string; cap: number };
export type CsaBoxItem = { productId: number; variantId: number | null; quantities: number[] };

/**
 * A farm's CSA share plan (decision 515): box sizes with a price per pickup, a season with skipped
 * dates, and the pickup places (a weekly time each) with a cap of members. Members are standing
 * reservations with `plan_id` (standing.ts).
 */
export const csaPlans = pgTable(
  'csa_plans',
  {
    id: serial('id').primaryKey(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sizes: jsonb('sizes').$type<CsaSize[]>().notNull(),
    seasonStart: text('season_start').notNull(),
    seasonEnd: text('season_end').notNull(),
    skipDates: jsonb('skip_dates').$type<string[]>().notNull(),
    places: jsonb('places').$type<CsaPlacement[]>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('csa_plans_producer_idx').on(t.producerUserId)],
);

/** "This week's box": the items per size, a note and a photo, for the week starting `weekOf` (a Monday). */
export const csaBoxes = pgTable(
  'csa_boxes',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => csaPlans.id, { onDelete: 'cascade' }),
    weekOf: text('week_of').notNull(),
    items: jsonb('items').$type<CsaBoxItem[]>().notNull(),
    note: text('note'),
    photoUrl: text('photo_url'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.weekOf] })],
);
