import { addDaysToDate, formatDateOnly, weekdayOf } from '../format/date-only';
import { isMarketDay, type MarketCalendar } from './calendar';

/**
 * The market basket's ordering window (issue 49, decision 584), the one rule the server places by
 * and the shopper's page shows: ordering for a market day opens `basketOpensDays` days before the
 * day's opening (the same wall-clock time) and closes `basketClosesHours` hours before it; a farm's
 * own cut-off at its market place (`cutoffHours` before the opening) closes its products earlier,
 * never later. Times are instants; wall-clock times in the market's zone are turned into instants by
 * the caller's `ZonedTime` (the server's `lib/time#zonedTime`), so this file stays pure.
 */
export type BasketSettings = MarketCalendar & { basketOpensDays: number; basketClosesHours: number };

/** The instant of a wall-clock time ('HH:MM') on a local date in the market's zone. */
export type ZonedTime = (date: string, hhmm: string) => Date;

/** A market day's pickup hours and its ordering window (instants). */
export type BasketDay = { date: string; pickupStart: Date; pickupEnd: Date; opensAt: Date; closesAt: Date };

const HOUR_MS = 3_600_000;

/** The market day's hours and ordering window, or null when `date` is not a market day (off season, closed, another weekday). */
export function basketDay(market: BasketSettings, date: string, zoned: ZonedTime): BasketDay | null {
  if (!isMarketDay(market, date)) return null;
  const weekday = weekdayOf(date);
  // A market open twice on one weekday takes its baskets for the first opening of the day.
  const rule = market.marketDays.filter((d) => d.weekday === weekday).sort((a, b) => a.opens.localeCompare(b.opens))[0];
  const pickupStart = zoned(date, rule.opens);
  return {
    date,
    pickupStart,
    pickupEnd: zoned(date, rule.closes),
    opensAt: zoned(addDaysToDate(date, -market.basketOpensDays), rule.opens),
    closesAt: new Date(pickupStart.getTime() - market.basketClosesHours * HOUR_MS),
  };
}

/** When ordering from one farm closes: the market's close, or the farm's own cut-off at its market place when earlier. */
export function farmClosesAt(day: BasketDay, farmCutoffHours: number): Date {
  const farm = day.pickupStart.getTime() - farmCutoffHours * HOUR_MS;
  return new Date(Math.min(day.closesAt.getTime(), farm));
}

/** Whether a basket (or one farm's part, with its `closesAt`) may be placed at `at`: from the opening, until the close (exclusive). */
export const isBasketOpen = (day: Pick<BasketDay, 'opensAt' | 'closesAt'>, at: Date, closesAt: Date = day.closesAt) =>
  day.opensAt.getTime() <= at.getTime() && at.getTime() < closesAt.getTime();

const instantText = (at: Date, timeZone: string) =>
  at
    .toLocaleString('en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
    .replace(/, (\d{1,2}:\d{2})/, ' at $1');

/** "Saturday, June 14": the market day as a person reads it (a local date, the same in every zone). */
export const marketDayText = (date: string) => formatDateOnly(date, { weekday: 'long', month: 'long', day: 'numeric' });

/**
 * Why a basket (or a farm's part) cannot be placed at `at`, in the market's zone ("Ordering for
 * Saturday, June 14 opens Sunday, June 8 at 7:00 AM"), or null while ordering is open.
 */
export function basketNotice(
  day: Pick<BasketDay, 'date' | 'opensAt' | 'closesAt'>,
  at: Date,
  timeZone: string,
  closesAt: Date = day.closesAt,
): string | null {
  const what = `Ordering for ${marketDayText(day.date)}`;
  if (at.getTime() < day.opensAt.getTime()) return `${what} opens ${instantText(day.opensAt, timeZone)}`;
  if (at.getTime() >= closesAt.getTime()) return `${what} closed ${instantText(closesAt, timeZone)}`;
  return null;
}
