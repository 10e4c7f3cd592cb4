import { ORDER_LIMITS, WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { clockDiffersFromViewer, formatUsd, formatZonedDay, formatZonedMoment, formatZonedTime } from '@/lib/format';

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
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** An event's moment ("May 30, 4:05 PM") in the order's place's zone. */
export const formatMoment = (iso: string, timeZone: string) => formatZonedMoment(iso, timeZone);

/** "4:00 PM" from a weekly schedule's "16:00": every time a shopper reads is on the same 12-hour clock. */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Wednesday 4:00 PM – 6:30 PM", a weekly pickup time. */
export const formatWeeklySlot = (slot: { weekday: number; start: string; end: string }) =>
  `${WEEKDAY_NAMES[slot.weekday]} ${formatClock(slot.start)} – ${formatClock(slot.end)}`;

export const money = formatUsd;

/** What can go in a basket, as the server rules it (decision 171); null = can be reserved. */
export function reserveBlocker(product: {
  category: string;
  price: number | string | null;
  availability: string;
  stock_quantity: number | null;
  seasonal_start: string | null;
  seasonal_end: string | null;
}): string | null {
  if (product.category === 'herdshare') return 'Herdshares are arranged with the producer: send an inquiry.';
  if (product.price === null) return 'No price yet: send the producer an inquiry.';
  if (product.availability === 'sold_out' || product.stock_quantity === 0) return 'Sold out for now.';
  if (product.availability === 'seasonal' && !product.seasonal_start && !product.seasonal_end) {
    return 'Seasonal: ask the producer when it is ready.';
  }
  return null;
}

export const maxReservable = (stock: number | null) =>
  stock === null ? ORDER_LIMITS.maxUntrackedQuantity : Math.min(stock, ORDER_LIMITS.maxQuantityPerLine);
