import { percentOf } from '@farmstand/shared/format/money';
import type { AnalyticsRange, AnalyticsResponse } from '@farmstand/shared/schemas/admin';
import { useEffect, useId, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { SelectInput } from '@/components/ui/field';
import { axisTicks, bucketLabel, fillBuckets, RANGE_BUCKET } from '../trend-buckets';

type Trend = keyof AnalyticsResponse['charts'];
const TRENDS: Record<Trend, string> = {
  users: 'New users',
  revenue: 'Subscription revenue',
  products: 'New products',
  engagement: 'Engagement',
};
const BUCKET_WORD = { day: 'per day', week: 'per week', month: 'per month' } as const;

// One drawing unit is one CSS pixel: the width follows the card, so text stays 11 px on a phone
// and the chart does not grow taller than 240 px on a wide screen.
const DEFAULT_WIDTH = 640;
const HEIGHT = 240;
const PLOT = { left: 48, right: 12, top: 16, bottom: 36 };
/** A lone bar stays a bar, never a slab across the card. */
const MAX_BAR = 36;

/**
 * A bar chart drawn by hand in SVG (no chart library): y axis with round ticks, dates along the
 * bottom, every bucket of the period (zeros included), a tooltip on hover or keyboard focus, and
 * the figures in a table for screen readers. Colours follow the theme.
 */
export function TrendChart({ charts, range }: { charts: AnalyticsResponse['charts']; range: AnalyticsRange }) {
  const [trend, setTrend] = useState<Trend>('users');
  const [active, setActive] = useState<number | null>(null);
  const titleId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [WIDTH, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(280, Math.round(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const bucket = RANGE_BUCKET[range];
  const points = fillBuckets(charts[trend], range);
  const isMoney = trend === 'revenue';
  const format = (value: number) => (isMoney ? `$${value.toFixed(2)}` : value.toLocaleString('en-US'));
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.value)), 4, !isMoney);
  const top = ticks[ticks.length - 1];
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / points.length;
  const barWidth = Math.min(MAX_BAR, Math.max(2, slot * 0.7));
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  // About six date labels whatever the number of bars.
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(3, Math.floor(WIDTH / 110))));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const shown = active === null ? null : points[active];

  return (
    <Card className="p-4">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-semibold">
            {TRENDS[trend]} {BUCKET_WORD[bucket]}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-300">Total in this period: {format(total)}</p>
        </div>
        <div className="w-48">
          <SelectInput label="Show" value={trend} onChange={(event) => setTrend(event.target.value as Trend)}>
            {Object.entries(TRENDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectInput>
        </div>
      </div>
      <div ref={frame} className="relative">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width={WIDTH}
          height={HEIGHT}
          className="block max-w-full text-stone-600 dark:text-stone-300"
          role="img"
          aria-labelledby={titleId}
          onMouseLeave={() => setActive(null)}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PLOT.left}
                x2={WIDTH - PLOT.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-stone-200 dark:stroke-stone-700"
                strokeDasharray={tick === 0 ? undefined : '3 3'}
              />
              <text x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11" fill="currentColor">
                {isMoney ? `$${tick}` : tick}
              </text>
            </g>
          ))}
          {points.map((point, index) => {
            const x = PLOT.left + slot * index + (slot - barWidth) / 2;
            const height = Math.max(point.value > 0 ? 2 : 0, y(0) - y(point.value));
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only extra; every figure is also in the table below
              <g key={point.period} onMouseEnter={() => setActive(index)}>
                {/* The whole column takes the hover, so thin and zero bars still show their figure. */}
                <rect x={PLOT.left + slot * index} y={PLOT.top} width={slot} height={plotHeight} fill="transparent" />
                <rect
                  x={x}
                  y={y(0) - height}
                  width={barWidth}
                  height={height}
                  rx={Math.min(3, barWidth / 3)}
                  className={active === index ? 'fill-brand-800 dark:fill-green-300' : 'fill-brand-600 dark:fill-green-500'}
                >
                  <title>{`${bucketLabel(point.period, bucket)}: ${format(point.value)}`}</title>
                </rect>
                {(index % labelEvery === 0 || points.length === 1) && (
                  <text
                    x={PLOT.left + slot * index + slot / 2}
                    y={HEIGHT - 14}
                    textAnchor="middle"
                    fontSize="11"
                    fill="currentColor"
                  >
                    {bucketLabel(point.period, bucket)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        {shown && active !== null && (
          <div
            role="status"
            className="pointer-events-none absolute top-0 -translate-x-1/2 rounded-md bg-stone-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow dark:bg-stone-100 dark:text-stone-900"
            style={{ left: `${percentOf(PLOT.left + slot * active + slot / 2, WIDTH)}%` }}
          >
            {bucketLabel(shown.period, bucket)}: {format(shown.value)}
          </div>
        )}
      </div>
      <DataTable
        className="sr-only"
        caption={`${TRENDS[trend]} ${BUCKET_WORD[bucket]}`}
        rows={points}
        rowKey={(p) => p.period}
        columns={[
          { header: 'Period starting', cell: (p) => bucketLabel(p.period, bucket) },
          { header: TRENDS[trend], cell: (p) => format(p.value) },
        ]}
      />
    </Card>
  );
}
