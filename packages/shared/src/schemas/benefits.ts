import { z } from 'zod';
import { BENEFIT_PROGRAMMES, type CouponProgramme, TENDER_KINDS } from '../benefits/programmes';
import { calendarDay, dbId } from './common';

/**
 * Benefits at pickup (decision 516): a producer says which benefits they take (SNAP with its FNS
 * retailer number, which an admin verifies like a certification; WIC FMNP and Senior FMNP
 * authorisations with their expiry; an incentive through a participating market), records what was
 * actually tendered for an order, and downloads the month's ledger. Farmstand never takes, holds or
 * processes a benefit: each producer is the retailer, in person at pickup.
 *
 *   GET  /api/benefits/mine                         the producer's acceptance (any status)
 *   PUT  /api/benefits/mine                         saves it (a new FNS number goes back to pending)
 *   GET  /api/benefits/producers/{userId}           public: what the farm takes now (verified, unexpired)
 *   GET  /api/benefits/orders/{id}                  the order's tender plan and what was recorded (its shopper, its farm)
 *   PUT  /api/benefits/orders/{id}/tenders          the farm records what was tendered (refused above the rules)
 *   GET  /api/benefits/ledger?month=YYYY-MM&format=csv|pdf   the farm's monthly ledger
 *   GET  /api/admin/benefits?status=pending         admin: SNAP numbers to verify
 *   POST /api/admin/benefits/{userId}/review        admin: verify or reject a farm's FNS number, with a note
 *   GET|PUT|DELETE /api/benefits/me                 the shopper's own saved benefits (only they read them)
 */

export const SNAP_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type SnapStatus = (typeof SNAP_STATUSES)[number];

/** USDA FNS retailer numbers are 7 digits. */
export const FNS_NUMBER_PATTERN = /^\d{7}$/;

const coupon = (label: string) =>
  z.strictObject({
    accepted: z.boolean({ error: `Say whether you take ${label} (true or false)` }),
    /** The last day of the state's authorisation; after it the badge is no longer shown. */
    expires_on: calendarDay(`${label} authorisation end`).nullable().default(null),
  });

export const ProducerBenefitsRequest = z
  .strictObject({
    /** Null or '' when the farm does not take SNAP. */
    fns_number: z
      .string()
      .trim()
      .regex(/^(\d{7})?$/, 'An FNS retailer number is 7 digits, as on your SNAP authorisation letter')
      .nullable()
      .transform((v) => (v ? v : null)),
    wic_fmnp: coupon('WIC FMNP coupons'),
    senior_fmnp: coupon('Senior FMNP coupons'),
    /**
     * The farm's one market from before decision 540 (each pickup place now says which market it
     * is): left out, the saved one stays; null or '' clears it. It no longer decides any match.
     */
    incentive_market: z
      .string()
      .trim()
      .max(120, 'The market name is at most 120 characters')
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((b) => !b.wic_fmnp.accepted || b.wic_fmnp.expires_on, {
    message: 'Give the date your WIC FMNP authorisation ends',
    path: ['wic_fmnp', 'expires_on'],
  })
  .refine((b) => !b.senior_fmnp.accepted || b.senior_fmnp.expires_on, {
    message: 'Give the date your Senior FMNP authorisation ends',
    path: ['senior_fmnp', 'expires_on'],
  });
export type ProducerBenefitsRequest = z.input<typeof ProducerBenefitsRequest>;

/** What the producer sees of their own acceptance. */
export const ProducerBenefits = z.object({
  /** The farm's state: the coupons' and the incentive's rules are the state's. */
  state: z.string(),
  fns_number: z.string().nullable(),
  snap_status: z.enum(SNAP_STATUSES),
  /** The admin's note when verifying or rejecting. */
  snap_note: z.string().nullable(),
  snap_reviewed_at: z.string().nullable(),
  wic_fmnp: z.object({ accepted: z.boolean(), expires_on: z.string().nullable() }),
  senior_fmnp: z.object({ accepted: z.boolean(), expires_on: z.string().nullable() }),
  incentive_market: z.string().nullable(),
  /** The state's incentive the farm can offer, if any (e.g. "Kentucky Double Dollars"). */
  incentive_name: z.string().nullable(),
  /** Its participating markets as an admin listed them; empty: the farm names its market. */
  incentive_markets: z.array(z.string()),
  /** The farm's pickup places that are participating markets: the match is offered at their pickups only (decision 540). */
  incentive_places: z.array(z.object({ name: z.string(), market: z.string() })),
});
export type ProducerBenefits = z.infer<typeof ProducerBenefits>;
export const ProducerBenefitsResponse = z.object({ benefits: ProducerBenefits, message: z.string() });

/**
 * What a farm takes now, for badges and plans: SNAP only once verified, a coupon only until its
 * authorisation ends, the incentive only with a market and in the incentive's state.
 */
export const PublicBenefits = z.object({
  producer_user_id: z.number(),
  state: z.string(),
  takes: z.array(z.enum(['snap', 'wic_fmnp', 'senior_fmnp', 'incentive'])),
  incentive_name: z.string().nullable(),
  /** The first of `incentive_markets` (kept for older clients). */
  incentive_market: z.string().nullable(),
  /** The participating markets the farm's pickup places are: the incentive is offered at their pickups only. */
  incentive_markets: z.array(z.string()),
  /**
   * Each pickup place where the match is offered (decision 540): the incentive of the place's state,
   * of which it is a participating market. Any other place (a farm stand, a delivery day) offers none.
   */
  incentive_places: z.array(
    z.object({ point_id: z.number(), name: z.string(), state: z.string(), market: z.string(), incentive_name: z.string() }),
  ),
});
export type PublicBenefits = z.infer<typeof PublicBenefits>;

export const TendersRequest = z.strictObject(
  Object.fromEntries(
    TENDER_KINDS.map((kind) => [
      kind,
      z
        .number({ error: `${kind} must be an amount in cents` })
        .int(`${kind} must be a whole number of cents`)
        .min(0, `${kind} cannot be negative`)
        .max(10_000_000, `${kind} is too large`)
        .optional(),
    ]),
  ) as Record<(typeof TENDER_KINDS)[number], z.ZodOptional<z.ZodNumber>>,
);
export type TendersRequest = z.infer<typeof TendersRequest>;

/** An order's tender plan (all cents) and what was recorded at pickup. */
export const OrderBenefits = z.object({
  order_id: z.number(),
  total_cents: z.number(),
  snap_cents: z.number(),
  coupon_cents: z.record(z.string(), z.number()) as unknown as z.ZodType<Record<CouponProgramme, number>>,
  rest_cents: z.number(),
  check_cents: z.number(),
  incentive_match_cents: z.number(),
  incentive_cap_left_cents: z.number(),
  incentive_name: z.string().nullable(),
  /** The participating market the order's pickup place is, where the match is given and filed; null: no match here. */
  incentive_market: z.string().nullable(),
  takes: z.array(z.string()),
  /** Per line: which benefits can pay it ("check" where a programme must be asked). */
  lines: z.array(
    z.object({
      product_id: z.number(),
      name: z.string(),
      total_cents: z.number(),
      snap: z.union([z.boolean(), z.literal('check')]),
      wic_fmnp: z.union([z.boolean(), z.literal('check')]),
      senior_fmnp: z.union([z.boolean(), z.literal('check')]),
    }),
  ),
  /** What the farm recorded (cents per kind), or null before it does. */
  tenders: z.record(z.string(), z.number()).nullable(),
  recorded_at: z.string().nullable(),
});
export type OrderBenefits = z.infer<typeof OrderBenefits>;
export const OrderBenefitsResponse = z.object({ benefits: OrderBenefits, message: z.string() });

export const LedgerQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'),
  format: z.enum(['csv', 'pdf', 'json']).default('json'),
});

/** One month's ledger: per programme (and per market for the incentive) tenders, matches and orders. */
export const Ledger = z.object({
  month: z.string(),
  farm_name: z.string(),
  rows: z.array(
    z.object({
      kind: z.enum(TENDER_KINDS),
      label: z.string(),
      market: z.string().nullable(),
      orders: z.number(),
      cents: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      order_id: z.number(),
      picked_up_on: z.string(),
      shopper: z.string(),
      tenders: z.record(z.string(), z.number()),
      total_cents: z.number(),
    }),
  ),
});
export type Ledger = z.infer<typeof Ledger>;

export const AdminBenefitsQuery = z.object({ status: z.enum(SNAP_STATUSES).default('pending') });
export const AdminBenefitsList = z.object({
  producers: z.array(
    z.object({
      producer_user_id: z.number(),
      farm_name: z.string(),
      state: z.string(),
      fns_number: z.string().nullable(),
      snap_status: z.enum(SNAP_STATUSES),
      snap_note: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
});
export type AdminBenefitsList = z.infer<typeof AdminBenefitsList>;
export const AdminBenefitsReviewRequest = z.strictObject({
  approve: z.boolean({ error: 'Say whether the number is verified (true) or rejected (false)' }),
  note: z.string().trim().max(1000, 'The note is at most 1000 characters').nullable().default(null),
});
export const BenefitsUserParams = z.object({ userId: dbId('User id must be a positive whole number') });

/** Admin analytics: the platform's recorded tenders in a month (the farms' local pickup days), per kind. */
export const AdminBenefitsTotalsQuery = z.object({ month: LedgerQuery.shape.month });
export const AdminBenefitsTotals = z.object({
  month: z.string(),
  rows: z.array(z.object({ kind: z.enum(TENDER_KINDS), label: z.string(), orders: z.number(), cents: z.number() })),
});
export type AdminBenefitsTotals = z.infer<typeof AdminBenefitsTotals>;

/**
 * The benefits a shopper says they use, saved for themselves: private, read and changed only by
 * the shopper (no route shows them to a farm or an admin), and forgotten on request.
 */
export const ShopperBenefitsRequest = z.strictObject({
  uses: z
    .array(z.enum(BENEFIT_PROGRAMMES, { error: 'Each benefit must be one of: snap, wic_fmnp, senior_fmnp' }), {
      error: 'Uses must be a list of benefits (snap, wic_fmnp, senior_fmnp)',
    })
    .max(BENEFIT_PROGRAMMES.length, `Choose at most ${BENEFIT_PROGRAMMES.length} benefits (uses)`)
    .refine((uses) => new Set(uses).size === uses.length, 'Choose each benefit once (uses)'),
});
export type ShopperBenefitsRequest = z.infer<typeof ShopperBenefitsRequest>;
export const ShopperBenefits = z.object({ uses: z.array(z.enum(BENEFIT_PROGRAMMES)) });
export type ShopperBenefits = z.infer<typeof ShopperBenefits>;
export const ShopperBenefitsSaved = ShopperBenefits.extend({ message: z.string() });
export type ShopperBenefitsSaved = z.infer<typeof ShopperBenefitsSaved>;
