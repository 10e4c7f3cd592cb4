import { type Bucket, fillBuckets, type Point, RANGE_BUCKET } from '@farmstand/shared/analytics-buckets';
import { roundHundredths } from '@farmstand/shared/format/money';

// The buckets themselves are shared with the server, which answers every bucket (zeros included).
export { type Bucket, fillBuckets, type Point, RANGE_BUCKET };

/** 'Nov 3' for days and weeks, 'Nov 2026' for months. */
export function bucketLabel(period: string, bucket: Bucket): string {
  const date = new Date(`${period}T00:00:00Z`);
  return bucket === 'month'
    ? date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 0 … a round top (1, 2, 5 × 10ⁿ) with four steps, so the axis reads cleanly. */
export function axisTicks(max: number, steps = 4, integer = false): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const step = integer ? Math.max(1, Math.ceil(nice)) : nice;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 0.001 || ticks.length < 2; v += step) ticks.push(roundHundredths(v));
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}
