/**
 * The calendar module: every piece of date-only arithmetic lives here (docs/CONVENTIONS.md "A time
 * rule"). Date-only values ('2027-07-01': a season's start, a certificate's expiry) are calendar
 * days, not instants. `new Date('2027-07-01')` is midnight UTC, which is still June 30 in Kentucky,
 * so they must never pass through a Date in local time. These helpers work on the calendar parts
 * alone; instants in a place's zone are the server's `lib/time.ts`.
 */
export const DAY_MS = 86_400_000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export type CalendarDay = { year: number; month: number; day: number };

/** The calendar day a 'YYYY-MM-DD' text names, or null when it is not a real day ('2027-02-30'). */
export function parseDateOnly(text: string): CalendarDay | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const isReal = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return isReal ? { year, month, day } : null;
}

export function isDateOnly(value: unknown): value is string {
  return typeof value === 'string' && parseDateOnly(value) !== null;
}

/** 'Jul 1, 2027' for '2027-07-01' in every time zone. */
export function formatDateOnly(
  text: string,
  options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' },
): string {
  const parts = parseDateOnly(text);
  if (!parts) return '';
  // Noon UTC formatted in UTC: the same calendar day whatever the viewer's zone.
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, 12)).toLocaleDateString('en-US', {
    ...options,
    timeZone: 'UTC',
  });
}

/** Today's calendar day where the viewer is (or in `timeZone`), as 'YYYY-MM-DD'. */
export function todayDateOnly(now: Date = new Date(), timeZone?: string): string {
  // en-CA formats as YYYY-MM-DD.
  return now.toLocaleDateString('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
}

/** Whole calendar days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetweenDates(from: string, to: string): number {
  const a = parseDateOnly(from);
  const b = parseDateOnly(to);
  if (!a || !b) return Number.NaN;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** 'YYYY-MM-DD' moved by whole calendar days ('2030-06-07' + 1 → '2030-06-08'); no time zone involved. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The weekday of a 'YYYY-MM-DD' date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The Monday of a date's week (weeks run Monday to Sunday, as ISO weeks and PostgreSQL's date_trunc). */
export const weekStart = (date: string): string => addDaysToDate(date, -((weekdayOf(date) + 6) % 7));

/** The first day of a date's month. */
export const monthStart = (date: string): string => `${date.slice(0, 8)}01`;

/** The calendar day (UTC) of an instant, as PostgreSQL's `date` type prints it. */
export const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

/** An instant moved by whole 24-hour days. */
export const plusDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);
