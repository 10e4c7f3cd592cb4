import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from '../constants/limits';

// Defined with the zod-free constants so the web entry can use them without loading zod.
export { CLIENT_ERROR_LIMITS };

export const ClientErrorReport = z.object({
  kind: z.enum(['error', 'unhandledrejection']),
  message: z.string().trim().min(1, 'Message is required').max(CLIENT_ERROR_LIMITS.message, 'Message is too long'),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack, 'Stack is too long').optional(),
  url: z.string().max(CLIENT_ERROR_LIMITS.url, 'Url is too long').optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

export const ClientErrorEntry = z.object({
  id: z.number(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  user_id: z.number().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export const ClientErrorsResponse = z.object({ errors: z.array(ClientErrorEntry), total: z.number() });
export type ClientErrorsResponse = z.infer<typeof ClientErrorsResponse>;

export const JobStatus = z.object({
  name: z.string(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  last_status: z.string().nullable(),
  last_error: z.string().nullable(),
  last_summary: z.record(z.string(), z.unknown()).nullable(),
  runs: z.number(),
  failures: z.number(),
});

/** The admin Health tab's jobs panel: scheduled jobs, queue depth, mail in retry and dead letters. */
export const JobsResponse = z.object({
  /** Spec 02 §9's four health figures, measured (null before there is anything to measure). */
  platform: z.object({
    api_response_time: z.number().nullable(),
    db_performance: z.number(),
    error_rate: z.number().nullable(),
    uptime: z.number().nullable(),
    requests_last_hour: z.number(),
  }),
  queue_running: z.boolean(),
  jobs: z.array(JobStatus),
  queue_depth: z.record(z.string(), z.number()),
  mail: z.object({
    retrying: z.number(),
    dead: z.number(),
    latest_dead: z.array(
      z.object({
        id: z.number(),
        to_address: z.string(),
        subject: z.string(),
        attempts: z.number(),
        last_error: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
});
export type JobsResponse = z.infer<typeof JobsResponse>;

/** Spec 02 §9 health rating thresholds: below `good` is good, below `warning` a warning, else critical. */
export const HEALTH_THRESHOLDS = {
  api_response_time: { good: 200, warning: 500, unit: 'ms', higherIsBetter: false },
  db_performance: { good: 100, warning: 300, unit: 'ms', higherIsBetter: false },
  error_rate: { good: 1, warning: 5, unit: '%', higherIsBetter: false },
  uptime: { good: 99, warning: 95, unit: '%', higherIsBetter: true },
} as const;
export type HealthMetric = keyof typeof HEALTH_THRESHOLDS;
export type HealthRating = 'good' | 'warning' | 'critical';

export function rateHealth(metric: HealthMetric, value: number): HealthRating {
  const t = HEALTH_THRESHOLDS[metric];
  if (t.higherIsBetter) return value > t.good ? 'good' : value > t.warning ? 'warning' : 'critical';
  return value < t.good ? 'good' : value < t.warning ? 'warning' : 'critical';
}
