import { formatDateOnly } from './date-only';

/**
 * A pickup place's calendar (decision 542): its season as month-days repeating every year
 * ('04-01' to '10-31'; one ending before it starts wraps over the new year, a winter market
 * '11-01' to '03-31'), and the dates it is closed. The one rule the windows offered to shoppers,
 * ordering, the standing sweep and CSA weeks read; dates are the place's local calendar days.
 */
export type PlaceCalendar = { seasonFrom: string | null; seasonTo: string | null; closedDates: readonly string[] };

export const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether a local date ('YYYY-MM-DD') is inside the place's season (always, without one). */
export function inPlaceSeason(calendar: Pick<PlaceCalendar, 'seasonFrom' | 'seasonTo'>, date: string): boolean {
  const { seasonFrom: from, seasonTo: to } = calendar;
  if (!from || !to) return true;
  const day = date.slice(5);
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

export type PlaceClosure = 'closed' | 'out_of_season';

/** Why the place takes no pickups on a date, or null when it is open that day. */
export function placeClosure(calendar: PlaceCalendar, date: string): PlaceClosure | null {
  if (calendar.closedDates.includes(date)) return 'closed';
  if (!inPlaceSeason(calendar, date)) return 'out_of_season';
  return null;
}

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "April 1" for '04-01'. */
export const monthDayLabel = (monthDay: string) =>
  `${MONTH_NAMES[Number(monthDay.slice(0, 2)) - 1]} ${Number(monthDay.slice(3))}`;

/** "Open April 1 – October 31", or null for a place open all year. */
export function seasonLabel(calendar: Pick<PlaceCalendar, 'seasonFrom' | 'seasonTo'>): string | null {
  if (!calendar.seasonFrom || !calendar.seasonTo) return null;
  return `Open ${monthDayLabel(calendar.seasonFrom)} – ${monthDayLabel(calendar.seasonTo)}`;
}

/** What a shopper or member is told of a week the place takes no pickups ("Lexington Farmers Market is closed on Saturday, December 26"). */
export function closureText(placeName: string, closure: PlaceClosure, date: string): string {
  const day = formatDateOnly(date, { weekday: 'long', month: 'long', day: 'numeric' });
  return closure === 'closed' ? `${placeName} is closed on ${day}` : `${placeName} is out of its season on ${day}`;
}
