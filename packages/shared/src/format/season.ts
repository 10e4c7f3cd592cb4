import { formatDateOnly } from './date-only';

/** A product's season: local calendar days ('YYYY-MM-DD'), both ends included, either end open. */
export type Season = { seasonal_start: string | null; seasonal_end: string | null };

/**
 * Where a pickup day (the window's local date in the place's zone) falls against a season: the one
 * rule the server's refusal, the product page and the checkout share. The dates are compared as
 * calendar days ('YYYY-MM-DD' sorts by date), never through a Date.
 */
export function seasonPosition(date: string, season: Season): 'before' | 'in' | 'after' {
  if (season.seasonal_start && date < season.seasonal_start) return 'before';
  if (season.seasonal_end && date > season.seasonal_end) return 'after';
  return 'in';
}

export const isInSeason = (date: string, season: Season) => seasonPosition(date, season) === 'in';

/**
 * "June 1" for a season day, with the year when it is not the year of `near` ('YYYY-MM-DD', e.g.
 * the first pickup day on offer): "June 1, 2031".
 */
export function seasonDay(date: string, near: string): string {
  const sameYear = date.slice(0, 4) === near.slice(0, 4);
  return formatDateOnly(date, sameYear ? { month: 'long', day: 'numeric' } : { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * Why none of the pickup days on offer (`dates`, local, sorted) can take this product, for a shopper
 * ("In season from June 1 — reserve then"), or null when one of them can.
 */
export function outOfSeasonNotice(season: Season, dates: string[]): string | null {
  if (dates.length === 0 || dates.some((d) => isInSeason(d, season))) return null;
  const first = dates[0];
  const { seasonal_start: start, seasonal_end: end } = season;
  if (start && start > dates[dates.length - 1]) return `In season from ${seasonDay(start, first)} — reserve then`;
  if (end && end < first) return `Season ended ${seasonDay(end, first)}`;
  // A season that falls between two pickup days: none of the days on offer is inside it.
  const range = [start && `from ${seasonDay(start, first)}`, end && `until ${seasonDay(end, first)}`].filter(Boolean).join(' ');
  return `In season ${range}; no pickup time falls inside it`;
}
