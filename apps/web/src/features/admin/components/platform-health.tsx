import { HEALTH_THRESHOLDS, type HealthMetric, type JobsResponse, rateHealth } from '@farmstand/shared/schemas/ops';
import { StatCard } from '@/components/ui/admin-ui';
import { Badge, type BadgeTone } from '@/components/ui/card';

const LABELS: Record<HealthMetric, string> = {
  api_response_time: 'API response time',
  db_performance: 'Database round trip',
  error_rate: 'Error rate',
  uptime: 'Uptime (24 h)',
};

const RATING: Record<'good' | 'warning' | 'critical', { tone: BadgeTone; text: string }> = {
  good: { tone: 'green', text: 'Good' },
  warning: { tone: 'yellow', text: 'Warning' },
  critical: { tone: 'red', text: 'Critical' },
};

/** "Good under 200 ms, warning under 500 ms" — the spec's thresholds, next to every figure. */
export function thresholdText(metric: HealthMetric): string {
  const t = HEALTH_THRESHOLDS[metric];
  const unit = t.unit === '%' ? '%' : ` ${t.unit}`;
  const word = t.higherIsBetter ? 'over' : 'under';
  return `Good ${word} ${t.good}${unit}, warning ${word} ${t.warning}${unit}, else critical`;
}

/** The good/warning/critical badge for one figure; its thresholds in the tooltip. */
export function HealthRatingBadge({ metric, value }: { metric: HealthMetric; value: number | null }) {
  if (value === null) return null;
  const rating = RATING[rateHealth(metric, value)];
  return (
    <span title={thresholdText(metric)}>
      <Badge tone={rating.tone}>{rating.text}</Badge>
    </span>
  );
}

function HealthFigure({ metric, value }: { metric: HealthMetric; value: number | null }) {
  const unit = HEALTH_THRESHOLDS[metric].unit === '%' ? '%' : ' ms';
  const rating = value === null ? null : RATING[rateHealth(metric, value)];
  return (
    <StatCard
      label={LABELS[metric]}
      value={
        <span className="flex flex-wrap items-center gap-2">
          <span>{value === null ? 'No requests yet' : `${value}${unit}`}</span>
          {rating && <Badge tone={rating.tone}>{rating.text}</Badge>}
        </span>
      }
      detail={thresholdText(metric)}
    />
  );
}

/** Spec 02 §9's four figures, measured on this server, each with its good/warning/critical rating. */
export function PlatformHealth({ platform }: { platform: JobsResponse['platform'] }) {
  return (
    <section aria-labelledby="platform-health-title" className="mt-8">
      <h2 id="platform-health-title" className="mb-1 text-lg font-semibold">
        Platform health
      </h2>
      <p className="mb-4 text-sm text-stone-600 dark:text-stone-300">
        Measured over the last hour on this server ({platform.requests_last_hour} requests); uptime over the last 24 hours.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <HealthFigure metric="api_response_time" value={platform.api_response_time} />
        <HealthFigure metric="db_performance" value={platform.db_performance} />
        <HealthFigure metric="error_rate" value={platform.error_rate} />
        <HealthFigure metric="uptime" value={platform.uptime} />
      </div>
    </section>
  );
}
