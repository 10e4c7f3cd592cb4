import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Which benefits a farm takes at pickup (decision 516), one row per producer user: SNAP with its
 * USDA FNS retailer number (shown to shoppers only once an admin verified it), the WIC FMNP and
 * Senior FMNP authorisations with the day each ends, and the participating market through which the
 * farm gives its state's incentive. Farmstand never takes, holds or processes a benefit.
 */
export const producerBenefits = pgTable(
  'producer_benefits',
  {
    producerUserId: integer('producer_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fnsNumber: text('fns_number'),
    /** none (no number) | pending (a new or changed number) | verified | rejected, by an admin. */
    snapStatus: text('snap_status', { enum: ['none', 'pending', 'verified', 'rejected'] })
      .notNull()
      .default('none'),
    snapNote: text('snap_note'),
    snapReviewedAt: timestamp('snap_reviewed_at', { withTimezone: true }),
    snapReviewedBy: integer('snap_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    wicFmnpAccepted: boolean('wic_fmnp_accepted').notNull().default(false),
    /** The last day of the state's authorisation (the farm's local day). */
    wicFmnpExpiresOn: date('wic_fmnp_expires_on', { mode: 'string' }),
    seniorFmnpAccepted: boolean('senior_fmnp_accepted').notNull().default(false),
    seniorFmnpExpiresOn: date('senior_fmnp_expires_on', { mode: 'string' }),
    incentiveMarket: text('incentive_market'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('producer_benefits_snap_status_idx').on(t.snapStatus)],
);

/**
 * What the farm recorded as tendered for an order at pickup, in cents per kind (one row per order,
 * replaced when the farm corrects it). `incentiveMarket` is the farm's market when it was recorded,
 * so the ledger keeps it if the farm later changes market.
 */
export const orderTenders = pgTable('order_tenders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  snapCents: integer('snap_cents').notNull().default(0),
  wicFmnpCents: integer('wic_fmnp_cents').notNull().default(0),
  seniorFmnpCents: integer('senior_fmnp_cents').notNull().default(0),
  incentiveCents: integer('incentive_cents').notNull().default(0),
  cashCents: integer('cash_cents').notNull().default(0),
  cardCents: integer('card_cents').notNull().default(0),
  /** A check, and what the farm sold on credit (decision 576): recorded, never processed. */
  checkCents: integer('check_cents').notNull().default(0),
  farmCreditCents: integer('farm_credit_cents').notNull().default(0),
  otherCents: integer('other_cents').notNull().default(0),
  incentiveMarket: text('incentive_market'),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The benefits a shopper says they use (SNAP, WIC FMNP, Senior FMNP), one row per user, saved for
 * themselves only: no route shows it to a farm or an admin, and the shopper can delete it (the row
 * is removed). An empty list and no row read the same.
 */
export const shopperBenefits = pgTable(
  'shopper_benefits',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'snap' | 'wic_fmnp' | 'senior_fmnp', each at most once. */
    uses: text('uses', { enum: ['snap', 'wic_fmnp', 'senior_fmnp'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [check('shopper_benefits_uses_check', sql`${t.uses} <@ ARRAY['snap', 'wic_fmnp', 'senior_fmnp']::text[]`)],
);

/**
 * The benefit programmes as an admin maintains them: one row per programme in a state
 * (`programme:wic_fmnp:KY`) or per incentive (`incentive:<id>`), laid over the researched defaults
 * (`packages/shared/src/benefits/programmes.ts`); no row, the default. `data` is the admin's request
 * as the API validated it (`schemas/benefits.ts`).
 */
export const benefitProgrammes = pgTable('benefit_programmes', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: updatedAt(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
