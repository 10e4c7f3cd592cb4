import { DAY_MS, daysBetweenDates, formatDateOnly, isDateOnly, todayDateOnly } from './date-only';

const HOUR_MS = 60 * 60 * 1000;

/** Spec 01 §9: under 24 h the time, under 168 h weekday and time, otherwise month and day. */
export function formatMessageTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const ageHours = (now.getTime() - date.getTime()) / HOUR_MS;
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (ageHours < 24) return time;
  if (ageHours < 168) return `${date.toLocaleDateString('en-US', { weekday: 'short' })} ${time}`;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** 'Jul 1, 2027'. A date-only value keeps its calendar day in every time zone (date-only.ts). */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  if (isDateOnly(iso)) return formatDateOnly(iso);
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Whole days from now until `iso`, counting a started day as a day; for a date-only value, calendar
 * days from today. 0 when it is past, missing or not a date.
 */
export function daysUntil(iso: string | Date | null | undefined, now: Date = new Date()): number {
  if (!iso) return 0;
  if (isDateOnly(iso)) return Math.max(0, daysBetweenDates(todayDateOnly(now), iso));
  const left = Math.ceil((new Date(iso).getTime() - now.getTime()) / DAY_MS);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}
