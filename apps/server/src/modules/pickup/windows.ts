import { addDaysToDate } from '@farmstand/shared/format/date-only';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import { zonedFormatter } from '../../lib/date-format';

/** Local calendar parts of an instant in a time zone (the platform's, from the admin settings). */
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

/** The instant a local wall-clock time happens in the zone (daylight saving handled by re-checking the offset). */
export function zonedTime(year: number, month: number, day: number, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let utc = guess - offsetMs(new Date(guess), timeZone);
  const second = offsetMs(new Date(utc), timeZone);
  if (guess - second !== utc) utc = guess - second;
  return new Date(utc);
}

/** YYYY-MM-DD of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export type Occurrence = { startsAt: Date; endsAt: Date; date: string };

/**
 * The dated windows of a weekly schedule from today (local) for `days` days, in time order,
 * leaving out those that already started.
 */
export function occurrences(schedule: readonly ScheduleSlot[], from: Date, days: number, timeZone: string): Occurrence[] {
  const today = localParts(from, timeZone);
  const result: Occurrence[] = [];
  for (let offset = 0; offset <= days; offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    for (const slot of schedule) {
      if (slot.weekday !== day.getUTCDay()) continue;
      const startsAt = zonedTime(y, m, d, slot.start, timeZone);
      if (startsAt.getTime() <= from.getTime()) continue;
      const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      result.push({ startsAt, endsAt: zonedTime(y, m, d, slot.end, timeZone), date });
    }
  }
  return result.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

export const cutoffOf = (startsAt: Date, cutoffHours: number) => new Date(startsAt.getTime() - cutoffHours * 3_600_000);

/**
 * The occurrence of the schedule that starts exactly at `startsAt`, if it is on the schedule and
 * within `days` days of `from` (the fast check when an order names its window: a few time-zone
 * conversions instead of listing every window).
 */
export function occurrenceAt(
  schedule: readonly ScheduleSlot[],
  startsAt: Date,
  from: Date,
  days: number,
  timeZone: string,
): Occurrence | undefined {
  if (startsAt.getTime() <= from.getTime()) return undefined;
  const date = localDate(startsAt, timeZone);
  if (date > addDaysToDate(localDate(from, timeZone), days)) return undefined;
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  for (const slot of schedule) {
    if (slot.weekday !== weekday || zonedTime(y, m, d, slot.start, timeZone).getTime() !== startsAt.getTime()) continue;
    return { startsAt, endsAt: zonedTime(y, m, d, slot.end, timeZone), date };
  }
  return undefined;
}
