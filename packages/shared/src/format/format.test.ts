import { describe, expect, it } from 'vitest';
import { formatDistance, haversineMiles } from './distance';
import { formatPrice, formatUsd } from './money';
import { daysUntil, formatMessageTime } from './time';

describe('formatDistance (spec 01 §9)', () => {
  it('shows feet under a mile, one decimal under ten, whole miles above', () => {
    expect(formatDistance(0.5)).toBe('2640 ft');
    expect(formatDistance(3.14)).toBe('3.1 mi');
    expect(formatDistance(9.96)).toBe('10.0 mi');
    expect(formatDistance(12.6)).toBe('13 mi');
    expect(formatDistance(null)).toBe('');
  });
});

describe('haversineMiles', () => {
  it('matches known great-circle distances', () => {
    // Louisville to Lexington, KY: about 70 miles as the crow flies.
    expect(haversineMiles(38.2527, -85.7585, 38.0406, -84.5037)).toBeCloseTo(69.7, 0);
    expect(haversineMiles(37, -84, 37, -84)).toBe(0);
  });
});

describe('formatPrice (decision 530)', () => {
  it('formats dollars with an optional unit', () => {
    expect(formatPrice(5, 'dozen')).toBe('$5.00/dozen');
    expect(formatPrice('12.5')).toBe('$12.50');
    expect(formatPrice(null)).toBe('Price on request');
  });
  it('writes every unit one way: after a slash, with no spaces around it', () => {
    expect(formatPrice(4.25, 'lb')).toBe('$4.25/lb');
    expect(formatPrice(8.49, 'lb', { from: true })).toBe('from $8.49/lb');
    expect(formatPrice(1234.5, ' jar ')).toBe('$1,234.50/jar');
  });
  it("keeps a unit's words on one line: 'lb hanging weight' never wraps inside", () => {
    expect(formatPrice(4.75, 'lb hanging weight')).toBe('$4.75/lb\u00a0hanging\u00a0weight');
    expect(formatPrice(4.75, 'lb hanging weight')).not.toMatch(/ /);
  });
  it('writes what Intl writes for US dollars, without loading Intl', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [0, 0.005, 4.255, 19.999, 1234567.891, -4]) expect(formatUsd(amount)).toBe(intl.format(amount));
  });
});

describe('formatMessageTime (spec 01 §9)', () => {
  const now = new Date('2026-11-21T15:00:00');
  it('shows the time under 24 hours', () => {
    expect(formatMessageTime(new Date('2026-11-21T09:05:00'), now)).toBe('9:05 AM');
  });
  it('shows weekday and time under 168 hours', () => {
    expect(formatMessageTime(new Date('2026-11-18T09:05:00'), now)).toBe('Wed 9:05 AM');
  });
  it('shows month and day after that', () => {
    expect(formatMessageTime(new Date('2026-11-01T09:05:00'), now)).toBe('Nov 1');
  });
  it('counts whole days until a date, never negative', () => {
    expect(daysUntil(new Date('2026-11-23T15:00:00'), now)).toBe(2);
    expect(daysUntil(new Date('2026-11-01T15:00:00'), now)).toBe(0);
  });
  it('counts a started day as a day left, and nothing for a missing or unreadable instant', () => {
    const noon = new Date('2025-06-01T12:00:00Z');
    expect(daysUntil('2025-07-01T12:00:00Z', noon)).toBe(30);
    expect(daysUntil('2025-06-01T13:00:00Z', noon)).toBe(1);
    expect(daysUntil('2025-05-31T12:00:00Z', noon)).toBe(0);
    expect(daysUntil(null, noon)).toBe(0);
    expect(daysUntil('not a date', noon)).toBe(0);
  });
});
