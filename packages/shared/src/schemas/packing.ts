import { z } from 'zod';
import { PICKUP_KINDS } from '../constants/orders';
import { WEIGHT_UNITS } from '../format/by-weight';
import { daysBetweenDates, isDateOnly } from '../format/date-only';
import { LABEL_SHEET_IDS, type LabelSheetId } from '../labels/sheets';
import { calendarDay, dbId, optionalQuery } from './common';

export const PACKING_LAYOUTS = ['slips', 'labels'] as const;
export type PackingLayout = (typeof PACKING_LAYOUTS)[number];

/** The label maker's sheet bag labels print on when none is chosen: 4″ × 2″, ten per Letter sheet. */
export const DEFAULT_BAG_LABEL_SHEET: LabelSheetId = 'avery_5163';

/**
 * GET /api/orders/packing-slips.pdf: one slip (or bag label) per accepted or ready order of the
 * day, of one pickup place when `point` names it (the booth packs its own); `sheet` is the label
 * maker's sheet for `layout=labels`.
 */
export const PackingSlipsQuery = z.object({
  date: calendarDay('Date'),
  point: optionalQuery(dbId('Pickup place must be one of your places')),
  layout: optionalQuery(z.enum(PACKING_LAYOUTS, { error: 'Layout must be slips or labels' })),
  sheet: optionalQuery(
    z.enum(LABEL_SHEET_IDS as [LabelSheetId, ...LabelSheetId[]], {
      error: `Label sheet must be one of: ${LABEL_SHEET_IDS.join(', ')}`,
    }),
  ),
});
export type PackingSlipsQuery = z.input<typeof PackingSlipsQuery>;

/** A harvest list covers at most a month of pickup days. */
export const HARVEST_MAX_DAYS = 31;

export const HarvestQuery = z
  .object({ from: calendarDay('From date'), to: calendarDay('To date') })
  .refine((q) => !isDateOnly(q.from) || !isDateOnly(q.to) || daysBetweenDates(q.from, q.to) >= 0, {
    error: 'To date must be on or after the from date',
    path: ['to'],
  })
  .refine((q) => !isDateOnly(q.from) || !isDateOnly(q.to) || daysBetweenDates(q.from, q.to) < HARVEST_MAX_DAYS, {
    error: `A harvest list covers at most ${HARVEST_MAX_DAYS} days: choose a shorter range`,
    path: ['to'],
  });
export type HarvestQuery = z.input<typeof HarvestQuery>;

/**
 * What to pick per product across a range of pickup days: `quantity` from accepted and ready
 * orders, `requested_quantity` from requests not yet accepted (they may still be declined or
 * expire), each with how many orders it comes from and the days it is for.
 */
export const HarvestLine = z.object({
  product_id: z.number().nullable(),
  /** The product's own name; `name` is the line's, with its variant ("Grass-fed beef (Ribeye, pair)"). */
  product_name: z.string(),
  name: z.string(),
  price_unit: z.string().nullable(),
  /** By weight (decision 510): `quantity` counts packs of `pack_min`–`pack_max` in `weight_unit` each; null by the piece. */
  weight_unit: z.enum(WEIGHT_UNITS).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
  quantity: z.number(),
  order_count: z.number(),
  requested_quantity: z.number(),
  request_count: z.number(),
  dates: z.array(z.string()),
});
export type HarvestLine = z.infer<typeof HarvestLine>;

export const HarvestResponse = z.object({
  from: z.string(),
  to: z.string(),
  farm_name: z.string(),
  lines: z.array(HarvestLine),
  /** The pickup places and days the list covers, for the printout's heading. */
  days: z.array(z.object({ date: z.string(), point_name: z.string(), kind: z.enum(PICKUP_KINDS) })),
});
export type HarvestResponse = z.infer<typeof HarvestResponse>;
