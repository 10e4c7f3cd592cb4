import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { csaPlans } from './csa';
import { pickupPoints } from './orders';
import { users } from './users';

/** A line of a standing reservation: what is asked for each window (prices are read when placed). */
export type StandingLine = { productId: number; variantId: number | null; quantity: number };

/**
 * A shopper's reservation repeated every 1, 2 or 4 weeks at one pickup place and weekly time
 * (decision 514), from `startDate` (its first window's local date) through `endDate`, until
 * cancelled by the shopper or ended by the farm. Each window's order is placed by the sweep; the
 * order carries `standing_id`, and (standing_id, window_start) is unique on orders.
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    /** The place's name when made, shown if the place is later removed. */
    pointName: text('point_name').notNull(),
    /** The weekly slot: weekday (0 = Sunday) and local start time "HH:MM" at the place. */
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    everyWeeks: integer('every_weeks').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    items: jsonb('items').$type<StandingLine[]>().notNull(),
    shopperName: text('shopper_name').notNull(),
    shopperPhone: text('shopper_phone'),
    note: text('note'),
    status: text('status', { enum: ['active', 'cancelled', 'ended'] })
      .notNull()
      .default('active'),
    /** No orders for windows before this local date (a pause of N weeks). */
    pausedUntil: text('paused_until'),
    /** No orders for windows on these local dates, inclusive (a vacation hold). */
    awayFrom: text('away_from'),
    awayTo: text('away_to'),
    endReason: text('end_reason'),
    /** A CSA membership (decision 515): the plan, the box size (its index in the plan's sizes), the member's dislikes. */
    planId: integer('plan_id').references(() => csaPlans.id, { onDelete: 'cascade' }),
    planSize: integer('plan_size'),
    dislikes: text('dislikes'),
    /** The benefits the shopper plans to pay each order with (decision 516), told to the farm on each order. */
    plannedBenefits: text('planned_benefits', { enum: ['snap', 'wic_fmnp', 'senior_fmnp'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('standing_orders_customer_idx').on(t.customerId),
    index('standing_orders_producer_idx').on(t.producerUserId),
    index('standing_orders_status_idx').on(t.status),
    index('standing_orders_plan_idx').on(t.planId),
    check(
      'standing_orders_planned_benefits_check',
      sql`${t.plannedBenefits} <@ ARRAY['snap', 'wic_fmnp', 'senior_fmnp']::text[]`,
    ),
  ],
);

/**
 * What happened to a window that has no order: skipped by the shopper, or missed (nothing could
 * be placed: the window was full or closed, everything sold out), with the reason in words.
 */
export const standingWindows = pgTable(
  'standing_windows',
  {
    standingId: integer('standing_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['skipped', 'missed'] }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.standingId, t.windowStart] })],
);
