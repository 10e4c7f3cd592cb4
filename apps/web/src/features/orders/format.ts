import { ORDER_LIMITS, WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { formatUsd, formatZonedDay, formatZonedMoment, formatZonedTime } from '@/lib/format';

/** Windows are in the platform's time zone (decision 172); pickup answers say which, orders use the same. */
let platformTimeZone = 'America/New_York';
export function rememberTimeZone(timeZone: string | undefined): void {
  if (timeZone) platformTimeZone = timeZone;
}

/**
 * "Sat, Jun 8 · 9:00 AM – 12:00 PM". Built without Intl for US zones (lib/format.ts): the first
 * Intl formatter of a page costs tens of milliseconds on a phone (docs/decisions/190).
 */
export function formatWindow(startsAt: string, endsAt: string): string {
  return `${formatZonedDay(startsAt, platformTimeZone)} · ${formatZonedTime(startsAt, platformTimeZone)} – ${formatZonedTime(endsAt, platformTimeZone)}`;
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

export const formatMoment = (iso: string) => formatZonedMoment(iso, platformTimeZone);

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
