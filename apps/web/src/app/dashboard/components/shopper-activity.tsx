import { ANALYTICS_DEFAULT_DAYS } from '@farmstand/shared';
import { percentOf } from '@farmstand/shared/format/money';
import type { ProducerAnalyticsResponse } from '@farmstand/shared/schemas/analytics';
import { useId, useState } from 'react';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field';
import { AlertIcon } from '@/components/ui/icons';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, useProducerAnalytics } from '../analytics-api';

type Totals = ProducerAnalyticsResponse['totals'];

const FIGURES: { key: keyof Totals; label: string }[] = [
  { key: 'farmViews', label: 'Farm page views' },
  { key: 'productViews', label: 'Product views' },
  { key: 'inquiries', label: 'Inquiries' },
  { key: 'contacts', label: 'Messages' },
  { key: 'favorites', label: 'Saved as favorite' },
];

/** Shopper activity for this producer from GET /api/analytics/producer/{id}. */
export function ShopperActivity({ producerUserId }: { producerUserId: number }) {
  const [days, setDays] = useState<AnalyticsPeriod>(ANALYTICS_DEFAULT_DAYS as AnalyticsPeriod);
  const query = useProducerAnalytics(producerUserId, days);
  const selectId = useId();

  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="activity-heading" className="text-lg font-bold">
          Shopper activity
        </h2>
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
            Period
          </label>
          <select
            id={selectId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as AnalyticsPeriod)}
            className={`${inputClasses} mt-1 w-40`}
          >
            {ANALYTICS_PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading activity…" />
      ) : query.isError ? (
        <EmptyState title="Failed to load analytics" icon={AlertIcon}>
          Please try again in a moment.
        </EmptyState>
      ) : (
        <ActivityFigures data={query.data} />
      )}
    </section>
  );
}

function ActivityFigures({ data }: { data: ProducerAnalyticsResponse }) {
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {FIGURES.map(({ key, label }) => (
          <Card key={key} className="p-4">
            <dt className="text-sm font-medium text-stone-600 dark:text-stone-300">{label}</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid={`activity-${key}`}>
              {data.totals[key]}
            </dd>
          </Card>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <h3 className="font-semibold">Most viewed products</h3>
          {data.products.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">No product views in this period yet.</p>
          ) : (
            <BarList
              rows={data.products.map((p) => ({ key: String(p.productId), label: p.productName, value: p.views }))}
              unit="views"
            />
          )}
        </Card>
        <Card className="p-5">
          <h3 className="font-semibold">Farm page views by day</h3>
          <DailyViews data={data} />
        </Card>
      </div>
    </div>
  );
}

/** Days with activity only, newest first, so 90 days of mostly zeros stays short. */
function DailyViews({ data }: { data: ProducerAnalyticsResponse }) {
  const active = data.daily.filter((d) => d.farmViews + d.productViews > 0).reverse();
  if (active.length === 0) {
    return <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">No visits in this period yet.</p>;
  }
  const label = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return <BarList rows={active.map((d) => ({ key: d.date, label: label(d.date), value: d.farmViews }))} unit="views" />;
}

/** A list of labelled bars; the number is always written out, the bar only illustrates it. */
function BarList({ rows, unit }: { rows: { key: string; label: string; value: number }[]; unit: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="mt-3 space-y-2">
      {rows.map((row) => (
        <li key={row.key} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm">
          <span className="truncate text-stone-700 dark:text-stone-300" title={row.label}>
            {row.label}
          </span>
          <span className="h-2.5 rounded-full bg-stone-100 dark:bg-stone-800" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-brand-600 dark:bg-green-500"
              style={{ width: `${percentOf(row.value, max)}%` }}
            />
          </span>
          <span className="tabular-nums font-medium">
            {row.value} <span className="sr-only">{unit}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
