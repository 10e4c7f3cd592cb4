import { z } from 'zod';
import { STATES } from '../constants/catalog';
import { PICKUP_KINDS } from '../constants/orders';
import { PICKUP_TIME_ZONES } from '../constants/time-zones';
import { isDateOnly } from '../format/date-only';
import { isWholeCents } from '../format/money';
import { MONTH_DAY } from '../format/place-calendar';
import { numberInput } from './common';

export { PICKUP_KIND_LABELS, PICKUP_KINDS, type PickupKind, WEEKDAY_NAMES } from '../constants/orders';
export { defaultTimeZone, PICKUP_TIME_ZONES, type PickupTimeZone, TIME_ZONE_LABELS } from '../constants/time-zones';

/** Limits of the pickup setup, named once for the server rules and the form. */
export const PICKUP_LIMITS = {
  maxPoints: 10,
  maxSlotsPerPoint: 14,
  maxCutoffHours: 168,
  maxCapPerWindow: 500,
  maxDeliveryFee: 100,
  maxMinOrder: 500,
  maxCloseAfterHours: 72,
  maxClosedDates: 60,
  /** How far ahead shoppers can reserve. */
  horizonDays: 21,
} as const;

const time = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 09:00`);

export const ScheduleSlot = z
  .object({
    weekday: z.coerce
      .number({ error: 'Day must be a weekday' })
      .int('Day must be a weekday')
      .min(0, 'Day must be a weekday')
      .max(6, 'Day must be a weekday'),
    start: time('Start time'),
    end: time('End time'),
  })
  .refine((slot) => slot.end > slot.start, { message: 'End time must be after the start time', path: ['end'] });
export type ScheduleSlot = z.infer<typeof ScheduleSlot>;

/** A month-day ('04-01'), or null when empty. */
const monthDay = (label: string) =>
  z
    .string({ error: `${label} must be a month and day like 04-01` })
    .trim()
    .refine((v) => v === '' || MONTH_DAY.test(v), `${label} must be a month and day like 04-01`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const PickupPointRequest = z
  .object({
    kind: z.enum(PICKUP_KINDS, { error: 'Kind must be farm, market, other or delivery' }),
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    address: optionalText('Address', 200),
    city: optionalText('City', 80),
    state: z.enum(STATES, { error: `State must be one of ${STATES.join(', ')}` }).nullish(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'ZIP code must be 5 digits')
      .nullish()
      .or(z.literal('').transform(() => null)),
    /** Empty: the default for the address (shared `defaultTimeZone`). */
    time_zone: z
      .enum([...PICKUP_TIME_ZONES, ''], { error: 'Time zone must be Eastern or Central' })
      .nullish()
      .transform((v) => (v ? v : null)),
    booth: optionalText('Stall or booth', 60),
    /**
     * The running incentive's participating market this place is (decision 542): one of the admin's
     * list for the place's state; empty: not a participating market. The server checks the list.
     */
    incentive_market: optionalText('Participating market', 120),
    min_order: numberInput(
      z
        .number({ error: 'Minimum order must be a number' })
        .min(0, 'Minimum order cannot be negative')
        .max(PICKUP_LIMITS.maxMinOrder, `Minimum order must be at most $${PICKUP_LIMITS.maxMinOrder}`)
        .refine(isWholeCents, 'Minimum order must be in whole cents'),
    )
      .nullish()
      .transform((v) => (v ? v : null)),
    delivery_fee: numberInput(
      z
        .number({ error: 'Delivery fee must be a number' })
        .min(0, 'Delivery fee cannot be negative')
        .max(PICKUP_LIMITS.maxDeliveryFee, `Delivery fee must be at most $${PICKUP_LIMITS.maxDeliveryFee}`)
        .refine(isWholeCents, 'Delivery fee must be in whole cents'),
    ).nullish(),
    /** The place's season, month-days repeating each year (decision 542); both empty: all year. */
    season_from: monthDay('Season start'),
    season_to: monthDay('Season end'),
    /** Local dates the place is closed: no pickups, and standing and CSA weeks skipped. */
    closed_dates: z
      .array(z.string().refine(isDateOnly, 'Closed dates must be dates like 2030-12-26'), {
        error: 'Closed dates must be a list of dates',
      })
      .max(PICKUP_LIMITS.maxClosedDates, `At most ${PICKUP_LIMITS.maxClosedDates} closed dates`)
      .nullish()
      .transform((v) => [...new Set(v ?? [])].sort()),
    /** The place's own cut-off and standing lead time; empty: the farm's order rules. */
    cutoff_hours: numberInput(
      z
        .number({ error: 'Cut-off must be a number of hours' })
        .int('Cut-off must be a whole number of hours')
        .min(0, 'Cut-off cannot be negative')
        .max(PICKUP_LIMITS.maxCutoffHours, `Cut-off must be at most ${PICKUP_LIMITS.maxCutoffHours} hours (a week)`),
    )
      .nullish()
      .transform((v) => v ?? null),
    standing_lead_hours: numberInput(
      z
        .number({ error: 'Lead time must be a number of hours' })
        .int('Lead time must be a whole number of hours')
        .min(1, 'Place standing orders at least 1 hour before the cut-off')
        .max(168, 'Place standing orders at most 168 hours (a week) before the cut-off'),
    )
      .nullish()
      .transform((v) => v ?? null),
    schedule: z
      .array(ScheduleSlot, { error: 'Add at least one day and time' })
      .min(1, 'Add at least one day and time')
      .max(PICKUP_LIMITS.maxSlotsPerPoint, `At most ${PICKUP_LIMITS.maxSlotsPerPoint} times per place`),
  })
  .superRefine((point, ctx) => {
    if ((point.season_from === null) !== (point.season_to === null))
      ctx.addIssue({
        code: 'custom',
        path: [point.season_from === null ? 'season_from' : 'season_to'],
        message: 'Give both the first and the last day of the season, or neither for all year',
      });
    if (point.kind === 'delivery') return;
    for (const field of ['address', 'city', 'zip'] as const) {
      if (!point[field])
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field === 'zip' ? 'ZIP code' : field[0].toUpperCase() + field.slice(1)} is required for a pickup place`,
        });
    }
  });
export type PickupPointRequest = z.input<typeof PickupPointRequest>;

export const PickupSettingsRequest = z.object({
  cutoff_hours: numberInput(
    z
      .number({ error: 'Cut-off must be a number of hours' })
      .int('Cut-off must be a whole number of hours')
      .min(0, 'Cut-off cannot be negative')
      .max(PICKUP_LIMITS.maxCutoffHours, `Cut-off must be at most ${PICKUP_LIMITS.maxCutoffHours} hours (a week)`),
  ),
  cap_per_window: z.coerce
    .number({ error: 'Cap must be a number' })
    .int('Cap must be a whole number')
    .min(1, 'Cap must be at least 1 order, or empty for no cap')
    .max(PICKUP_LIMITS.maxCapPerWindow, `Cap must be at most ${PICKUP_LIMITS.maxCapPerWindow} orders`)
    .nullable(),
  /** Hours after a window ends when its unhandled orders are closed, and how (omitted: unchanged). */
  close_after_hours: z.coerce
    .number({ error: 'Closing time must be a number of hours' })
    .int('Closing time must be a whole number of hours')
    .min(1, 'Close orders at least 1 hour after the pickup time ends')
    .max(
      PICKUP_LIMITS.maxCloseAfterHours,
      `Close orders at most ${PICKUP_LIMITS.maxCloseAfterHours} hours after the pickup time ends`,
    )
    .optional(),
  close_as: z.enum(['picked_up', 'no_show'], { error: 'Close unhandled orders as picked up or as no-shows' }).optional(),
  morning_summary: z.boolean({ error: 'Morning summary must be on or off' }).optional(),
  /** Standing reservations (decision 514): hours before the cut-off when each window's order is placed… */
  standing_lead_hours: z.coerce
    .number({ error: 'Lead time must be a number of hours' })
    .int('Lead time must be a whole number of hours')
    .min(1, 'Place standing orders at least 1 hour before the cut-off')
    .max(168, 'Place standing orders at most 168 hours (a week) before the cut-off')
    .optional(),
  /** …and whether they are accepted at once (stock taken) or arrive as requests. */
  standing_accept: z.boolean({ error: 'Accepting standing orders at once must be on or off' }).optional(),
});
export type PickupSettingsRequest = z.input<typeof PickupSettingsRequest>;

export const PickupSettings = z.object({
  cutoff_hours: z.number(),
  cap_per_window: z.number().nullable(),
  close_after_hours: z.number(),
  close_as: z.enum(['picked_up', 'no_show']),
  morning_summary: z.boolean(),
  standing_lead_hours: z.number(),
  standing_accept: z.boolean(),
});
export type PickupSettings = z.infer<typeof PickupSettings>;

export const PickupPoint = z.object({
  id: z.number(),
  kind: z.enum(PICKUP_KINDS),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  delivery_fee: z.number().nullable(),
  time_zone: z.enum(PICKUP_TIME_ZONES),
  booth: z.string().nullable(),
  min_order: z.number().nullable(),
  /** The participating market of the running incentive this place is; null: not one. */
  incentive_market: z.string().nullable(),
  season_from: z.string().nullable(),
  season_to: z.string().nullable(),
  closed_dates: z.array(z.string()),
  /** The place's own cut-off and lead time, null where it follows the farm's. */
  cutoff_hours: z.number().nullable(),
  standing_lead_hours: z.number().nullable(),
  schedule: z.array(ScheduleSlot),
});
export type PickupPoint = z.infer<typeof PickupPoint>;

/** One dated window shoppers can choose: a point's schedule slot on a given day. */
export const PickupWindow = z.object({
  point_id: z.number(),
  kind: z.enum(PICKUP_KINDS),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Orders close at this time (the producer's cut-off before the window). */
  cutoff_at: z.string(),
  /** The local date of the window (YYYY-MM-DD, in the place's time zone). */
  date: z.string(),
  time_zone: z.enum(PICKUP_TIME_ZONES),
  booth: z.string().nullable(),
  min_order: z.number().nullable(),
  remaining: z.number().nullable(),
  full: z.boolean(),
  delivery_fee: z.number().nullable(),
});
export type PickupWindow = z.infer<typeof PickupWindow>;

export const DeliveryInfo = z.object({ available: z.boolean(), radius: z.number().nullable() });

/**
 * An incentive running in a state and its participating markets, as the admin lists them in the
 * benefit programmes; an empty list: the admin named none, any market the farm names counts.
 */
export const PlaceIncentive = z.object({ state: z.string(), name: z.string(), markets: z.array(z.string()) });
export type PlaceIncentive = z.infer<typeof PlaceIncentive>;

/** The producer's own setup (the /profile Pickup tab). */
export const PickupSetupResponse = z.object({
  settings: PickupSettings,
  points: z.array(PickupPoint),
  delivery: DeliveryInfo,
  time_zone: z.string(),
  /** The incentives running now, one per state at most, for the place form's market choice. */
  incentives: z.array(PlaceIncentive),
});
export type PickupSetupResponse = z.infer<typeof PickupSetupResponse>;

/** What anyone sees of a producer's pickup: places, rules and the next open windows. */
export const PublicPickupResponse = z.object({
  producer_user_id: z.number(),
  farm_name: z.string(),
  settings: PickupSettings,
  points: z.array(PickupPoint),
  windows: z.array(PickupWindow),
  delivery: DeliveryInfo,
  time_zone: z.string(),
});
export type PublicPickupResponse = z.infer<typeof PublicPickupResponse>;

export const PickupPointResponse = z.object({ point: PickupPoint });

/** The most a product's day limit at a place can be (the product form's own limit bound). */
export const MAX_PLACE_DAY_LIMIT = 10_000;

/** A product's own limit per pickup day at some of the farm's places (decision 543). */
export const PlaceDayLimitsRequest = z.object({
  limits: z
    .array(
      z.object({
        point_id: z.coerce
          .number({ error: 'Choose one of your pickup places' })
          .int()
          .positive('Choose one of your pickup places'),
        day_limit: numberInput(
          z
            .number({ error: 'Day limit must be a number' })
            .int('Day limit must be a whole number')
            .min(0, 'Day limit cannot be negative')
            .max(MAX_PLACE_DAY_LIMIT, `Day limit must be at most ${MAX_PLACE_DAY_LIMIT}`),
        ),
      }),
      { error: 'Limits must be a list of places and limits' },
    )
    .max(PICKUP_LIMITS.maxPoints, `At most ${PICKUP_LIMITS.maxPoints} places`),
});
export type PlaceDayLimitsRequest = z.input<typeof PlaceDayLimitsRequest>;

export const PlaceDayLimits = z.object({
  /** The product's own limit per pickup day (every place without its own); null: none. */
  day_limit: z.number().nullable(),
  limits: z.array(z.object({ point_id: z.number(), day_limit: z.number() })),
});
export type PlaceDayLimits = z.infer<typeof PlaceDayLimits>;

/**
 * What a product's day limit leaves at each place: the most that can still be reserved for one of
 * the place's open pickup days (null: no limit there), for the reserve card.
 */
export const ProductDayLeft = z.object({
  places: z.array(z.object({ point_id: z.number(), day_limit: z.number().nullable(), left: z.number().nullable() })),
});
export type ProductDayLeft = z.infer<typeof ProductDayLeft>;
