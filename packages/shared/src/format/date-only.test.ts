import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetweenDates, formatDateOnly, isDateOnly, parseDateOnly, todayDateOnly } from './date-only';
import { daysUntil, formatDate } from './time';

/**
 * A date-only value shows as the same day everywhere: 2027-07-01 … 2027-09-30 once showed as
 * 'Jun 30 … Sep 29' in Kentucky. The zone is
 * set here so the test fails on a UTC-midnight parse whatever zone the machine runs in.
 */
/** The shared package has no Node types; the tests still run in Node, where TZ can change at run time. */
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

describe('date-only values in a zone west of UTC', () => {
  const original = env.TZ;
  beforeAll(() => {
    env.TZ = 'America/New_York';
  });
  afterAll(() => {
    env.TZ = original;
  });

  it('runs in Kentucky time (guard for the test itself)', () => {
    expect(new Date('2027-07-01').getDate()).toBe(30);
  });

  it('formats the calendar day named, never the day before', () => {
    expect(formatDate('2027-07-01')).toBe('Jul 1, 2027');
    expect(formatDate('2027-09-30')).toBe('Sep 30, 2027');
    expect(formatDate('2027-01-01')).toBe('Jan 1, 2027');
    expect(formatDateOnly('2027-12-31', { month: 'long', day: 'numeric' })).toBe('December 31');
  });

  it('still formats instants in local time', () => {
    // 02:00 UTC on Jul 2 is still Jul 1 in New York.
    expect(formatDate('2027-07-02T02:00:00.000Z')).toBe('Jul 1, 2027');
  });

  it('counts calendar days to a date-only value from the local today', () => {
    // 22:00 local on Jun 29 is already Jun 30 in UTC; the expiry is still two days away locally.
    const lateEvening = new Date('2027-06-30T02:00:00.000Z');
    expect(todayDateOnly(lateEvening)).toBe('2027-06-29');
    expect(daysUntil('2027-07-01', lateEvening)).toBe(2);
    expect(daysUntil('2027-06-01', lateEvening)).toBe(0);
  });
});

describe('parseDateOnly', () => {
  it('accepts real calendar days only', () => {
    expect(parseDateOnly('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const text of ['2027-02-29', '2027-02-30', '2027-13-01', '2027-00-10', '2027-7-1', '2027-07-01T00:00:00Z', '']) {
      expect(parseDateOnly(text)).toBeNull();
    }
    expect(isDateOnly('2027-07-01')).toBe(true);
    expect(isDateOnly(new Date())).toBe(false);
  });

  it('counts days across month and daylight-saving changes', () => {
    expect(daysBetweenDates('2027-03-13', '2027-03-15')).toBe(2);
    expect(daysBetweenDates('2027-07-01', '2027-09-30')).toBe(91);
    expect(daysBetweenDates('2027-07-02', '2027-07-01')).toBe(-1);
  });
});
