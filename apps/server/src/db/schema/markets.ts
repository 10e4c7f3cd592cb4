import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { pickupPoints } from './orders';
import { users } from './users';

/** A weekday the market opens (0 Sunday … 6 Saturday) and its hours, local to the market's zone. */
export type MarketDayRule = { weekday: number; opens: string; closes: string };

/**
 * A farmers market (issue 48, decision 581): a first-class place with its own season (full dates),
 * weekly market days, closed dates, zone, info booth and the benefit money it runs. Vendors are farms
 * (`market_vendors`); managers and volunteers are accounts granted a role here (`market_staff`).
 */
export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA zone: market days, the booth's day and every date shown are in it. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    seasonStart: date('season_start', { mode: 'string' }).notNull(),
    seasonEnd: date('season_end', { mode: 'string' }).notNull(),
    marketDays: jsonb('market_days').$type<MarketDayRule[]>().notNull().default([]),
    closedDates: jsonb('closed_dates').$type<string[]>().notNull().default([]),
    /** The info booth swipes SNAP cards for tokens; swipes credit/debit cards for tokens. */
    boothSnap: boolean('booth_snap').notNull().default(true),
    boothCredit: boolean('booth_credit').notNull().default(true),
    /** The booth hands out WIC / Senior FMNP coupons (where the market does that). */
    boothWic: boolean('booth_wic').notNull().default(false),
    boothSenior: boolean('booth_senior').notNull().default(false),
    /** The incentive the market matches (an id of the benefit table's incentives); null: none. */
    incentiveId: text('incentive_id'),
    /** The market's cap per shopper per market day across all vendors; null: the incentive's daily cap. */
    matchCapCents: integer('match_cap_cents'),
    snapTokenCents: integer('snap_token_cents').notNull().default(100),
    creditTokenCents: integer('credit_token_cents').notNull().default(500),
    /** How the market charges its vendors (decision 583). */
    feeKind: text('fee_kind', { enum: ['none', 'per_day', 'per_season', 'percent'] })
      .notNull()
      .default('none'),
    feeCents: integer('fee_cents').notNull().default(0),
    /** Basis points of a vendor's reported sales for a market day (500 = 5 %). */
    feePercentBp: integer('fee_percent_bp').notNull().default(0),
    feeMinCents: integer('fee_min_cents'),
    feeMaxCents: integer('fee_max_cents'),
    /** A farm may see another vendor's shoppers' contact details (the market basket, issue 49). */
    shareContacts: boolean('share_contacts').notNull().default(false),
    /**
     * The market basket (issue 49, decision 584): shoppers reserve from several vendors for a market
     * day. Ordering opens `basketOpensDays` days before the market day's opening and closes
     * `basketClosesHours` hours before it (a farm's own earlier cut-off at its market place wins
     * for its products); the market's fee per vendor's part: flat per part or basis points of it.
     */
    basketOn: boolean('basket_on').notNull().default(false),
    basketOpensDays: integer('basket_opens_days').notNull().default(6),
    basketClosesHours: integer('basket_closes_hours').notNull().default(36),
    basketFeeKind: text('basket_fee_kind', { enum: ['none', 'per_order', 'percent'] })
      .notNull()
      .default('none'),
    basketFeeCents: integer('basket_fee_cents').notNull().default(0),
    basketFeePercentBp: integer('basket_fee_percent_bp').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('markets_slug_idx').on(t.slug), index('markets_lat_lng_idx').on(t.latitude, t.longitude)],
);

/** Who runs a market: a manager (granted by an admin) or a volunteer at the info booth (added by a manager). */
export const marketStaff = pgTable(
  'market_staff',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['manager', 'volunteer'] }).notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.userId] }), index('market_staff_user_idx').on(t.userId)],
);

/**
 * A farm at a market: it applied or was invited, the manager approved (or declined, or later removed
 * it). `pointId` is the farm's own pickup place at this market, linked to it.
 */
export const marketVendors = pgTable(
  'market_vendors',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['applied', 'invited', 'approved', 'declined', 'removed'] }).notNull(),
    message: text('message').notNull().default(''),
    pointId: integer('point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('market_vendors_market_farm_idx').on(t.marketId, t.producerUserId),
    index('market_vendors_farm_idx').on(t.producerUserId),
    index('market_vendors_point_idx').on(t.pointId),
  ],
);

/**
 * One entry at the info booth (decision 582), sent by a phone with its own id and applied once per
 * market: tokens of `currency` handed out for `amountCents` (a SNAP or card swipe, FMNP coupons), the
 * incentive's match handed out with it (`matchCents`, in the incentive's tokens), or tokens a
 * shopper returned (`kind` 'return', a refund to the card). `shopperKey` identifies the shopper as
 * the programme allows (a card's last four digits), never the full number; `overCapCents` is how far
 * a match recorded offline went past the cap (a conflict shown to the manager).
 */
export const boothEntries = pgTable(
  'booth_entries',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    entryId: text('entry_id').notNull(),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['issue', 'return'] }).notNull(),
    currency: text('currency', { enum: ['snap', 'credit', 'wic_fmnp', 'senior_fmnp', 'incentive'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    matchCents: integer('match_cents').notNull().default(0),
    overCapCents: integer('over_cap_cents').notNull().default(0),
    shopperKey: text('shopper_key'),
    device: text('device').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    result: jsonb('result').notNull(),
  },
  (t) => [
    uniqueIndex('booth_entries_market_entry_idx').on(t.marketId, t.entryId),
    index('booth_entries_market_day_idx').on(t.marketId, t.marketDate),
  ],
);

/**
 * The match each shopper received on a market day across all vendors, kept by a conditional
 * update in the entry's transaction so two phones at once can never pass the cap.
 */
export const boothMatchTotals = pgTable(
  'booth_match_totals',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    shopperKey: text('shopper_key').notNull(),
    matchedCents: integer('matched_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.marketDate, t.shopperKey] })],
);

/**
 * A vendor's market day (decision 582): whether it attended and its sales (for the fee and the
 * programme's report), reported by the vendor or entered by the manager.
 */
export const vendorDays = pgTable(
  'vendor_days',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attended: boolean('attended').notNull().default(true),
    salesCents: integer('sales_cents').notNull().default(0),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['vendor', 'manager'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.marketDate, t.producerUserId] })],
);

/**
 * What a vendor redeemed of one currency on a market day: `reportedCents` as the vendor (or the
 * manager for them) reported it, `countedCents` as the market counted the tokens and coupons handed
 * in (null: not counted yet). The count, when there is one, is what the market reimburses.
 */
export const vendorRedemptions = pgTable(
  'vendor_redemptions',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['snap', 'credit', 'wic_fmnp', 'senior_fmnp', 'incentive'] }).notNull(),
    reportedCents: integer('reported_cents').notNull().default(0),
    countedCents: integer('counted_cents'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.marketDate, t.producerUserId, t.currency] })],
);

/**
 * A shopper's market basket (issue 49, decision 584): one order per farm (`orders.market_order_id`),
 * placed together in one transaction or not at all, for the market's pickup on `marketDate`.
 * `clientKey` is the basket's own id from the shopper's browser: a retried placement answers the
 * market order already placed. Picked up once for all parts at the market's checkout
 * (`pickedUpAt`); `cardKey` is the last four digits of the card the Double Dollars were matched to.
 */
export const marketOrders = pgTable(
  'market_orders',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    pickupStart: timestamp('pickup_start', { withTimezone: true }).notNull(),
    pickupEnd: timestamp('pickup_end', { withTimezone: true }).notNull(),
    shopperName: text('shopper_name').notNull(),
    shopperPhone: text('shopper_phone'),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    pickedUpBy: integer('picked_up_by').references(() => users.id, { onDelete: 'set null' }),
    cardKey: text('card_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('market_orders_customer_key_idx').on(t.customerId, t.clientKey),
    index('market_orders_market_day_idx').on(t.marketId, t.marketDate),
  ],
);

/** A vendor arrived at the market's pickup day (grower check-in, issue 49): when, and who checked it in. */
export const marketCheckins = pgTable(
  'market_checkins',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    producerUserId: integer('producer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.marketDate, t.producerUserId] })],
);
