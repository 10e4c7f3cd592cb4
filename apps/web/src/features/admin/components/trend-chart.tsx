import type { AnalyticsResponse } from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { SelectInput } from '../../../components/ui/field';

type Trend = keyof AnalyticsResponse['charts'];
const TRENDS: Record<Trend, string> = {
  users: 'New users',
  revenue: 'Revenue',
  products: 'New products',
  engagement: 'Engagement',
};

/** A plain bar chart of the chosen series; the numbers are also in an accessible list. */
export function TrendChart({ charts }: { charts: AnalyticsResponse['charts'] }) {
  const [trend, setTrend] = useState<Trend>('users');
  const points = charts[trend];
  const max = Math.max(1, ...points.map((p) => p.value));
  const format = (value: number) => (trend === 'revenue' ? `$${value.toFixed(2)}` : String(value));
  return (
    <Card className="p-4">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h3 className="font-semibold">Trend</h3>
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
      {points.length === 0 ? (
        <p className="py-8 text-center text-sm text-stone-600 dark:text-stone-300">
          No {TRENDS[trend].toLowerCase()} in this period.
        </p>
      ) : (
        <ul className="flex h-40 items-end gap-1" aria-label={`${TRENDS[trend]} per period`}>
          {points.map((p) => (
            <li
              key={p.period}
              className="flex h-full min-w-0 flex-1 flex-col justify-end"
              title={`${p.period}: ${format(p.value)}`}
            >
              <span className="sr-only">
                {p.period}: {format(p.value)}
              </span>
              <span
                aria-hidden="true"
                className="block rounded-t bg-brand-700 dark:bg-green-500"
                style={{ height: `${Math.max(4, (p.value / max) * 100)}%` }}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
