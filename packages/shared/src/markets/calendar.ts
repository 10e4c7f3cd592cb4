import { WEEKDAY_NAMES } from '../constants/orders';
import { addDaysToDate, weekdayOf } from '../format/date-only';

/**
 * A market's calendar (issue 48, decision 581): its market days are each date in
 * [seasonStart, seasonEnd] whose weekday is one of its `marketDays`, minus its `closedDates`.
 * Dates are 'YYYY-MM-DD' calendar days in the market's own zone; "today" is the caller's
 * (the server: ctx.clock's now in `markets.time_zone`). The one rule the booth, the vendors'
 * reports, the books and the public pages read.
 */
export type MarketDayRule = { weekday: number; opens: string; closes: string };
export type MarketCalendar = {
  seasonStart: string;
  seasonEnd: string;
  marketDays: readonly MarketDayRule[];
  closedDates: readonly string[];
};

/** Whether the market opens on `date`. */
export function isMarketDay(market: MarketCalendar, date: string): boolean {
  if (date < market.seasonStart || date > market.seasonEnd) return false;
  if (market.closedDates.includes(date)) return false;
  const weekday = weekdayOf(date);
  return market.marketDays.some((d) => d.weekday === weekday);
}

/** The market days from `from` to `to` (both included), in order. */
export function marketDates(market: MarketCalendar, from: string, to: string): string[] {
  const start = from > market.seasonStart ? from : market.seasonStart;
  const end = to < market.seasonEnd ? to : market.seasonEnd;
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDaysToDate(date, 1)) {
    if (isMarketDay(market, date)) dates.push(date);
  }
  return dates;
}

/** The next `n` market days on or after `today` (fewer when the season ends first). */
export function nextMarketDates(market: MarketCalendar, today: string, n: number): string[] {
  const dates: string[] = [];
  const start = today > market.seasonStart ? today : market.seasonStart;
  for (let date = start; date <= market.seasonEnd && dates.length < n; date = addDaysToDate(date, 1)) {
    if (isMarketDay(market, date)) dates.push(date);
  }
  return dates;
}

/** "7 AM" for '07:00', "12:30 PM" for '12:30'. */
export function clockText(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const hour = `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
  return `${hour} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Saturdays 7 AM–12 PM" for each market day, Sunday first. */
export function marketDaysText(rules: readonly MarketDayRule[]): string[] {
  return [...rules]
    .sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens))
    .map((d) => `${WEEKDAY_NAMES[d.weekday]}s ${clockText(d.opens)}–${clockText(d.closes)}`);
}
