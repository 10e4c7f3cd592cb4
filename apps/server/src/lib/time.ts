import type { AppContext } from './context';

/**
 * Instants in a time zone, in one place (docs/CONVENTIONS.md "A time rule"): the local calendar
 * parts and date of an instant, the instant of a local wall-clock time, today in the farms' zone and
 * a formatter per zone. Date-only arithmetic is the shared calendar module
 * (`@farmstand/shared/format/date-only`); every "now" comes from `ctx.clock`.
 */

/**
 * An en-US date/time formatter per time zone and style, made once and kept: building an Intl
 * formatter costs far more than using one, and order mails, messages and pickup windows format
 * dates on every request.
 */
export function zonedFormatter(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = byZone.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      byZone.set(timeZone, format);
    }
    return format;
  };
}

/** Local calendar parts of an instant in a time zone (a place's, or the platform's from the admin settings). */
const formatter = zonedFormatter({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The zone's local calendar parts, read from Intl (slow: a formatToParts call). */
function intlParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/**
 * Time zones change their offset only on a quarter hour, so the offset is read from Intl once per
 * zone and quarter hour and kept (bounded): placing an order converts a dozen instants, and Intl's
 * formatToParts was the server's largest cost of it.
 */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();
function offsetMs(instant: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = intlParts(instant, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant.getTime() - instant.getMilliseconds());
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const local = new Date(instant.getTime() + offsetMs(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant a local wall-clock time happens in the zone on a 'YYYY-MM-DD' date (daylight saving handled by re-checking the offset). */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let utc = guess - offsetMs(new Date(guess), timeZone);
  const second = offsetMs(new Date(utc), timeZone);
  if (guess - second !== utc) utc = guess - second;
  return new Date(utc);
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Today in the farms' local day (the platform's zone, general.timezone), under ctx.clock so the jobs and the screens read the same day. */
export async function farmToday(ctx: AppContext, now: Date = ctx.clock.now()): Promise<string> {
  return localDate(now, (await ctx.settings.get('general')).timezone);
}
