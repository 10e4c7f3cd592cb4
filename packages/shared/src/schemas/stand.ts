import { z } from 'zod';
import { TENDER_KINDS } from '../benefits/programmes';
import { STAND_SYNC_BATCH } from '../constants/limits';
import { TAX_CLASSES } from '../tax/classes';
import { TendersRequest } from './benefits';
import { packWeightValue } from './orders';

/**
 * Stand mode (issue 47): the farm's phone register at the booth or farm stand. The phone keeps a
 * queue of actions, each with its own id made on the device, and sends them in order with
 * `POST /api/stand/sync` whenever it has signal: the server applies each id once (a second arrival
 * answers the first result), so a retry, a reload or a phone syncing after hours offline never
 * sells twice. A sale already made is recorded even when it oversells: the result says so (a
 * conflict the farmer is shown), it is never refused for stock.
 */

/**
 * An action's id, made on the device (crypto.randomUUID).
 * Lower-cased as it is read: a UUID in capitals is the same id, so it is applied once and its
 * receipt link found either way.
 */
export const StandActionId = z.uuid({ error: 'Each action needs its own id (a UUID made on the device)' }).toLowerCase();

/** When the action happened on the device (its clock; ISO 8601 with offset). */
const At = z.iso.datetime({ offset: true, error: 'When it happened must be a date and time (ISO 8601)' });

/**
 * One line of a walk-up sale: a product (its variant, if it has variants), a quantity of units or
 * packs; a by-weight line carries the weight of each pack read or typed at the booth, in the
 * product's weight unit (lb or oz), one per pack.
 */
export const StandLine = z.strictObject({
  productId: z.number().int().positive(),
  variantId: z.number().int().positive().nullable().default(null),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(999, 'Quantity must be 999 or fewer'),
  weights: z.array(packWeightValue).max(999).nullable().default(null),
});
export type StandLine = z.infer<typeof StandLine>;

/** A sale rung up at the stand, paid there and handed over at once; tenders in cents per kind. */
export const StandSaleAction = z.strictObject({
  id: StandActionId,
  kind: z.literal('sale'),
  at: At,
  /** Which phone (a name the device keeps, such as "Booth phone 2"), for the day's books. */
  device: z.string().trim().min(1).max(60),
  /**
   * Which of the farm's places (a stand or market of `StandCatalog.places`) the sale was made at:
   * its zone dates the sale, and a market offering an incentive lets the incentive be matched there.
   * Null or left out: the farm's first place.
   */
  pointId: z.number().int().positive().nullable().optional(),
  lines: z.array(StandLine).min(1, 'A sale needs at least one item').max(100, 'A sale can have at most 100 lines'),
  tenders: TendersRequest,
  /** Where to send a receipt (e-mail), or null for none. */
  receiptEmail: z.email({ error: 'Enter a valid e-mail address for the receipt' }).max(254).nullable().default(null),
});
export type StandSaleAction = z.infer<typeof StandSaleAction>;

/** A day's pickup handed over at the booth: each by-weight item's pack weights, what was paid, picked up. */
export const StandPickupAction = z.strictObject({
  id: StandActionId,
  kind: z.literal('pickup'),
  at: At,
  device: z.string().trim().min(1).max(60),
  orderId: z.number().int().positive(),
  weights: z
    .array(z.strictObject({ itemId: z.number().int().positive(), weights: z.array(packWeightValue).max(999) }))
    .max(100)
    .default([]),
  tenders: TendersRequest,
});
export type StandPickupAction = z.infer<typeof StandPickupAction>;

export const StandAction = z.discriminatedUnion('kind', [StandSaleAction, StandPickupAction]);
export type StandAction = z.infer<typeof StandAction>;

/** At most this many actions in one request (`constants/limits.ts`); the phone sends its queue in order, in batches. */
export { STAND_SYNC_BATCH };

export const StandSyncRequest = z.strictObject({
  actions: z.array(StandAction).min(1).max(STAND_SYNC_BATCH, `Send at most ${STAND_SYNC_BATCH} actions at a time`),
});
export type StandSyncRequest = z.infer<typeof StandSyncRequest>;

/**
 * What happened to one action: `applied` (now or at an earlier arrival of the same id: then
 * `duplicate` is true), or `refused` (nothing was written: the message says why, such as a product
 * that is not the farm's). `conflicts` lists what the farmer must see from an applied action: a
 * product oversold (the sale is recorded and the stock set to 0), a pickup the shopper cancelled
 * meanwhile (the food was handed over: the order is recorded as a walk-up sale instead).
 */
export const StandConflict = z.object({
  kind: z.enum(['oversold', 'pickup_cancelled', 'pickup_changed']),
  message: z.string(),
  productId: z.number().nullable(),
  orderId: z.number().nullable(),
});
export type StandConflict = z.infer<typeof StandConflict>;

export const StandActionResult = z.object({
  id: z.string(),
  status: z.enum(['applied', 'refused']),
  duplicate: z.boolean(),
  /** The order the action wrote or handed over (a walk-up sale is an order of its own). */
  order_id: z.number().nullable(),
  total_cents: z.number().nullable(),
  tax_cents: z.number().nullable(),
  message: z.string(),
  conflicts: z.array(StandConflict),
});
export type StandActionResult = z.infer<typeof StandActionResult>;

export const StandSyncResponse = z.object({ results: z.array(StandActionResult) });
export type StandSyncResponse = z.infer<typeof StandSyncResponse>;

/**
 * What the phone keeps for a day without signal (`GET /api/stand/catalog`): the farm, its public
 * products and variants with what is left to sell at the stand (stock already taken by accepted
 * pickups is not offered), each line's tax class and benefit kind, the tenders the farm takes with
 * the rules to judge them, the sales-tax rate of the farm's state, and today's pickups at the
 * farm's places (in the farm's zone).
 */
const StandVariant = z.object({
  id: z.number(),
  name: z.string(),
  price_cents: z.number(),
  /** lb or oz for a variant sold by weight (then `price_cents` is per unit of weight), else null. */
  weight_unit: z.enum(['lb', 'oz']).nullable(),
  /** Units left to sell, or null when the farm does not track stock. */
  stock: z.number().nullable(),
});

export const StandProduct = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  image_url: z.string().nullable(),
  price_cents: z.number(),
  weight_unit: z.enum(['lb', 'oz']).nullable(),
  stock: z.number().nullable(),
  variants: z.array(StandVariant),
  tax_class: z.enum(TAX_CLASSES),
  /** What the benefits' eligibility rules read (`benefits/eligibility.ts#BenefitProduct`). */
  benefit_product: z.object({ category: z.string(), contents: z.array(z.any()).optional() }).passthrough(),
});
export type StandProduct = z.infer<typeof StandProduct>;

export const StandPickup = z.object({
  order_id: z.number(),
  shopper_name: z.string(),
  status: z.string(),
  window_start: z.string(),
  point_name: z.string(),
  total_cents: z.number(),
  lines_to_weigh: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      quantity: z.number(),
      unit_price_cents: z.number(),
      weight_unit: z.enum(['lb', 'oz']).nullable(),
      weights: z.array(z.number()).nullable(),
    }),
  ),
});
export type StandPickup = z.infer<typeof StandPickup>;

export const StandCatalog = z.object({
  as_of: z.string(),
  /** Today in the farm's zone (YYYY-MM-DD). */
  today: z.string(),
  farm: z.object({ user_id: z.number(), farm_name: z.string(), time_zone: z.string(), state: z.string() }),
  products: z.array(StandProduct),
  /** The tender kinds the farm takes today, and the incentive (with its market) where it is offered. */
  tenders: z.object({
    kinds: z.array(z.string()),
    /** The incentive's terms as the benefits' rules read them (`benefits/programmes.ts#Incentive`), or null. */
    incentive: z.record(z.string(), z.unknown()).nullable(),
    market: z.string().nullable(),
  }),
  tax: z.object({ state: z.string(), rate_percent: z.number(), source: z.string() }),
  pickups: z.array(StandPickup),
  /** The farm's stands and markets (active, not delivery days) a sale can name as its `pointId`; the first is the default (always sent). */
  places: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        kind: z.string(),
        time_zone: z.string(),
        incentive_market: z.string().nullable(),
      }),
    )
    .optional(),
});
export type StandCatalog = z.infer<typeof StandCatalog>;

/** `GET /api/stand/day?date=YYYY-MM-DD` (and `/day.csv`): the day's books; no date: today in the farm's zone. */
export const StandDayQuery = z.strictObject({
  date: z.iso.date({ error: 'The date must be a day as YYYY-MM-DD' }).optional(),
});
export type StandDayQuery = z.infer<typeof StandDayQuery>;

/** Cents per tender kind, every kind present (0 when none). */
const TenderCents = z.object(
  Object.fromEntries(TENDER_KINDS.map((kind) => [kind, z.number()])) as Record<(typeof TENDER_KINDS)[number], z.ZodNumber>,
);

/**
 * One sale of the day's books: a walk-up sale, or a pickup order handed over that day. `lines_cents`
 * are its goods, `tax_cents` its sales tax, `total_cents` both; `paid_cents` what its tenders add up
 * to (a sale's equals its total; a pickup may have had nothing recorded).
 */
export const StandDaySale = z.object({
  order_id: z.number(),
  kind: z.enum(['sale', 'pickup']),
  at: z.string(),
  name: z.string(),
  point_name: z.string(),
  lines_cents: z.number(),
  taxable_cents: z.number(),
  exempt_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  paid_cents: z.number(),
  tenders: TenderCents,
});
export type StandDaySale = z.infer<typeof StandDaySale>;

/**
 * The day's books at the booth (issue 47 item 6): stand sales and pickups handed over on that local
 * day together; per tender kind its cents and how many sales had some (the incentive once per
 * market); `cash_expected_cents` is the cash that should be in the box. Every total is the sum of
 * the sales listed, to the cent.
 */
export const StandDay = z.object({
  date: z.string(),
  farm_name: z.string(),
  /** The farm's FNS retailer number the day's SNAP was taken under (its own EBT device), or null. */
  fns_number: z.string().nullable(),
  time_zone: z.string(),
  sales_count: z.number(),
  pickups_count: z.number(),
  lines_cents: z.number(),
  taxable_cents: z.number(),
  exempt_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  paid_cents: z.number(),
  cash_expected_cents: z.number(),
  tenders: z.array(
    z.object({
      kind: z.enum(TENDER_KINDS),
      label: z.string(),
      market: z.string().nullable(),
      sales: z.number(),
      cents: z.number(),
    }),
  ),
  sales: z.array(StandDaySale),
});
export type StandDay = z.infer<typeof StandDay>;

/**
 * A walk-up sale's receipt (issue 47 item 1, decision 580): what the e-mailed receipt says and what
 * `GET /api/receipts/:token` answers for the text link, one shape for both. `when` is the sale's time
 * in the farm's zone; `exempt_cents` the goods not taxed; `total_cents` the goods and the tax. Nothing
 * about the buyer.
 */
export const StandReceipt = z.object({
  farm_name: z.string(),
  sale_id: z.number(),
  at: z.string(),
  when: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      weights: z.array(z.number()).nullable(),
      weight_unit: z.string().nullable(),
      amount_cents: z.number(),
    }),
  ),
  taxable_cents: z.number(),
  exempt_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  tenders: z.array(z.object({ kind: z.enum(TENDER_KINDS), label: z.string(), cents: z.number() })),
});
export type StandReceipt = z.infer<typeof StandReceipt>;

/** The receipt link's token: the sale's action id, the UUID the phone made (decision 580). */
export const StandReceiptParams = z.object({ token: z.string().max(100) });

/** What a receipt link answers before the phone that made the sale has synced (and for any unknown link). */
export const RECEIPT_NOT_YET = 'This receipt will appear once the farm’s phone has synced; check back later';
