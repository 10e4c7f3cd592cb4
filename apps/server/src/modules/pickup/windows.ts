import { addDaysToDate, weekdayOf } from '@farmstand/shared/format/date-only';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import { localDate, zonedTime } from '../../lib/time';

export type Occurrence = { startsAt: Date; endsAt: Date; date: string };

/**
 * The dated windows of a weekly schedule from today (local) for `days` days, in time order,
 * leaving out those that already started.
 */
export function occurrences(schedule: readonly ScheduleSlot[], from: Date, days: number, timeZone: string): Occurrence[] {
  const today = localDate(from, timeZone);
  const result: Occurrence[] = [];
  for (let offset = 0; offset <= days; offset++) {
    const date = addDaysToDate(today, offset);
    const weekday = weekdayOf(date);
    for (const slot of schedule) {
      if (slot.weekday !== weekday) continue;
      const startsAt = zonedTime(date, slot.start, timeZone);
      if (startsAt.getTime() <= from.getTime()) continue;
      result.push({ startsAt, endsAt: zonedTime(date, slot.end, timeZone), date });
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
  const weekday = weekdayOf(date);
  for (const slot of schedule) {
    if (slot.weekday !== weekday || zonedTime(date, slot.start, timeZone).getTime() !== startsAt.getTime()) continue;
    return { startsAt, endsAt: zonedTime(date, slot.end, timeZone), date };
  }
  return undefined;
}
