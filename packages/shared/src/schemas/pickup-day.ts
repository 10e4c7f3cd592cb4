import { z } from 'zod';
import { calendarDay, dbId, optionalQuery } from './common';
import { Order } from './orders';

/** The Orders tab's day: without `date`, the server chooses the current or next pickup day. */
export const PickupDayQuery = z.object({ date: optionalQuery(calendarDay('Date')) });

export const PickupDayParams = z.object({ date: calendarDay('Date') });

/**
 * One pickup day of a farm, in its places' own time zones: `today` is the farm's date now in
 * `time_zone` (its first place's zone), `previous`/`next` the nearest days with orders to hand
 * over, `orders` every order of the day except unanswered requests (they have their own list).
 */
export const PickupDayResponse = z.object({
  date: z.string(),
  today: z.string(),
  time_zone: z.string(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  orders: z.array(Order),
});
export type PickupDayResponse = z.infer<typeof PickupDayResponse>;

/** Closing a day: every order still accepted or ready is picked up, except these no-shows. */
export const CloseDayRequest = z.object({
  no_show_ids: z
    .array(dbId('Order id must be a positive whole number'), { error: 'no_show_ids must be a list of order ids' })
    .max(500, 'At most 500 no-shows at once')
    .default([]),
});
export type CloseDayRequest = z.input<typeof CloseDayRequest>;

export const CloseDayResponse = z.object({
  message: z.string(),
  picked_up: z.array(z.number()),
  no_show: z.array(z.number()),
  /** Orders of the day already handled (or changed a moment ago): left as they are. */
  skipped: z.array(z.number()),
});
export type CloseDayResponse = z.infer<typeof CloseDayResponse>;
