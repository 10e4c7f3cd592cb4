import { formatPrice } from '@farmstand/shared';
import { ANALYTICS_RANGES, type AnalyticsRange, type AnalyticsResponse } from '@farmstand/shared/schemas/admin';
import { type ReactNode, useState } from 'react';
import { useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { SelectInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { OrderWeeksTable } from '@/components/ui/order-weeks-table';
import { useFileDownload } from '@/components/ui/use-file-download';
import { fetchAnalyticsCsv, useAnalytics } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { useAdminDates } from '../use-admin-dates';
import { HealthRatingBadge } from './platform-health';
import { TrendChart } from './trend-chart';

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

function Change({ value, unit = '%' }: { value: number; unit?: string }) {
  const tone =
    value > 0
      ? 'text-green-800 dark:text-green-300'
      : value < 0
        ? 'text-red-700 dark:text-red-400'
        : 'text-stone-600 dark:text-stone-300';
  return (
    <span className={`text-sm font-semibold ${tone}`}>
      {value > 0 ? '▲' : value < 0 ? '▼' : '•'} {Math.abs(value)}
      {unit} vs previous period
    </span>
  );
}

function Metric({ label, value, change, unit }: { label: string; value: ReactNode; change: number; unit?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-stone-600 dark:text-stone-300">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      <Change value={change} unit={unit} />
    </Card>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

const Empty = ({ text = 'Nothing in this period yet.' }: { text?: string }) => (
  <p className="text-sm text-stone-600 dark:text-stone-300">{text}</p>
);

function Bar({ label, percentage, detail }: { label: string; percentage: number; detail: string }) {
  return (
    <li>
      <div className="flex justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-stone-600 dark:text-stone-300">{detail}</span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-stone-200 dark:bg-stone-700" aria-hidden="true">
        <div className="h-2 rounded-full bg-brand-700 dark:bg-green-500" style={{ width: `${percentage}%` }} />
      </div>
    </li>
  );
}

/** `benefitTotals`: the month's benefits tendered at pickup, from the benefits feature (composed in app/pages). */
export function AnalyticsTab({ benefitTotals }: { benefitTotals?: ReactNode } = {}) {
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const query = useAnalytics(range);
  const csv = useFileDownload<'csv'>();
  useLoadErrorToast(query, ADMIN_TEXTS.loadAnalytics);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-xs">
          <SelectInput label="Period" value={range} onChange={(event) => setRange(event.target.value as AnalyticsRange)}>
            {ANALYTICS_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </SelectInput>
        </div>
        <Button
          variant="secondary"
          isLoading={csv.busy === 'csv'}
          onClick={() =>
            csv.download(
              'csv',
              () => fetchAnalyticsCsv(range),
              `farmstand-analytics-${range}.csv`,
              'The CSV could not be downloaded; try again',
            )
          }
        >
          Download these figures (CSV)
        </Button>
      </div>
      <FormError>{csv.error}</FormError>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError text={ADMIN_TEXTS.loadAnalytics} onRetry={() => query.refetch()} />
      ) : (
        <AnalyticsBody data={query.data} />
      )}
      {benefitTotals}
    </div>
  );
}

function AnalyticsBody({ data }: { data: AnalyticsResponse }) {
  const { dateTime } = useAdminDates();
  const { metrics: m, platform_health: health } = data;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Metric label="Subscription revenue" value={formatPrice(m.total_revenue)} change={m.revenue_change} />
        <Metric label="Active users" value={m.active_users} change={m.user_growth} />
        <Metric label="Orders" value={m.total_orders} change={m.order_growth} />
        <Metric label="Conversion rate" value={`${m.conversion_rate}%`} change={m.conversion_change} unit=" pts" />
      </div>
      <TrendChart charts={data.charts} range={data.time_range} />
      <Panel title="Orders per week">
        <OrderWeeksTable weeks={data.orders_per_week} scope="all" />
        <p className="mt-2 text-xs text-stone-600 dark:text-stone-300">
          The last 12 weeks and the weeks ahead, whatever the period chosen above.
        </p>
      </Panel>
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Top producers">
          {data.top_producers.length === 0 ? (
            <Empty text="No farm was asked about or saved in this period." />
          ) : (
            <ol className="space-y-2 text-sm">
              {data.top_producers.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span className="font-medium">{p.farm_name}</span>
                  <span className="whitespace-nowrap text-stone-600 dark:text-stone-300">
                    {p.inquiries} inquiries · {p.favorites} favorites
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title="Top products">
          {data.top_products.length === 0 ? (
            <Empty text="No product was reserved or asked about in this period." />
          ) : (
            <ol className="space-y-2 text-sm">
              {data.top_products.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span>
                    <span className="font-medium">{p.name}</span>
                    <span className="block text-stone-600 dark:text-stone-300">{p.farm_name}</span>
                  </span>
                  <span className="whitespace-nowrap text-stone-600 dark:text-stone-300">
                    {p.orders} orders · {p.inquiries} inquiries
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title="Recent activity">
          {data.recent_activity.length === 0 ? (
            <Empty />
          ) : (
            <ul className="space-y-2 text-sm">
              {data.recent_activity.map((a) => (
                <li key={`${a.type}-${a.time}-${a.description}`}>
                  <span className="block">{a.description}</span>
                  <span className="text-stone-600 dark:text-stone-300">{dateTime(a.time)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Where producers are">
          {data.geographic_data.length === 0 ? (
            <Empty />
          ) : (
            <ul className="space-y-3">
              {data.geographic_data.map((g) => (
                <Bar
                  key={`${g.city}-${g.state}`}
                  label={`${g.city}, ${g.state}`}
                  percentage={g.percentage}
                  detail={`${g.users} · ${g.percentage}%`}
                />
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="User segments">
          <ul className="space-y-3">
            {data.user_segments.map((s) => (
              <Bar key={s.name} label={s.name} percentage={s.percentage} detail={`${s.count} · ${s.percentage}%`} />
            ))}
          </ul>
        </Panel>
        <Panel title="Platform health">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-stone-600 dark:text-stone-300">API response</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold">
              {health.api_response_time} ms <HealthRatingBadge metric="api_response_time" value={health.api_response_time} />
            </dd>
            <dt className="text-stone-600 dark:text-stone-300">Database round trip</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold">
              {health.db_performance} ms <HealthRatingBadge metric="db_performance" value={health.db_performance} />
            </dd>
            <dt className="text-stone-600 dark:text-stone-300">Error rate</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold">
              {health.error_rate === null ? 'No requests yet' : `${health.error_rate}%`}{' '}
              <HealthRatingBadge metric="error_rate" value={health.error_rate} />
            </dd>
            <dt className="text-stone-600 dark:text-stone-300">Uptime (24 h)</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold">
              {health.uptime === null ? 'Not measured yet' : `${health.uptime}%`}{' '}
              <HealthRatingBadge metric="uptime" value={health.uptime} />
            </dd>
          </dl>
          <p className="mt-3 text-xs text-stone-600 dark:text-stone-300">
            Ratings: API good under 200 ms, database under 100 ms, errors under 1%, uptime over 99%, as on the Health tab, which
            has every threshold.
          </p>
        </Panel>
      </div>
    </>
  );
}
