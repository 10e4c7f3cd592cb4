import type { AnalyticsRange } from './schemas/admin';

export type Point = { period: string; value: number };
export type Bucket = 'day' | 'week' | 'month';

/** The server's bucket per period (analytics.service RANGE_BUCKET): days, ISO weeks, months, in UTC. */
export const RANGE_BUCKET: Record<AnalyticsRange, Bucket> = { '7d': 'day', '30d': 'day', '90d': 'week', '1y': 'month' };
const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const DAY_MS = 86_400_000;

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The start of the bucket a moment falls in, as PostgreSQL's date_trunc does in UTC. */
function bucketStart(date: Date, bucket: Bucket): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (bucket === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (bucket === 'month') d.setUTCDate(1);
  return d;
}

function nextBucket(date: Date, bucket: Bucket): Date {
  const d = new Date(date);
  if (bucket === 'day') d.setUTCDate(d.getUTCDate() + 1);
  if (bucket === 'week') d.setUTCDate(d.getUTCDate() + 7);
  if (bucket === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/**
 * Every bucket of the period, oldest first, with the server's value or 0: a period without sign-ups
 * is a zero on the chart, not a missing bar.
 */
export function fillBuckets(points: Point[], range: AnalyticsRange, now = new Date()): Point[] {
  const bucket = RANGE_BUCKET[range];
  const values = new Map(points.map((p) => [p.period, p.value]));
  const last = bucketStart(now, bucket);
  const filled: Point[] = [];
  for (let d = bucketStart(new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS), bucket); d <= last; d = nextBucket(d, bucket)) {
    const period = iso(d);
    filled.push({ period, value: values.get(period) ?? 0 });
  }
  return filled;
}
