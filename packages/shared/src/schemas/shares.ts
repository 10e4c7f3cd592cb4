import { z } from 'zod';
import { ORDER_LIMITS } from '../constants/orders';
import { PICKUP_TIME_ZONES } from '../constants/time-zones';
import { shareCents, toMilli } from '../format/by-weight';
import { parseDateOnly } from '../format/date-only';
import { type Cents, formatCents, isWholeCents, toCents } from '../format/money';
import { MAX_SHARE_PARTS, SHARE_ANIMALS, SHARE_STATUSES, type ShareAnimal } from '../format/shares';
import { phoneSchema } from './auth';
import { dbId } from './common';
import { requiredText } from './fields';

/**
 * Meat shares (issue 32 part 4, decision 512): a product that sells a whole, half, quarter or other
 * fraction of an animal the farm raises, processed on a booked date.
 *
 *   PUT  /api/products/{id} with `share`     the producer's terms (on the product, like its variants)
 *   POST /api/shares                          reserve shares of a product → ShareReservationResponse
 *   GET  /api/shares/mine                     the shopper's shares
 *   GET  /api/shares/received                 the farm's share reservations
 *   PUT  /api/shares/{id}/cut-sheet           the shopper's cut sheet, before its deadline
 *   PUT  /api/shares/{id}/deposit             the producer records the deposit received (or clears it)
 *   PUT  /api/shares/{id}/bill                the producer enters hanging weight and fees, once processed
 *   POST /api/shares/{id}/ready | /picked-up | /cancel
 */

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => parseDateOnly(v) !== null, { message: `${label} must be a date (YYYY-MM-DD)` });

const money = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most $${max.toLocaleString('en-US')}`)
    .refine(isWholeCents, { message: `${label} can have at most 2 decimals` });

const weight = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0 lb`)
    .max(2000, `${label} must be at most 2,000 lb`)
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, { message: `${label} can have at most 3 decimals` });

/** One question of the producer's cut sheet, with the answers the shopper picks from. */
export const CutSheetQuestion = z.object({
  label: requiredText(80, 'Each cut sheet question'),
  options: z
    .array(z.string().trim().min(1, 'An answer cannot be empty').max(60, 'Each answer must be at most 60 characters'), {
      error: 'Each cut sheet question needs a list of answers',
    })
    .min(2, 'Each cut sheet question needs at least 2 answers to choose from')
    .max(10, 'A cut sheet question can offer at most 10 answers'),
});
export type CutSheetQuestion = z.infer<typeof CutSheetQuestion>;

/** The producer's terms for a share product. Money is per share; the deposit is optional. */
export const ShareTermsRequest = z
  .object({
    animal: z.enum(SHARE_ANIMALS, { error: `Animal must be one of: ${SHARE_ANIMALS.join(', ')}` }),
    parts: z
      .number({ error: 'Shares per animal must be a number' })
      .int('Shares per animal must be a whole number (4 for quarters)')
      .min(1, 'Shares per animal must be at least 1 (a whole animal)')
      .max(MAX_SHARE_PARTS, `Shares per animal must be at most ${MAX_SHARE_PARTS}`),
    animals_available: z
      .number({ error: 'Animals available must be a number' })
      .int('Animals available must be a whole number')
      .min(1, 'Animals available must be at least 1')
      .max(100, 'Animals available must be at most 100'),
    processor: requiredText(120, 'Processor'),
    processing_date: dateField('Processing date'),
    cut_sheet_due: dateField('Cut sheet deadline'),
    time_zone: z.enum(PICKUP_TIME_ZONES, { error: 'Time zone must be Eastern or Central time' }),
    hanging_weight: weight('Expected hanging weight per share'),
    processing_fee: money('Expected processing fees per share', 10_000),
    deposit: money('Deposit', 10_000)
      .nullish()
      .transform((v) => (v ? v : null)),
    deposit_link: z
      .string()
      .trim()
      .max(500, 'Payment link must be at most 500 characters')
      .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), {
        message: 'Payment link must be a web address starting with https://',
      })
      .nullish()
      .transform((v) => (v ? v : null)),
    cut_sheet: z
      .array(CutSheetQuestion, { error: 'The cut sheet must be a list of questions' })
      .min(1, 'The cut sheet needs at least one question')
      .max(15, 'A cut sheet can have at most 15 questions')
      .refine((qs) => new Set(qs.map((q) => q.label.toLowerCase())).size === qs.length, {
        message: 'Each cut sheet question needs its own wording',
      }),
  })
  .refine((v) => v.cut_sheet_due <= v.processing_date, {
    path: ['cut_sheet_due'],
    message: 'The cut sheet deadline must be on or before the processing date: the processor needs it',
  });
export type ShareTermsInput = z.input<typeof ShareTermsRequest>;
export type ShareTerms = z.output<typeof ShareTermsRequest>;

/** One share's estimate in cents from the price per lb hanging weight (in cents) and the terms. */
export function shareEstimateCents(pricePerLbCents: Cents, terms: Pick<ShareTerms, 'hanging_weight' | 'processing_fee'>): Cents {
  return shareCents({
    pricePerLbCents,
    hangingMilli: toMilli(terms.hanging_weight),
    feesCents: toCents(terms.processing_fee),
  });
}

/**
 * The rules of a share product beside the rest of its fields (the product contract calls this):
 * a price per lb hanging weight, no variants or pack weights, meat, and a deposit no larger than the
 * estimate. Returns the first broken rule with the field it names, or null.
 */
export function shareProductViolation(p: {
  category: string;
  price: number | null;
  weight_unit: string | null;
  variants: unknown[];
  share: ShareTerms | null;
}): { path: string; message: string } | null {
  const share = p.share;
  if (share === null) return null;
  if (p.category !== 'meat') return { path: 'category', message: 'A share of an animal is listed in the Meat category' };
  if (p.price === null || p.price <= 0) return { path: 'price', message: 'Give the share’s price per lb of hanging weight' };
  if (p.weight_unit !== null || p.variants.length > 0)
    return {
      path: 'share',
      message:
        'A share is priced by its hanging weight: remove the pack weights and variants, or list the cuts as another product',
    };
  const estimate = shareEstimateCents(toCents(p.price), share);
  // Bounded like an order's total (decision 520): no share's amounts can reach the size of a 500.
  if (estimate > ORDER_LIMITS.maxTotalCents)
    return {
      path: 'share.hanging_weight',
      message: `A share’s estimate can be at most ${formatCents(ORDER_LIMITS.maxTotalCents)}; this one comes to ${formatCents(estimate)}: check the price per lb and the hanging weight`,
    };
  if (share.deposit !== null && toCents(share.deposit) > estimate)
    return { path: 'share.deposit', message: 'The deposit cannot be more than the share’s estimated price' };
  return null;
}

/** A ready-made cut sheet per animal, which the producer edits to their processor's (decision 512). */
export function defaultCutSheet(animal: ShareAnimal): CutSheetQuestion[] {
  const common: CutSheetQuestion[] = [
    { label: 'Ground meat packs', options: ['1 lb', '2 lb'] },
    { label: 'Soup and marrow bones', options: ['Keep them', 'Leave them'] },
    { label: 'Organs (liver, heart, tongue)', options: ['Keep all', 'Liver only', 'Leave them'] },
  ];
  if (animal === 'pork')
    return [
      { label: 'Chop thickness', options: ['¾ inch', '1 inch', '1¼ inch'] },
      { label: 'Sausage', options: ['Mild breakfast', 'Hot breakfast', 'Italian', 'No sausage: grind it'] },
      { label: 'Hams', options: ['Cured and smoked', 'Fresh', 'Ground'] },
      { label: 'Bellies', options: ['Cured bacon', 'Fresh side'] },
      ...common,
    ];
  return [
    { label: 'Steak thickness', options: ['¾ inch', '1 inch', '1¼ inch', '1½ inch'] },
    { label: 'Steaks per pack', options: ['1', '2', '4'] },
    { label: 'Roast size', options: ['2–3 lb', '3–4 lb', 'No roasts: grind them'] },
    ...common,
  ];
}

/** A share product's terms as its page shows them, with how many shares are left. */
export const ShareOffer = z.object({
  animal: z.enum(SHARE_ANIMALS),
  parts: z.number(),
  animals_available: z.number(),
  processor: z.string(),
  processing_date: z.string(),
  cut_sheet_due: z.string(),
  time_zone: z.enum(PICKUP_TIME_ZONES),
  hanging_weight: z.number(),
  processing_fee: z.number(),
  deposit: z.number().nullable(),
  deposit_link: z.string().nullable(),
  cut_sheet: z.array(CutSheetQuestion),
  /** animals_available × parts. */
  shares_total: z.number(),
  /** Shares not yet reserved (cancelled ones come back). */
  shares_left: z.number(),
  /** One share's estimated price: hanging weight × price per lb + fees. */
  estimate: z.number(),
});
export type ShareOffer = z.infer<typeof ShareOffer>;

export const ReserveShareRequest = z.object({
  shopper_name: requiredText(80, 'Name'),
  product_id: dbId('Choose the share to reserve'),
  quantity: z
    .number({ error: 'Number of shares must be a number' })
    .int('Number of shares must be a whole number')
    .min(1, 'Reserve at least 1 share')
    .max(MAX_SHARE_PARTS, `Reserve at most ${MAX_SHARE_PARTS} shares at once`)
    .default(1),
  /** A phone the farm can call: 10 US digits (the one phone rule, `auth.ts#phoneSchema`); empty means none. */
  shopper_phone: phoneSchema.nullish().transform((v) => v ?? null),
});
export type ReserveShareRequest = z.input<typeof ReserveShareRequest>;

export const CutSheetAnswer = z.object({
  question: z.string().trim().min(1).max(80),
  answer: z.string().trim().min(1).max(60),
});
export type CutSheetAnswer = z.infer<typeof CutSheetAnswer>;

export const CutSheetRequest = z.object({
  answers: z.array(CutSheetAnswer, { error: 'Answers must be a list' }).max(15, 'Too many answers'),
  notes: z
    .string()
    .trim()
    .max(1000, 'Notes must be at most 1,000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CutSheetRequest = z.input<typeof CutSheetRequest>;

export const DepositRequest = z.object({
  /** The amount the farm received in person or through its own link; null clears a wrong entry. */
  amount: money('Deposit received', 10_000)
    .refine((v) => v > 0, { message: 'Deposit received must be more than $0, or clear it' })
    .nullable(),
});
export type DepositRequest = z.infer<typeof DepositRequest>;

/**
 * PUT /api/shares/{id}/bill. A bill more than 1.5 times the reservation's estimate is refused (409)
 * unless `confirm` is true, as a weight far outside its pack range is when weighing (decision 520);
 * a bill above ORDER_LIMITS.maxTotal is refused (400) even confirmed.
 */
export const ShareBillRequest = z.object({
  /** The reservation's hanging weight in lb (all its shares), from the processor's sheet. */
  hanging_weight: weight('Hanging weight').refine((v) => v <= 2000, 'Hanging weight must be at most 2,000 lb'),
  processing_fees: money('Processing fees', 10_000),
  confirm: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type ShareBillRequest = z.input<typeof ShareBillRequest>;

export const ShareReadyRequest = z.object({
  note: requiredText(300, 'Pickup details'),
});
export type ShareReadyRequest = z.infer<typeof ShareReadyRequest>;

export const ShareCancelRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ShareCancelRequest = z.input<typeof ShareCancelRequest>;

export const ShareReservation = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  farm_name: z.string(),
  producer_user_id: z.number(),
  shopper_name: z.string(),
  /** The producer sees the shopper's phone; the shopper sees their own. */
  shopper_phone: z.string().nullable(),
  quantity: z.number(),
  status: z.enum(SHARE_STATUSES),
  animal: z.enum(SHARE_ANIMALS),
  parts: z.number(),
  /** "Quarter of a steer". */
  share_label: z.string(),
  inspection: z.string().nullable(),
  processor: z.string(),
  processing_date: z.string(),
  cut_sheet_due: z.string(),
  time_zone: z.string(),
  /** Money terms as reserved (per share): later edits to the product never change them. */
  price_per_lb: z.number(),
  hanging_weight_estimate: z.number(),
  processing_fee_estimate: z.number(),
  /** The reservation's estimate: quantity × (hanging weight × price per lb + fees). */
  estimate: z.number(),
  /** The deposit the farm asks for this reservation (quantity × per share), and its own link. */
  deposit_requested: z.number().nullable(),
  deposit_link: z.string().nullable(),
  deposit_received: z.number().nullable(),
  deposit_received_at: z.string().nullable(),
  /** The questions this share's cut sheet asks: a filled sheet keeps those it was answered under (decision 547). */
  cut_sheet_template: z.array(CutSheetQuestion),
  cut_sheet: z.object({ answers: z.array(CutSheetAnswer), notes: z.string().nullable() }).nullable(),
  cut_sheet_at: z.string().nullable(),
  /** True while the shopper can still fill in or change the cut sheet. */
  cut_sheet_open: z.boolean(),
  /** The sheet was filled in before the farm changed its questions: its answers stay with the questions they answered. */
  cut_sheet_changed: z.boolean(),
  hanging_weight: z.number().nullable(),
  processing_fees: z.number().nullable(),
  /** Hanging weight × price per lb + fees, once processed. */
  bill_total: z.number().nullable(),
  /** To pay at pickup: the bill less the deposit received (negative: the farm owes it back). */
  amount_due: z.number().nullable(),
  ready_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
  /** Where the share stands, in words ("Cut sheet due by Fri, Dec 12"). */
  state_label: z.string(),
});
export type ShareReservation = z.infer<typeof ShareReservation>;

export const ShareReservationResponse = z.object({ share: ShareReservation });
export const ShareReservationList = z.object({ shares: z.array(ShareReservation) });
export type ShareReservationList = z.infer<typeof ShareReservationList>;

/** GET /api/shares/mine: the shopper's shares, and how many of one share product a shopper may hold open. */
export const MyShareList = ShareReservationList.extend({
  /** The site's cap (features.max_shares_per_shopper): shares reserved, processed or ready of one product. */
  max_per_product: z.number(),
});
export type MyShareList = z.infer<typeof MyShareList>;

// The words and steps without zod, for the first load (format/shares.ts).
export {
  ANIMAL_LABELS,
  fractionLabel,
  MAX_SHARE_PARTS,
  NAMED_FRACTIONS,
  SHARE_ANIMALS,
  SHARE_PRICE_UNIT,
  SHARE_STATUSES,
  SHARE_STEPS,
  type ShareAnimal,
  type ShareStatus,
  type ShareStep,
  shareLabel,
  shareStateLabel,
  shareSteps,
} from '../format/shares';
