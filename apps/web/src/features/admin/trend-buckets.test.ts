import { describe, expect, it } from 'vitest';
import { axisTicks, bucketLabel, fillBuckets } from './trend-buckets';

// Issue 10 item 13: empty buckets were dropped and a single point filled the card.
describe('fillBuckets', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('gives every day of a 7-day period, zero where nothing happened', () => {
    const filled = fillBuckets([{ period: '2026-11-20', value: 3 }], '7d', now);
    expect(filled[0].period).toBe('2026-11-16');
    expect(filled.at(-1)?.period).toBe('2026-11-23');
    expect(filled).toHaveLength(8);
    expect(filled.find((p) => p.period === '2026-11-20')?.value).toBe(3);
    expect(filled.filter((p) => p.value === 0)).toHaveLength(7);
  });

  it('uses Monday weeks for 90 days and months for a year', () => {
    const weeks = fillBuckets([], '90d', now);
    expect(weeks.every((p) => new Date(`${p.period}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.at(-1)?.period).toBe('2026-11-23');
    const months = fillBuckets([{ period: '2026-03-01', value: 2 }], '1y', now);
    expect(months).toHaveLength(13);
    expect(months[0].period).toBe('2025-11-01');
    expect(months.find((p) => p.period === '2026-03-01')?.value).toBe(2);
  });
});

describe('axis', () => {
  it('rounds the top to a readable step', () => {
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(1, 4, true)).toEqual([0, 1]);
    expect(axisTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
  });

  it('labels days and months', () => {
    expect(bucketLabel('2026-11-03', 'day')).toBe('Nov 3');
    expect(bucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
  });
});
