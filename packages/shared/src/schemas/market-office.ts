import { z } from 'zod';
import { MARKET_BATCH } from '../constants/limits';
import { dbId, IdParams } from './common';

/**
 * The market office (issue 48, decision 582): the info booth's entries, the vendors' reports of
 * what they redeemed, the books that reconcile them, the vendors' statements and the programme's
 * report. Every amount is integer cents.
 */

/**
 * The five currencies a market hands out and takes back: SNAP tokens, card (credit/debit) tokens,
 * the incentive's tokens (Double Dollars), WIC FMNP and Senior FMNP coupons.
 */
export const MARKET_CURRENCIES = ['snap', 'credit', 'incentive', 'wic_fmnp', 'senior_fmnp'] as const;
export type MarketCurrency = (typeof MARKET_CURRENCIES)[number];
export const MARKET_CURRENCY_LABELS: Record<MarketCurrency, string> = {
  snap: 'SNAP tokens',
  credit: 'Card tokens',
  incentive: 'Double Dollars',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
};

const DATE = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
const At = z.iso.datetime({ offset: true, error: 'When it happened must be a date and time (ISO 8601)' });
const cents = z
  .number()
  .int('Amounts are whole cents')
  .min(0, 'Amounts cannot be negative')
  .max(10_000_000, 'That amount is too large');
/** How the programme lets the booth tell shoppers apart: a card's last four digits, never the full number. */
export const ShopperKey = z.string().regex(/^\d{4}$/, 'Enter the last four digits of the card (never the whole number)');

/**
 * One entry at the info booth, with its own id made on the phone (applied once per market):
 * - `issue`: tokens or coupons of `currency` handed out for `amountCents` (a SNAP or card swipe,
 *   FMNP coupons handed out). `match`: 'auto' lets the server hand out the incentive's match up to
 *   what is left of the shopper's cap today (online); a number is the match the phone already handed
 *   out (offline), recorded as given with `overCapCents` when it went past the cap.
 * - `return`: tokens a shopper handed back (refunded to the card), reducing what is outstanding.
 */
export const BoothEntry = z.strictObject({
  id: z.uuid({ error: 'Each entry needs its own id (a UUID made on the device)' }).toLowerCase(),
  at: At,
  device: z.string().trim().min(1).max(60),
  kind: z.enum(['issue', 'return']),
  currency: z.enum(MARKET_CURRENCIES),
  amountCents: cents,
  match: z.union([z.literal('auto'), cents]).default(0),
  shopperKey: ShopperKey.nullable().default(null),
});
export type BoothEntry = z.infer<typeof BoothEntry>;
export const BoothSyncRequest = z.strictObject({ entries: z.array(BoothEntry).min(1).max(MARKET_BATCH) });

export const BoothEntryResult = z.object({
  id: z.string(),
  status: z.enum(['applied', 'duplicate', 'refused']),
  message: z.string().nullable(),
  marketDate: z.string().nullable(),
  /** The match handed out (or to hand out, for 'auto'). */
  matchCents: z.number(),
  overCapCents: z.number(),
  /** What is left of this shopper's cap today after this entry. */
  capLeftCents: z.number().nullable(),
});
export const BoothSyncResponse = z.object({ results: z.array(BoothEntryResult) });

/** What the booth's phone keeps for a market day without signal. */
export const BoothCatalog = z.object({
  market: z.object({ id: z.number(), name: z.string(), timeZone: z.string() }),
  today: z.string(),
  isMarketDay: z.boolean(),
  currencies: z.array(z.object({ currency: z.enum(MARKET_CURRENCIES), label: z.string(), tokenCents: z.number() })),
  incentive: z
    .object({
      name: z.string(),
      capCents: z.number(),
      matchPercent: z.number(),
      tokenCents: z.number(),
      matches: z.array(z.enum(MARKET_CURRENCIES)),
    })
    .nullable(),
  /** The match each shopper already received today (for the phone's estimate offline). */
  matchedToday: z.array(z.object({ shopperKey: z.string(), matchedCents: z.number() })),
});

/** A vendor's report of a market day: attended, sales, and what it redeemed per currency. */
export const VendorDayReportInput = z.strictObject({
  attended: z.boolean().default(true),
  salesCents: cents,
  redemptions: z.partialRecord(z.enum(MARKET_CURRENCIES), cents),
});
export const VendorDayReport = z.object({
  marketDate: z.string(),
  attended: z.boolean(),
  salesCents: z.number(),
  redemptions: z.record(z.enum(MARKET_CURRENCIES), z.object({ reportedCents: z.number(), countedCents: z.number().nullable() })),
  /** What the farm's own register recorded that day at its place there (stand sales and pickups). */
  fromRegister: z.object({ salesCents: z.number(), redemptions: z.record(z.enum(MARKET_CURRENCIES), z.number()) }).nullable(),
  source: z.enum(['vendor', 'manager']).nullable(),
});
/** The manager's count of what a vendor handed in, per currency. */
export const RedemptionCountInput = z.strictObject({ counted: z.partialRecord(z.enum(MARKET_CURRENCIES), cents) });

export const DateRangeQuery = z.object({ from: DATE.optional(), to: DATE.optional() });

/** Issued − returned − redeemed − outstanding = 0 per currency, and every discrepancy by vendor and day. */
export const Reconciliation = z.object({
  from: z.string(),
  to: z.string(),
  currencies: z.array(
    z.object({
      currency: z.enum(MARKET_CURRENCIES),
      /** What shoppers still held when the range began (issued − returned − redeemed before `from`). */
      openingCents: z.number(),
      issuedCents: z.number(),
      returnedCents: z.number(),
      redeemedCents: z.number(),
      /** What shoppers still hold at the end of the range (never below 0). */
      outstandingCents: z.number(),
      /** opening + issued − returned − redeemed − outstanding: 0, or below 0 when vendors redeemed more than was issued. */
      balanceCents: z.number(),
    }),
  ),
  discrepancies: z.array(
    z.object({
      marketDate: z.string(),
      producerId: z.number().nullable(),
      farmName: z.string().nullable(),
      currency: z.enum(MARKET_CURRENCIES),
      kind: z.enum(['count_differs', 'not_counted', 'over_cap', 'register_differs', 'redeemed_exceeds_issued']),
      expectedCents: z.number(),
      actualCents: z.number(),
      message: z.string(),
    }),
  ),
});

/** A vendor's statement for a period: per market day its sales, fee, and what the market reimburses. */
export const VendorStatement = z.object({
  producerId: z.number(),
  farmName: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      marketDate: z.string(),
      attended: z.boolean(),
      salesCents: z.number(),
      feeCents: z.number(),
      reimbursed: z.record(z.enum(MARKET_CURRENCIES), z.number()),
    }),
  ),
  feeCents: z.number(),
  /**
   * Market basket fees (issue 49, decision 587): the basket fee of the vendor's market-order parts
   * picked up on market days in the period (`orders.market_fee_cents`), on a line of its own, and
   * those parts' goods (what the shoppers paid the farm for them, every tender included).
   */
  basketFeeCents: z.number(),
  basketSalesCents: z.number(),
  reimbursedCents: z.number(),
  /** What the market pays the vendor (reimbursed − fee − market basket fees); negative when the vendor owes. */
  netCents: z.number(),
});
export const VendorStatements = z.object({ statements: z.array(VendorStatement) });

/*
 * Added by the market office's server side (issue 48 items 2–5, decisions 582 and 583).
 */

/** The path of a market day: `/api/markets/:id/…/:date`. */
export const MarketIdParams = IdParams;
export const MarketDateParams = MarketIdParams.extend({ date: DATE });
export const VendorDateParams = MarketDateParams.extend({
  producerId: dbId('The farm’s id must be a positive whole number'),
});
export const BoothDayQuery = z.object({ date: DATE.optional() });

/** The booth's book of one market day: every entry applied, then the totals per currency. */
export const BoothDay = z.object({
  marketDate: z.string(),
  isMarketDay: z.boolean(),
  entries: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      kind: z.enum(['issue', 'return']),
      currency: z.enum(MARKET_CURRENCIES),
      amountCents: z.number(),
      matchCents: z.number(),
      overCapCents: z.number(),
      shopperKey: z.string().nullable(),
      device: z.string(),
    }),
  ),
  /** Per currency: what was handed out (the incentive: the match given), what came back, and how many entries. */
  totals: z.array(
    z.object({
      currency: z.enum(MARKET_CURRENCIES),
      label: z.string(),
      issuedCents: z.number(),
      returnedCents: z.number(),
      entries: z.number(),
    }),
  ),
});

export const ProgrammeReportQuery = z.object({
  season: z.coerce
    .number({ error: 'The season is a year (YYYY)' })
    .int('The season is a year (YYYY)')
    .min(2000, 'The season is a year (YYYY)')
    .max(2100, 'The season is a year (YYYY)')
    .optional(),
});

/** The programme's report of a season: a row per month, in the columns the layout names (decision 583). */
export const ProgrammeReport = z.object({
  market: z.object({ id: z.number(), name: z.string(), city: z.string(), state: z.string() }),
  season: z.number(),
  programme: z.string().nullable(),
  columns: z.array(
    z.object({ key: z.string(), label: z.string(), kind: z.enum(['text', 'count', 'cents']), source: z.string() }),
  ),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  totals: z.record(z.string(), z.union([z.string(), z.number()])),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
  note: z.string(),
});
