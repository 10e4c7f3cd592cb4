import { z } from 'zod';
import { isWholeCents } from '../format/money';
import { phoneSchema } from './auth';
import { calendarDay, dbId, numberInput } from './common';
import { optionalText, requiredText } from './fields';
import { OrderLineRequest, PlaceOrderRequest } from './orders';

/**
 * CSA share plans (decision 515): a farm's box (sizes with a price per pickup, paid at each pickup),
 * for a season with skipped weeks, at chosen pickup places with a cap of members per place.
 * A membership is a standing reservation of the plan (schemas/standing.ts): members pause and leave
 * it there; each week's order holds the share at its price and that week's box items (free, from
 * stock), placed at the farm's lead time like any standing reservation.
 *
 *   GET  /api/csa/farms/{userId}/plans    a farm's open plans, with places left (public)
 *   GET  /api/csa/mine                    the farm's plans
 *   POST /api/csa                         the farm adds a plan
 *   PUT  /api/csa/{id}                    the farm changes it (or closes it: active false)
 *   POST /api/csa/{id}/join               a shopper joins at a place, in a size
 *   GET  /api/csa/{id}/members            the farm's members list with their skips
 *   GET  /api/csa/{id}/boxes              the posted boxes (members and the farm)
 *   PUT  /api/csa/{id}/boxes              the farm posts this week's box (members are mailed)
 *   POST /api/csa/{id}/boxes/{weekOf}/photo   the box's photo (multipart, field image)
 */

export const CSA_LIMITS = {
  maxSizes: 3,
  maxPlaces: 5,
  maxSkipDates: 30,
  maxBoxItems: 20,
  maxCap: 500,
  maxPlansPerFarm: 5,
} as const;

const money = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0.5, `${label} must be at least $0.50`)
    .max(1000, `${label} must be at most $1,000`)
    .refine(isWholeCents, `${label} must be in whole cents`);

export const CsaPlanRequest = z.strictObject({
  name: requiredText(80, 'Plan name'),
  description: optionalText(1000, 'Description'),
  sizes: z
    .array(z.strictObject({ name: requiredText(40, 'Size name'), price: money('Price per pickup') }), {
      error: 'Add at least one box size',
    })
    .min(1, 'Add at least one box size')
    .max(CSA_LIMITS.maxSizes, `At most ${CSA_LIMITS.maxSizes} box sizes`),
  season_start: calendarDay('Season start'),
  season_end: calendarDay('Season end'),
  skip_dates: z
    .array(calendarDay('Skipped week'))
    .max(CSA_LIMITS.maxSkipDates, `At most ${CSA_LIMITS.maxSkipDates} skipped dates`)
    .default([]),
  places: z
    .array(
      z.strictObject({
        point_id: dbId('Choose a pickup place'),
        weekday: z.coerce.number().int().min(0, 'Weekday is 0 (Sunday) to 6').max(6, 'Weekday is 0 (Sunday) to 6'),
        start: z.string().regex(/^\d{2}:\d{2}$/, 'Start time must be HH:MM'),
        cap: z.coerce
          .number({ error: 'Members per place must be a number' })
          .int('Members per place must be a whole number')
          .min(1, 'Allow at least 1 member per place')
          .max(CSA_LIMITS.maxCap, `At most ${CSA_LIMITS.maxCap} members per place`),
      }),
      { error: 'Choose at least one pickup place' },
    )
    .min(1, 'Choose at least one pickup place')
    .max(CSA_LIMITS.maxPlaces, `At most ${CSA_LIMITS.maxPlaces} pickup places`),
  active: z.boolean().default(true),
});
export type CsaPlanRequest = z.input<typeof CsaPlanRequest>;

export const CsaPlace = z.object({
  point_id: z.number(),
  name: z.string(),
  weekday: z.number(),
  start: z.string(),
  time_zone: z.string(),
  cap: z.number(),
  members: z.number(),
  left: z.number(),
});

export const CsaPlan = z.object({
  id: z.number(),
  producer: z.object({ user_id: z.number(), farm_name: z.string() }),
  name: z.string(),
  description: z.string().nullable(),
  sizes: z.array(z.object({ name: z.string(), price: z.number() })),
  season_start: z.string(),
  season_end: z.string(),
  skip_dates: z.array(z.string()),
  places: z.array(CsaPlace),
  active: z.boolean(),
});
export type CsaPlan = z.infer<typeof CsaPlan>;
export const CsaPlanResponse = z.object({ plan: CsaPlan, message: z.string() });
export const CsaPlanList = z.object({ plans: z.array(CsaPlan) });
export type CsaPlanList = z.infer<typeof CsaPlanList>;

export const CsaJoinRequest = z.strictObject({
  point_id: dbId('Choose a pickup place'),
  size: numberInput(z.number({ error: 'Choose a box size' }).int('Choose a box size').min(0, 'Choose a box size')),
  dislikes: optionalText(200, 'Dislikes'),
  shopperName: requiredText(100, 'Name for pickup'),
  /** A phone the farm can call: 10 US digits (the one phone rule, `auth.ts#phoneSchema`); empty means none. */
  shopperPhone: phoneSchema.nullish().transform((v) => v ?? null),
  /**
   * The benefits the member plans to pay each pickup with, told to the farm as a basket's are
   * (decisions 516 and 541): checked against the first pickup; each week carries those taken that day.
   */
  plannedBenefits: PlaceOrderRequest.shape.plannedBenefits,
});
export type CsaJoinRequest = z.input<typeof CsaJoinRequest>;

export const CsaBoxRequest = z.strictObject({
  /** Any date of the week; the box belongs to that week (Monday to Sunday). */
  week_of: calendarDay('Week'),
  items: z
    .array(
      OrderLineRequest.omit({ quantity: true }).extend({
        /** Units in each size's box, in the plan's size order. */
        quantities: z
          .array(
            numberInput(
              z
                .number({ error: 'Quantities are whole numbers' })
                .int('Quantities are whole numbers')
                .min(0, 'Quantities cannot be negative')
                .max(50, 'At most 50 of an item per box'),
            ),
          )
          .min(1, 'Give a quantity for each box size'),
      }),
    )
    .max(CSA_LIMITS.maxBoxItems, `At most ${CSA_LIMITS.maxBoxItems} items in a box`),
  note: optionalText(1000, 'Note'),
});
export type CsaBoxRequest = z.input<typeof CsaBoxRequest>;

export const CsaBox = z.object({
  plan_id: z.number(),
  week_of: z.string(),
  items: z.array(
    z.object({
      product_id: z.number(),
      variant_id: z.number().nullable(),
      name: z.string(),
      variant_name: z.string().nullable(),
      quantities: z.array(z.number()),
    }),
  ),
  note: z.string().nullable(),
  photo_url: z.string().nullable(),
  posted_at: z.string(),
});
export type CsaBox = z.infer<typeof CsaBox>;
export const CsaBoxList = z.object({ boxes: z.array(CsaBox) });
export const CsaBoxResponse = z.object({ box: CsaBox, message: z.string() });

export const CsaMember = z.object({
  standing_id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  size: z.string(),
  point_id: z.number().nullable(),
  place: z.string(),
  dislikes: z.string().nullable(),
  status: z.enum(['active', 'cancelled', 'ended']),
  paused_until: z.string().nullable(),
  away_from: z.string().nullable(),
  away_to: z.string().nullable(),
  /** Local dates of the member's own skipped pickups from today on (not the place's closed dates). */
  skips: z.array(z.string()),
  /** The local date of the member's next pickup (their place open, not skipped, paused or away), or null. */
  next_pickup: z.string().nullable(),
  joined_at: z.string(),
});
export const CsaMemberList = z.object({ members: z.array(CsaMember) });
export type CsaMemberList = z.infer<typeof CsaMemberList>;

export const CsaWeekParams = z.object({ id: dbId('Plan id must be a positive whole number'), weekOf: calendarDay('Week') });
