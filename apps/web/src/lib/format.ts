import { parseDateOnly } from '@farmstand/shared';
import { toCents } from '@farmstand/shared/format/money';

/**
 * Prices, dates and pickup times for the public pages, written without `Intl`.
 *
 * The first use of `Intl` in a page (a NumberFormat, a toLocaleDateString) loads the browser's
 * ICU data: 65-120 ms on this machine, four times that on Lighthouse's simulated phone, all of
 * it in the task that renders the page (docs/decisions/190). The shapes the storefront shows are
 * few and fixed (US dollars, "Jul 1, 2027", "Sat, Jun 8 · 9:00 AM"), so they are built here by
 * hand and checked against `Intl` in format.test.ts. Anything outside them (an unknown time zone,
 * a date before 2007's US daylight-saving rules) falls back to `Intl`.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Dollars and prices are the shared formatters (decision 530): "$1,234.50", and a price with its
 * unit written one way everywhere ("$4.25/lb", "from $8.49/lb"). Both are built without Intl.
 */
export { formatPrice, formatUsd } from '@farmstand/shared/format/money';

/** Integer cents from what a person typed in dollars ("12.5", "$12.50", "1,200"); '' is 0; null when it is no amount. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (plain === '') return 0;
  const match = /^(\d*)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match || (match[1] === '' && match[2] === undefined)) return null;
  return toCents(plain);
}

/** "1,234,567" for a whole number, as `toLocaleString('en-US')` writes it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return (n < 0 ? '-' : '') + groupThousands(Math.abs(n));
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "Jul 1, 2027" (the shared formatDate, without Intl): a date-only value ('2027-07-01') keeps its
 * calendar day in every time zone; an instant is shown in the viewer's zone.
 */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  if (typeof iso === 'string') {
    const parts = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? parseDateOnly(iso) : null;
    if (parts) return `${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year}`;
  }
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** A moment's wall-clock parts in a time zone. */
type WallClock = { year: number; month: number; day: number; weekday: number; hour: number; minute: number };

/**
 * US zones by their standard offset (hours) and whether they keep daylight-saving time. Since 2007
 * US daylight-saving time runs from the second Sunday of March, 2:00 standard time, to the first
 * Sunday of November, 2:00 daylight time.
 */
const US_ZONES: Record<string, { offset: number; dst: boolean }> = {
  'America/New_York': { offset: -5, dst: true },
  'America/Detroit': { offset: -5, dst: true },
  'America/Kentucky/Louisville': { offset: -5, dst: true },
  'America/Louisville': { offset: -5, dst: true },
  'America/Kentucky/Monticello': { offset: -5, dst: true },
  'America/Indiana/Indianapolis': { offset: -5, dst: true },
  'America/Indianapolis': { offset: -5, dst: true },
  'US/Eastern': { offset: -5, dst: true },
  'America/Chicago': { offset: -6, dst: true },
  'US/Central': { offset: -6, dst: true },
  'America/Denver': { offset: -7, dst: true },
  'US/Mountain': { offset: -7, dst: true },
  'America/Phoenix': { offset: -7, dst: false },
  'America/Los_Angeles': { offset: -8, dst: true },
  'US/Pacific': { offset: -8, dst: true },
  'America/Anchorage': { offset: -9, dst: true },
  'Pacific/Honolulu': { offset: -10, dst: false },
  UTC: { offset: 0, dst: false },
  'Etc/UTC': { offset: 0, dst: false },
};

const HOUR_MS = 3_600_000;

/** The UTC instant of `nth` Sunday (1-based) of a month at `hourUtc`. */
function nthSundayUtc(year: number, month: number, nth: number, hourUtc: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
  return Date.UTC(year, month, day) + hourUtc * HOUR_MS;
}

/** The wall clock of `time` in `timeZone`, or null when this file does not know the zone's rules for that year. */
function wallClock(time: number, timeZone: string): WallClock | null {
  const zone = US_ZONES[timeZone];
  if (!zone || Number.isNaN(time)) return null;
  const year = new Date(time).getUTCFullYear();
  if (zone.dst && (year < 2008 || year > 2099)) return null;
  let offset = zone.offset;
  if (zone.dst) {
    // 2:00 standard time is (2 - offset) UTC; the end is 2:00 daylight time, (1 - offset) UTC.
    const start = nthSundayUtc(year, 2, 2, 2 - zone.offset);
    const end = nthSundayUtc(year, 10, 1, 1 - zone.offset);
    if (time >= start && time < end) offset += 1;
  }
  const local = new Date(time + offset * HOUR_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/**
 * Whether the viewer's own clock reads differently from `timeZone` at that moment (a Central-time
 * market seen from an Eastern phone): then a time shown should name its zone. No Intl needed.
 */
export function clockDiffersFromViewer(iso: string, timeZone: string): boolean {
  const time = new Date(iso).getTime();
  const wall = wallClock(time, timeZone);
  if (!wall) return true;
  const zoneOffset = Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute) - Math.floor(time / 60_000) * 60_000;
  return zoneOffset !== -new Date(time).getTimezoneOffset() * 60_000;
}

const clockTime = (w: WallClock) => `${w.hour % 12 || 12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'AM' : 'PM'}`;

const intlCache = new Map<string, Intl.DateTimeFormat>();
function intl(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = intlCache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    intlCache.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

const DAY_SHAPE = { weekday: 'short', month: 'short', day: 'numeric' } as const;
const TIME_SHAPE = { hour: 'numeric', minute: '2-digit' } as const;

/** "Sat, Jun 8" in `timeZone`. */
export function formatZonedDay(iso: string, timeZone: string): string {
  const w = wallClock(Date.parse(iso), timeZone);
  return w ? `${WEEKDAYS[w.weekday]}, ${MONTHS[w.month]} ${w.day}` : intl(iso, timeZone, DAY_SHAPE);
}

/** "9:00 AM" in `timeZone`. */
export function formatZonedTime(iso: string, timeZone: string): string {
  const w = wallClock(Date.parse(iso), timeZone);
  return w ? clockTime(w) : intl(iso, timeZone, TIME_SHAPE);
}

/** "Sat, Jun 8, 9:00 AM" in `timeZone`. */
export function formatZonedMoment(iso: string, timeZone: string): string {
  const w = wallClock(Date.parse(iso), timeZone);
  return w
    ? `${WEEKDAYS[w.weekday]}, ${MONTHS[w.month]} ${w.day}, ${clockTime(w)}`
    : intl(iso, timeZone, { ...DAY_SHAPE, ...TIME_SHAPE });
}

const DATE_SHAPE = { month: 'short', day: 'numeric', year: 'numeric' } as const;

/**
 * "Jul 1, 2027" in `timeZone`; a date-only value ('2027-07-01') keeps its calendar day, as
 * formatDate does.
 */
export function formatZonedDate(iso: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDate(iso);
  const w = wallClock(Date.parse(iso), timeZone);
  return w ? `${MONTHS[w.month]} ${w.day}, ${w.year}` : intl(iso, timeZone, DATE_SHAPE);
}

/** "Jul 1, 2027, 9:00 AM" in `timeZone`. */
export function formatZonedDateTime(iso: string, timeZone: string): string {
  const w = wallClock(Date.parse(iso), timeZone);
  return w ? `${MONTHS[w.month]} ${w.day}, ${w.year}, ${clockTime(w)}` : intl(iso, timeZone, { ...DATE_SHAPE, ...TIME_SHAPE });
}
