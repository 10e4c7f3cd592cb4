import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { conversations, messages } from './community';
import { products, productVariants } from './products';
import { users } from './users';

/** A producer's order rules: hours before a window when orders close, and an optional cap per window. */
export const pickupSettings = pgTable('pickup_settings', {
  producerUserId: integer('producer_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cutoffHours: integer('cutoff_hours').notNull().default(24),
  capPerWindow: integer('cap_per_window'),
  /** Orders still accepted or ready this many hours after their window ends are closed by the sweep… */
  closeAfterHours: integer('close_after_hours').notNull().default(12),
  /** …as picked up or as no-shows, the producer's choice; no-show unless chosen, so nothing unhandled counts as a sale (decision 518). */
  closeAs: text('close_as', { enum: ['picked_up', 'no_show'] })
    .notNull()
    .default('no_show'),
  /** A morning mail on each pickup day: the day's orders, totals and new requests. */
  morningSummary: boolean('morning_summary').notNull().default(false),
  /** Standing reservations (decision 514): placed this many hours before the cut-off, accepted at once or not. */
  standingLeadHours: integer('standing_lead_hours').notNull().default(24),
  standingAccept: boolean('standing_accept').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Where and when food is handed over: a farm stand, a market, another place, or delivery days. */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['farm', 'market', 'other', 'delivery'] }).notNull(),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    deliveryFeeCents: integer('delivery_fee_cents'),
    /** The place's time zone (IANA): its windows, cut-offs and days are in it. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** A stall or booth at a market ("Stall 14, north row"), shown with the pickup time. */
    booth: text('booth'),
    /** The smallest basket (before delivery fee) this place takes; null: no minimum. */
    minOrderCents: integer('min_order_cents'),
    /** The participating market of the running incentive this place is (Double Dollars are matched only there); null: not one. */
    incentiveMarket: text('incentive_market'),
    /**
     * The place's calendar (decision 542): its season as month-days ('04-01' to '10-31', wrapping
     * over the new year when it ends before it starts; null: all year), the dates it is closed
     * (YYYY-MM-DD), and its own cut-off and standing lead time (null: the farm's order rules).
     */
    seasonFrom: text('season_from'),
    seasonTo: text('season_to'),
    closedDates: jsonb('closed_dates').$type<string[]>().notNull().default([]),
    cutoffHours: integer('cutoff_hours'),
    standingLeadHours: integer('standing_lead_hours'),
    /** Removed places stay for the orders that name them. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pickup_points_producer_idx').on(t.producerUserId)],
);

/**
 * A product's limit per pickup day at one place (decision 543), in place of the product's own
 * `day_limit` there: counted over that place's orders of the day.
 */
export const productPlaceLimits = pgTable(
  'product_place_limits',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => pickupPoints.id, { onDelete: 'cascade' }),
    dayLimit: integer('day_limit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.pointId] }),
    index('product_place_limits_point_idx').on(t.pointId),
    check('product_place_limits_positive', sql`${t.dayLimit} >= 0`),
  ],
);

/** A weekly slot of a pickup point: day of week (0 = Sunday) and a local time window. */
export const pickupSchedules = pgTable(
  'pickup_schedules',
  {
    id: serial('id').primaryKey(),
    pointId: integer('point_id')
      .notNull()
      .references(() => pickupPoints.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [index('pickup_schedules_point_idx').on(t.pointId)],
);

/** A reservation paid at pickup. Place, window and prices are copied so later edits never change it. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['requested', 'accepted', 'declined', 'ready', 'picked_up', 'no_show', 'cancelled', 'expired'],
    })
      .notNull()
      .default('requested'),
    pointId: integer('point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    pointKind: text('point_kind', { enum: ['farm', 'market', 'other', 'delivery'] }).notNull(),
    pointName: text('point_name').notNull(),
    pointAddress: text('point_address'),
    /** The place's time zone and booth when the order was placed. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    booth: text('booth'),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    windowDate: text('window_date').notNull(),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    shopperName: text('shopper_name').notNull(),
    shopperPhone: text('shopper_phone'),
    deliveryAddress: text('delivery_address'),
    deliveryMiles: doublePrecision('delivery_miles'),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    note: text('note'),
    declineReason: text('decline_reason'),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /**
     * An order with by-weight lines (decision 510): `total` is the estimate until every such line is
     * weighed, then the final amount to collect; `estimatedTotal` keeps the estimate, and
     * `weighedAt`/`weighedBy` say when the last line was weighed and by whom.
     */
    byWeight: boolean('by_weight').notNull().default(false),
    estimatedTotalCents: integer('estimated_total_cents'),
    weighedAt: timestamp('weighed_at', { withTimezone: true }),
    weighedBy: integer('weighed_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The standing reservation that placed it (decision 514): one order per standing reservation and window. */
    standingId: integer('standing_id'),
    /** The benefits the shopper told the farm they plan to pay with ('snap' | 'wic_fmnp' | 'senior_fmnp'), decision 516. */
    plannedBenefits: text('planned_benefits', { enum: ['snap', 'wic_fmnp', 'senior_fmnp'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Where the sale was made (decision 575): 'online' (reserved, handed over at pickup) or 'stand'
     * (a walk-up sale rung up at the booth, the farm itself its customer, picked up at once).
     */
    source: text('source', { enum: ['online', 'stand'] })
      .notNull()
      .default('online'),
    /** The sales tax of the order's lines (decision 576; 0 until a stand sale or a state's rule adds it), never on the SNAP-paid part. */
    taxCents: integer('tax_cents').notNull().default(0),
    taxableCents: integer('taxable_cents').notNull().default(0),
    exemptCents: integer('exempt_cents').notNull().default(0),
    /**
     * The market basket this order is one farm's part of (issue 49, `markets.ts#marketOrders`; the
     * foreign key is the migration's, since that file imports this one), and the market's basket
     * fee the part accrued when it was picked up (decision 584).
     */
    marketOrderId: integer('market_order_id'),
    marketFeeCents: integer('market_fee_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_standing_window_idx').on(t.standingId, t.windowStart),
    index('orders_producer_window_idx').on(t.producerUserId, t.windowStart),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_point_window_idx').on(t.pointId, t.windowStart),
    index('orders_created_idx').on(t.createdAt),
    index('orders_market_order_idx').on(t.marketOrderId).where(sql`${t.marketOrderId} is not null`),
    // The stand's day books read one farm's stand sales of a local date.
    index('orders_stand_day_idx').on(t.producerUserId, t.windowDate).where(sql`${t.source} = 'stand'`),
    // The expiry sweep reads only unanswered requests.
    index('orders_requested_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'requested'`),
    check('orders_planned_benefits_check', sql`${t.plannedBenefits} <@ ARRAY['snap', 'wic_fmnp', 'senior_fmnp']::text[]`),
    check('orders_source_check', sql`${t.source} in ('online', 'stand')`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    priceUnit: text('price_unit'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the shopper asked for, when the producer had less (a short harvest); null: as asked. */
    orderedQuantity: integer('ordered_quantity'),
    shortReason: text('short_reason'),
    /** Units taken from tracked stock on acceptance; given back on cancel, decline or no-show. */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /** The variant chosen (its name copied), and for a by-weight line its unit and pack range (decision 510). */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    variantName: text('variant_name'),
    weightUnit: text('weight_unit', { enum: ['lb', 'oz'] }),
    packMin: numeric('pack_min', { precision: 10, scale: 3, mode: 'number' }),
    packMax: numeric('pack_max', { precision: 10, scale: 3, mode: 'number' }),
    /** Each pack's weight once weighed (one per pack), and the line's price from them. */
    weights: numeric('weights', { precision: 10, scale: 3, mode: 'number' }).array(),
    finalAmountCents: integer('final_amount_cents'),
    /** The line's sales tax and its tax class when it was sold (decision 576); 0 and null for a line never taxed. */
    taxCents: integer('tax_cents').notNull().default(0),
    taxClass: text('tax_class'),
    /** The part of a stand sale's line that was taxed (its amount less its SNAP part, when its class is taxed); null before 0045. */
    taxableCents: integer('taxable_cents'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    index('order_items_variant_idx').on(t.variantId),
  ],
);

/** Every transition with its time and actor (null actor: the system, e.g. expiry). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: ['shopper', 'producer', 'system'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/** The order's own thread: messages of the pair's conversation that belong to this order. */
export const orderMessages = pgTable(
  'order_messages',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.messageId] })],
);
