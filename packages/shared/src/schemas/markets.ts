import { z } from 'zod';
import { STATES } from '../constants/catalog';
import { PICKUP_TIME_ZONES } from '../constants/time-zones';
import { dbId } from './common';

/**
 * Markets run on Farmstand (issue 48, decision 581): a farmers market is a first-class place with
 * its own season, market days, closed dates and zone; managers (granted by an admin) and booth
 * volunteers (added by a manager) run it; farms are its vendors. Every amount is integer cents.
 * The info booth, the vendors' reports, the books and the programme's report are in
 * `./market-office`.
 */

const DATE = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
const HOUR = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM (24-hour)');
const cents = (name: string, max = 10_000_000) =>
  z
    .number({ error: `${name} must be an amount in cents` })
    .int(`${name} must be whole cents`)
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} is too large`);

/** A weekday the market opens (0 Sunday … 6 Saturday) and its hours in the market's zone. */
export const MarketDayRule = z
  .strictObject({ weekday: z.number().int().min(0).max(6), opens: HOUR, closes: HOUR })
  .refine((d) => d.opens < d.closes, { message: 'A market day must close after it opens', path: ['closes'] });
export type MarketDayRule = z.infer<typeof MarketDayRule>;

export const MARKET_FEE_KINDS = ['none', 'per_day', 'per_season', 'percent'] as const;
export type MarketFeeKind = (typeof MARKET_FEE_KINDS)[number];
/** The market basket's fee on each vendor's part (issue 49, decision 584): none, flat per part, or a percentage of it. */
export const BASKET_FEE_KINDS = ['none', 'per_order', 'percent'] as const;
export type BasketFeeKind = (typeof BASKET_FEE_KINDS)[number];

/** What a manager edits about the market (an admin creates it with the same fields). */
export const MarketInput = z.strictObject({
  name: z.string().trim().min(2).max(120),
  description: z.string().trim().max(2000).default(''),
  address: z.string().trim().min(3).max(200),
  city: z.string().trim().min(2).max(80),
  state: z.enum(STATES, { error: 'Markets are in KY, IN, OH, TN or WV' }),
  zip: z.string().regex(/^\d{5}$/, 'ZIP is five digits'),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  timeZone: z.enum(PICKUP_TIME_ZONES),
  seasonStart: DATE,
  seasonEnd: DATE,
  marketDays: z.array(MarketDayRule).min(1, 'A market needs at least one market day').max(7),
  closedDates: z.array(DATE).max(366).default([]),
  boothSnap: z.boolean().default(true),
  boothCredit: z.boolean().default(true),
  boothWic: z.boolean().default(false),
  boothSenior: z.boolean().default(false),
  incentiveId: z.string().max(60).nullable().default(null),
  matchCapCents: cents('The match cap', 100_000).nullable().default(null),
  snapTokenCents: cents('A SNAP token', 10_000).min(1).default(100),
  creditTokenCents: cents('A card token', 10_000).min(1).default(500),
  feeKind: z.enum(MARKET_FEE_KINDS).default('none'),
  feeCents: cents('The fee').default(0),
  feePercentBp: z.number().int().min(0).max(5000, 'A fee percentage is at most 50 %').default(0),
  feeMinCents: cents('The minimum fee').nullable().default(null),
  feeMaxCents: cents('The maximum fee').nullable().default(null),
  shareContacts: z.boolean().default(false),
  /** The market basket (issue 49): shoppers reserve from several vendors for a market day. */
  basketOn: z.boolean().default(false),
  /** Ordering for a market day opens this many days before it opens… */
  basketOpensDays: z
    .number()
    .int()
    .min(1, 'Ordering opens at least a day before')
    .max(28, 'Ordering opens at most 28 days before')
    .default(6),
  /** …and closes this many hours before it opens (a farm's own earlier cut-off wins for its products). */
  basketClosesHours: z.number().int().min(0).max(168, 'Ordering closes at most 168 hours (7 days) before').default(36),
  basketFeeKind: z.enum(BASKET_FEE_KINDS).default('none'),
  basketFeeCents: cents('The basket fee', 100_000).default(0),
  basketFeePercentBp: z.number().int().min(0).max(5000, 'A fee percentage is at most 50 %').default(0),
});
export type MarketInput = z.infer<typeof MarketInput>;

/** A market as its office sees it: every field, with its id and slug. */
export const Market = MarketInput.safeExtend({ id: z.number(), slug: z.string() });
export type Market = z.infer<typeof Market>;

export const MARKET_ROLES = ['manager', 'volunteer'] as const;
export type MarketRole = (typeof MARKET_ROLES)[number];

/** A market the signed-in account helps run, with its role there. */
export const MyMarket = z.object({ id: z.number(), slug: z.string(), name: z.string(), role: z.enum(MARKET_ROLES) });
export const MyMarkets = z.object({ markets: z.array(MyMarket) });

export const StaffMember = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MARKET_ROLES),
  addedAt: z.string(),
});
export const StaffList = z.object({ staff: z.array(StaffMember) });
export const StaffInput = z.strictObject({ email: z.email({ error: 'Enter the e-mail address of their account' }).max(254) });

export const VENDOR_STATUSES = ['applied', 'invited', 'approved', 'declined', 'removed'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** A document the manager checks before approving a vendor (from the farm's certifications). */
export const VendorDocument = z.object({
  kind: z.string(),
  label: z.string(),
  number: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** 'expired', 'expiring' (within 30 days of today in the market's zone) or 'ok'. */
  state: z.enum(['expired', 'expiring', 'ok', 'no_expiry']),
  url: z.string().nullable(),
});

/** A farm at a market as the manager sees it. */
export const MarketVendor = z.object({
  producerId: z.number(),
  farmName: z.string(),
  status: z.enum(VENDOR_STATUSES),
  message: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  fnsNumber: z.string().nullable(),
  place: z.object({ id: z.number(), name: z.string() }).nullable(),
  documents: z.array(VendorDocument),
  /** Plain-language warnings: a document expired or expiring, no FNS number while the market swipes SNAP. */
  warnings: z.array(z.string()),
});
export const MarketVendors = z.object({ vendors: z.array(MarketVendor) });

export const VendorInvite = z.strictObject({
  email: z.email({ error: 'Enter the e-mail address of the farm’s account' }).max(254),
});
/** Declining or removing a farm says why (the farm reads it in its mail and on its markets page). */
export const VendorDecision = z
  .strictObject({
    decision: z.enum(['approve', 'decline', 'remove']),
    note: z.string().trim().max(500).default(''),
  })
  .refine((d) => d.decision === 'approve' || d.note !== '', {
    message: 'Say why, for the farm: a decline or a removal needs a reason',
    path: ['note'],
  });
export const VendorApplication = z.strictObject({
  message: z.string().trim().max(1000).default(''),
  pointId: dbId().nullable().default(null),
});
export const VendorPlace = z.strictObject({ pointId: dbId().nullable() });

/** A market as one of its vendors (or a farm that might apply) sees its own standing there. */
export const VendorMembership = z.object({
  market: z.object({ id: z.number(), slug: z.string(), name: z.string(), city: z.string(), state: z.string() }),
  status: z.enum(VENDOR_STATUSES),
  place: z.object({ id: z.number(), name: z.string() }).nullable(),
  decisionNote: z.string().nullable(),
  /** Today in the market's zone (its reports are dated by its own calendar, not the phone's). */
  today: z.string(),
});
export const VendorMemberships = z.object({ memberships: z.array(VendorMembership) });

/** The benefits matched or taken at a market, as a shopper reads them. */
export const MarketBenefits = z.object({
  snap: z.boolean(),
  credit: z.boolean(),
  wicFmnp: z.boolean(),
  seniorFmnp: z.boolean(),
  /** The incentive's name ("Kentucky Double Dollars") and the cap per shopper per market day. */
  incentive: z.object({ name: z.string(), capCents: z.number() }).nullable(),
});

/** A market on the map, in search and in lists. */
export const MarketSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** "Saturdays 8 AM–12 PM" for each market day. */
  daysText: z.array(z.string()),
  /** The next market day on or after today in the market's zone, null out of season. */
  nextDate: z.string().nullable(),
  vendorCount: z.number(),
  benefits: MarketBenefits,
  distanceMiles: z.number().nullable(),
});
export type MarketSummary = z.infer<typeof MarketSummary>;
export const MarketSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radius: z.coerce.number().positive().max(500).optional(),
});
export const MarketList = z.object({ markets: z.array(MarketSummary) });

/** A market's public page: its days, vendors and what they offer on the coming market day. */
export const MarketPage = MarketSummary.safeExtend({
  description: z.string(),
  address: z.string(),
  zip: z.string(),
  timeZone: z.string(),
  seasonStart: z.string(),
  seasonEnd: z.string(),
  /** The coming market days (up to 8) in the market's zone. */
  upcoming: z.array(z.string()),
  closedDates: z.array(z.string()),
  vendors: z.array(
    z.object({
      producerId: z.number(),
      farmName: z.string(),
      city: z.string().nullable(),
      booth: z.string().nullable(),
      /** Public products this farm offers (up to 12), for the coming market day. */
      products: z.array(
        z.object({ id: z.number(), name: z.string(), price: z.number(), unit: z.string(), imageUrl: z.string().nullable() }),
      ),
    }),
  ),
});
export type MarketPage = z.infer<typeof MarketPage>;

/** The markets a farm attends, on its card and page. */
export const FarmMarket = z.object({ slug: z.string(), name: z.string() });

/** A market's id in its path. */
export const MarketParams = z.object({ id: dbId('A market id is a positive whole number') });
/** A market's staff member (manager or volunteer) in the path. */
export const MarketStaffParams = MarketParams.extend({ userId: dbId('An account id is a positive whole number') });
/** A market's vendor (the farm's account id, its public producer id) in the path. */
export const MarketVendorParams = MarketParams.extend({ producerId: dbId('A producer id is a positive whole number') });
/** A market's page address. */
export const MarketSlugParams = z.object({ slug: z.string().trim().min(1).max(80) });
/** Every market, for the admin's markets page. */
export const AllMarkets = z.object({ markets: z.array(Market) });

export type MyMarkets = z.infer<typeof MyMarkets>;
export type StaffList = z.infer<typeof StaffList>;
export type VendorDocument = z.infer<typeof VendorDocument>;
export type MarketVendors = z.infer<typeof MarketVendors>;
export type VendorInvite = z.infer<typeof VendorInvite>;
export type VendorDecision = z.infer<typeof VendorDecision>;
export type VendorApplication = z.infer<typeof VendorApplication>;
export type VendorPlace = z.infer<typeof VendorPlace>;
export type VendorMemberships = z.infer<typeof VendorMemberships>;
export type MarketBenefits = z.infer<typeof MarketBenefits>;
export type MarketSearchQuery = z.infer<typeof MarketSearchQuery>;
export type MarketList = z.infer<typeof MarketList>;
export type FarmMarket = z.infer<typeof FarmMarket>;
