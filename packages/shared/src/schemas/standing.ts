import { z } from 'zod';
import { BENEFIT_PROGRAMMES } from '../benefits/programmes';
import { WEIGHT_UNITS } from '../format/by-weight';
import { dbId } from './common';
import { optionalDate, requiredText } from './fields';
import { OrderLineRequest, PlaceOrderRequest } from './orders';

/**
 * Standing reservations (decision 514): a shopper's reservation repeated every 1, 2 or 4 weeks at
 * the same pickup place and weekly time. Before each window's cut-off (the farm's lead time) the
 * sweep places that window's order once; 48 hours before the cut-off the shopper is reminded with a
 * signed, single-use skip link that expires at the cut-off.
 *
 *   POST /api/standing                      make a reservation standing (from an order or a basket)
 *   GET  /api/standing/mine                 the shopper's standing reservations, next windows
 *   GET  /api/standing/received             the farm's standing reservations
 *   GET  /api/standing/demand               the farm's standing demand, 8 weeks ahead
 *   GET  /api/standing/demand.csv           the same as a CSV file
 *   GET  /api/standing/{id}                 one (its shopper, its farm, admins)
 *   PATCH /api/standing/{id}                change items, cadence or last date (the shopper)
 *   POST /api/standing/{id}/skip|unskip     one window (the shopper, before its cut-off)
 *   POST /api/standing/{id}/pause|hold|resume|cancel   (the shopper)
 *   POST /api/standing/{id}/end             the farm ends it with a reason
 *   GET  /api/standing/links/skip/{token}         what a reminder's skip link would skip
 *   POST /api/standing/links/skip/{token}         skip that window, without signing in (once)
 */

export const STANDING_CADENCES = [1, 2, 4] as const;
export type StandingCadence = (typeof STANDING_CADENCES)[number];
export const STANDING_CADENCE_LABELS: Record<StandingCadence, string> = {
  1: 'Every week',
  2: 'Every 2 weeks',
  4: 'Every 4 weeks',
};

/** "Every week", "Every 2 weeks"… */
export const cadenceLabel = (weeks: number) => STANDING_CADENCE_LABELS[weeks as StandingCadence] ?? `Every ${weeks} weeks`;

export const STANDING_LIMITS = {
  /** Hours before a window's cut-off when its order is placed: the farm's choice, and its default. */
  minLeadHours: 1,
  maxLeadHours: 168,
  defaultLeadHours: 24,
  /** The reminder with the skip link goes out this long before the cut-off. */
  reminderHours: 48,
  maxPauseWeeks: 12,
  /** Upcoming windows shown with each standing reservation; weeks in the farm's demand view. */
  upcomingWindows: 4,
  demandWeeks: 8,
  /** Active standing reservations one shopper may have with one farm. */
  perShopperPerFarm: 5,
} as const;

const cadence = z.coerce
  .number({ error: 'Choose how often: every 1, 2 or 4 weeks' })
  .refine((n): n is StandingCadence => (STANDING_CADENCES as readonly number[]).includes(n), {
    message: 'Choose how often: every 1, 2 or 4 weeks',
  });

export const MakeStandingRequest = PlaceOrderRequest.omit({ deliveryAddress: true }).extend({
  /** `startsAt` is the first window: its weekday and time repeat. */
  everyWeeks: cadence,
  endDate: optionalDate('Last date'),
  /** The shopper's order for that first window, if they have one: it becomes the first of the series. */
  fromOrderId: dbId('Order id must be a positive whole number')
    .nullish()
    .transform((v) => v ?? null),
});
export type MakeStandingRequest = z.input<typeof MakeStandingRequest>;

export const ChangeStandingRequest = z.strictObject({
  items: z
    .array(OrderLineRequest, { error: 'Add at least one product' })
    .min(1, 'Add at least one product')
    .max(20, 'At most 20 products per order')
    .optional(),
  everyWeeks: cadence.optional(),
  endDate: optionalDate('Last date'),
  /** The benefits to tell the farm on each order from now on (decision 516); unchanged when left out. */
  plannedBenefits: PlaceOrderRequest.shape.plannedBenefits,
});
export type ChangeStandingRequest = z.input<typeof ChangeStandingRequest>;

export const StandingWindowRequest = z.strictObject({
  startsAt: z.iso.datetime({ error: 'Say which pickup time (its start)', offset: true }),
});
export const PauseStandingRequest = z.strictObject({
  weeks: z.coerce
    .number({ error: 'Pause for a number of weeks' })
    .int('Pause for a whole number of weeks')
    .min(1, 'Pause for at least 1 week')
    .max(STANDING_LIMITS.maxPauseWeeks, `Pause for at most ${STANDING_LIMITS.maxPauseWeeks} weeks; cancel it instead`),
});
export const HoldStandingRequest = z.strictObject({
  from: optionalDate('First day away').refine((v) => v !== null, 'Enter the first day you are away'),
  to: optionalDate('Last day away').refine((v) => v !== null, 'Enter the last day you are away'),
});
export const EndStandingRequest = z.strictObject({ reason: requiredText(300, 'Reason') });

/** `off`: a CSA plan's skipped week (a holiday), when the farm has no pickup for its members. */
export const STANDING_WINDOW_STATES = ['upcoming', 'placed', 'skipped', 'missed', 'paused', 'away', 'off'] as const;
export type StandingWindowState = (typeof STANDING_WINDOW_STATES)[number];

export const StandingWindow = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  cutoff_at: z.string(),
  /** When this window's order is (or was) placed: the cut-off less the farm's lead time. */
  places_at: z.string(),
  date: z.string(),
  state: z.enum(STANDING_WINDOW_STATES),
  order_id: z.number().nullable(),
  /** What was left out or why it was not placed, in words. */
  reason: z.string().nullable(),
});
export type StandingWindow = z.infer<typeof StandingWindow>;

export const StandingItem = z.object({
  product_id: z.number(),
  variant_id: z.number().nullable(),
  name: z.string(),
  variant_name: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number().nullable(),
  price_unit: z.string().nullable(),
  /** By weight (decision 510): the quantity counts packs of pack_min–pack_max in weight_unit each; null by the piece. */
  weight_unit: z.enum(WEIGHT_UNITS).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
});

export const Standing = z.object({
  id: z.number(),
  status: z.enum(['active', 'cancelled', 'ended']),
  producer: z.object({ user_id: z.number(), farm_name: z.string() }),
  shopper: z.object({ id: z.number(), name: z.string(), phone: z.string().nullable() }),
  place: z.object({ point_id: z.number().nullable(), name: z.string(), time_zone: z.string() }),
  weekday: z.number(),
  start: z.string(),
  every_weeks: z.number(),
  cadence: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  paused_until: z.string().nullable(),
  away_from: z.string().nullable(),
  away_to: z.string().nullable(),
  end_reason: z.string().nullable(),
  note: z.string().nullable(),
  items: z.array(StandingItem),
  /** The benefits the shopper plans to pay each order with (decision 516); each week's order carries those the farm takes that day. */
  planned_benefits: z.array(z.enum(BENEFIT_PROGRAMMES)),
  /**
   * A CSA membership (schemas/csa.ts): the plan, the box size (its name and its place in the plan's
   * sizes, which a box's item quantities follow) and price per pickup, the member's dislikes.
   */
  plan: z
    .object({
      id: z.number(),
      name: z.string(),
      size: z.string(),
      size_index: z.number(),
      price: z.number(),
      dislikes: z.string().nullable(),
    })
    .nullable(),
  /** The next windows and what happens (or happened) to each. */
  upcoming: z.array(StandingWindow),
  /** Said when the place or its weekly time is gone from the farm's schedule. */
  warning: z.string().nullable(),
  created_at: z.string(),
});
export type Standing = z.infer<typeof Standing>;

export const StandingResponse = z.object({ standing: Standing, message: z.string() });
export type StandingResponse = z.infer<typeof StandingResponse>;
export const StandingList = z.object({ standing: z.array(Standing) });
export type StandingList = z.infer<typeof StandingList>;

export const StandingDemandRow = z.object({
  product_id: z.number(),
  variant_id: z.number().nullable(),
  name: z.string(),
  variant_name: z.string().nullable(),
  point_id: z.number().nullable(),
  place: z.string(),
  weekday: z.number(),
  start: z.string(),
  /** Units wanted each week, one per `weeks` entry, counted in the product's own unit (below). */
  quantities: z.array(z.number()),
  /** The unit a quantity counts ("dozen", "8 oz jar"); by weight, packs of `pack_min`–`pack_max` `weight_unit`. */
  price_unit: z.string().nullable(),
  weight_unit: z.enum(['lb', 'oz']).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
});
/** CSA shares (decision 515) of one plan and box size, counted per week. */
export const StandingDemandShare = z.object({
  plan_id: z.number(),
  plan: z.string(),
  size: z.string(),
  size_index: z.number(),
  /** Members' shares each week, one per `weeks` entry (paused, away, skipped and off weeks left out). */
  counts: z.array(z.number()),
});
export const StandingDemand = z.object({
  /** The Monday of each week shown (the farm's calendar). */
  weeks: z.array(z.string()),
  /** CSA shares per plan and size, shown first: what the farm packs as boxes. */
  shares: z.array(StandingDemandShare),
  /** Products asked for by standing reservations (and CSA add-ons), each in its own unit: never added together. */
  rows: z.array(StandingDemandRow),
  /** Active standing reservations counted, CSA memberships included. */
  reservations: z.number(),
  /** Of them, CSA memberships. */
  members: z.number(),
});
export type StandingDemand = z.infer<typeof StandingDemand>;

const INVALID_SKIP_LINK = 'This skip link is not valid. Open your standing reservations on the Orders page instead.';
export const SKIP_LINK_INVALID = INVALID_SKIP_LINK;
/** `<standing id>-<window start, minutes since 1970>.<signature>` */
export const SkipTokenParams = z.object({
  token: z
    .string()
    .max(200, INVALID_SKIP_LINK)
    .regex(/^\d{1,10}-\d{1,12}\.[A-Za-z0-9_-]{16,100}$/, INVALID_SKIP_LINK),
});
export const SkipLinkInfo = z.object({
  farm_name: z.string(),
  place: z.string(),
  starts_at: z.string(),
  cutoff_at: z.string(),
  time_zone: z.string(),
  items: z.array(z.string()),
  /** valid: it can skip; used: this window is already skipped; expired: past the cut-off. */
  state: z.enum(['valid', 'used', 'expired']),
  standing_id: z.number(),
  message: z.string(),
});
export type SkipLinkInfo = z.infer<typeof SkipLinkInfo>;

export const StandingIdParams = z.object({ id: dbId('Standing reservation id must be a positive whole number') });

/** The web page a reminder's skip link opens. */
export const standingSkipPagePath = (token: string) => `/standing/skip/${token}`;
