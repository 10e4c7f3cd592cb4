import { addDaysToDate, isoDate, monthStart, plusDays, weekStart } from './format/date-only';
import type { AnalyticsRange } from './schemas/admin';

export type Point = { period: string; value: number };
export type Bucket = 'day' | 'week' | 'month';

/** The server's bucket per period (analytics.service RANGE_BUCKET): days, ISO weeks, months, in UTC. */
export const RANGE_BUCKET: Record<AnalyticsRange, Bucket> = { '7d': 'day', '30d': 'day', '90d': 'week', '1y': 'month' };
const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** The start of the bucket a day falls in, as PostgreSQL's date_trunc does in UTC. */
const bucketStart = (date: string, bucket: Bucket) =>
  bucket === 'week' ? weekStart(date) : bucket === 'month' ? monthStart(date) : date;

/** The next bucket's start (a month start + 31 days is always in the next month). */
const nextBucket = (date: string, bucket: Bucket) =>
  bucket === 'month' ? monthStart(addDaysToDate(date, 31)) : addDaysToDate(date, bucket === 'week' ? 7 : 1);

/**
 * Every bucket of the period, oldest first, with the server's value or 0: a period without sign-ups
 * is a zero on the chart, not a missing bar.
 */
export function fillBuckets(points: Point[], range: AnalyticsRange, now = new Date()): Point[] {
  const bucket = RANGE_BUCKET[range];
  const values = new Map(points.map((p) => [p.period, p.value]));
  const last = bucketStart(isoDate(now), bucket);
  const filled: Point[] = [];
  for (
    let period = bucketStart(isoDate(plusDays(now, -RANGE_DAYS[range])), bucket);
    period <= last;
    period = nextBucket(period, bucket)
  ) {
    filled.push({ period, value: values.get(period) ?? 0 });
  }
  return filled;
}
