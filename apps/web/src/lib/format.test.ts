import { formatDate as sharedFormatDate, formatPrice as sharedFormatPrice } from '@farmstand/shared';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatPrice,
  formatUsd,
  formatZonedDate,
  formatZonedDateTime,
  formatZonedDay,
  formatZonedMoment,
  formatZonedTime,
} from './format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const intl = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone, ...options });

describe('Intl-free formats match Intl (docs/decisions/190)', () => {
  it('writes US dollars as Intl does', () => {
    const amounts = [
      0, 0.004, 0.005, 0.5, 1, 4.5, 9.99, 12.345, 999.995, 1000, 1234.5, 99999.99, 1234567.891, -0, -0.001, -4.5, -1234.56,
    ];
    for (let i = 0; i < 2000; i++) amounts.push(Math.round(Math.random() * 10 ** (1 + (i % 8))) / 100);
    const wrong = amounts.filter((amount) => formatUsd(amount) !== usd.format(amount));
    expect(wrong.map((amount) => `${amount}: ${formatUsd(amount)} ≠ ${usd.format(amount)}`)).toEqual([]);
  });

  it('writes prices as the shared formatPrice', () => {
    for (const [price, unit] of [
      [5, 'dozen'],
      ['12.5', null],
      [null, null],
      ['', 'lb'],
      [undefined, 'lb'],
      [1234.5, 'each'],
    ] as const) {
      expect(formatPrice(price, unit)).toBe(sharedFormatPrice(price, unit));
    }
  });

  it('writes counts as toLocaleString', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4321]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes dates as the shared formatDate', () => {
    const values = ['2027-07-01', '2027-02-30', '2024-02-29', '2026-11-21T09:05:00Z', '2026-01-01T00:30:00-05:00', '', 'soon'];
    for (let i = 0; i < 200; i++) values.push(new Date(Date.UTC(2020, 0, 1) + i * 37 * 3_600_000 * 11).toISOString());
    for (const value of values) expect(formatDate(value), value).toBe(sharedFormatDate(value));
    expect(formatDate(null)).toBe('');
  });

  it('writes pickup times and dates in US zones as Intl does, across daylight-saving changes', () => {
    const zones = [
      'America/New_York',
      'America/Kentucky/Louisville',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'Pacific/Honolulu',
      'UTC',
    ];
    for (const zone of zones) {
      const dayShape = intl(zone, { weekday: 'short', month: 'short', day: 'numeric' });
      const timeShape = intl(zone, { hour: 'numeric', minute: '2-digit' });
      const momentShape = intl(zone, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
      const dateShape = intl(zone, { month: 'short', day: 'numeric', year: 'numeric' });
      const dateTimeShape = intl(zone, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
      // Every 15 minutes around the switches of 2026-2031, and every 7 h 5 min across those years.
      const instants: number[] = [];
      for (let year = 2026; year <= 2031; year++) {
        for (const month of [2, 10]) {
          const base = Date.UTC(year, month, 1);
          for (let t = base; t < base + 15 * 86_400_000; t += 15 * 60_000) instants.push(t);
        }
      }
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2032, 0, 1); t += 7 * 3_600_000 + 5 * 60_000) instants.push(t);
      const wrong: string[] = [];
      for (const t of instants) {
        const iso = new Date(t).toISOString();
        const mine = [
          formatZonedDay(iso, zone),
          formatZonedTime(iso, zone),
          formatZonedMoment(iso, zone),
          formatZonedDate(iso, zone),
          formatZonedDateTime(iso, zone),
        ];
        const theirs = [dayShape, timeShape, momentShape, dateShape, dateTimeShape].map((shape) => shape.format(t));
        if (mine.join('|') !== theirs.join('|')) wrong.push(`${zone} ${iso}: ${mine.join('|')} ≠ ${theirs.join('|')}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    }
  }, 60_000);

  it('falls back to Intl for zones it does not know', () => {
    const iso = '2026-06-08T13:00:00Z';
    expect(formatZonedTime(iso, 'Europe/Paris')).toBe(
      intl('Europe/Paris', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
    );
  });
});
