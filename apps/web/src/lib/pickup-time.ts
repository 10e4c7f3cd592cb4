import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { formatDateOnly, parseDateOnly, weekdayOf } from '@farmstand/shared/format/date-only';
import { clockDiffersFromViewer, formatZonedDay, formatZonedTime } from './format';

/** Short names of the region's zones, added to a time when the viewer's clock reads otherwise. */
const ZONE_NAMES: Record<string, string> = { 'America/New_York': 'Eastern', 'America/Chicago': 'Central' };

/** " (Central time)" when the viewer's clock differs from the place's at that moment, else "". */
export function zoneNote(iso: string, timeZone: string): string {
  return clockDiffersFromViewer(iso, timeZone) ? ` (${ZONE_NAMES[timeZone] ?? timeZone} time)` : '';
}

/**
 * "Sat, Jun 8 · 9:00 AM – 12:00 PM" in the pickup place's time zone (decision 500), with
 * " (Central time)" when the viewer's own clock reads otherwise. Built without Intl for US zones
 * (lib/format.ts): the first Intl formatter of a page costs tens of milliseconds on a phone.
 */
export function formatWindow(startsAt: string, endsAt: string, timeZone: string): string {
  return `${formatZonedDay(startsAt, timeZone)} · ${formatZonedTime(startsAt, timeZone)} – ${formatZonedTime(endsAt, timeZone)}${zoneNote(startsAt, timeZone)}`;
}

/** "Saturday, June 8, 2030" from a local YYYY-MM-DD. */
export function formatDay(date: string): string {
  return formatDateOnly(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

/** "4:00 PM" from a weekly schedule's "16:00": every time a shopper reads is on the same 12-hour clock. */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Wednesday 4:00 PM – 6:30 PM", a weekly pickup time. */
export const formatWeeklySlot = (slot: { weekday: number; start: string; end: string }) =>
  `${WEEKDAY_NAMES[slot.weekday]} ${formatClock(slot.start)} – ${formatClock(slot.end)}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Saturday, Dec 12" for a market day ('2026-12-12'). The date is already the market's own (the
 * server counts it in the market's zone): it is written as a calendar day, never through a Date in
 * the viewer's zone, so a shopper elsewhere reads the same day.
 */
export function marketDayText(date: string, withYear = false): string {
  const parts = parseDateOnly(date);
  if (!parts) return date;
  const day = `${WEEKDAY_NAMES[weekdayOf(date)]}, ${MONTHS[parts.month - 1]} ${parts.day}`;
  return withYear ? `${day}, ${parts.year}` : day;
}
