import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Something a gauge reads at scrape time (socket.io clients, pool, queue depth). */
type Probe<T> = () => T | Promise<T>;

/** Requests and 5xx answers per minute over the last hour: the admin Health tab's error rate. */
class ErrorRateWindow {
  private readonly buckets = new Map<number, { total: number; errors: number; seconds: number }>();

  record(status: number, seconds = 0, at = Date.now()) {
    const minute = Math.floor(at / 60_000);
    const bucket = this.buckets.get(minute) ?? { total: 0, errors: 0, seconds: 0 };
    bucket.total += 1;
    bucket.seconds += seconds;
    if (status >= 500) bucket.errors += 1;
    this.buckets.set(minute, bucket);
    if (this.buckets.size > 70) for (const key of this.buckets.keys()) if (key < minute - 60) this.buckets.delete(key);
  }

  /**
   * Percent of requests answered with a 5xx in the last hour (null before the first request) and
   * their mean duration in milliseconds.
   */
  percent(at = Date.now()): { percent: number | null; requests: number; errors: number; meanMs: number | null } {
    const since = Math.floor(at / 60_000) - 60;
    let total = 0;
    let errors = 0;
    let seconds = 0;
    for (const [minute, bucket] of this.buckets) {
      if (minute < since) continue;
      total += bucket.total;
      errors += bucket.errors;
      seconds += bucket.seconds;
    }
    if (total === 0) return { percent: null, requests: 0, errors: 0, meanMs: null };
    return {
      percent: Math.round((errors / total) * 1000) / 10,
      requests: total,
      errors,
      meanMs: Math.round((seconds / total) * 10_000) / 10,
    };
  }
}

/**
 * One Prometheus registry per app (tests build many apps in one process): request durations by
 * route and status, Node's default metrics (event-loop lag among them), the database pool,
 * socket.io connections and the job queue's depth.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly errorRate = new ErrorRateWindow();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly clientErrors: Counter;
  private socketProbe: Probe<number> = () => 0;
  private poolProbe: Probe<{ total: number; idle: number; waiting: number }> = () => ({ total: 0, idle: 0, waiting: 0 });
  private queueProbe: () => Promise<Record<string, number>> = async () => ({});

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.clientErrors = new Counter({
      name: 'web_client_errors_total',
      help: 'Uncaught errors reported by browsers',
      registers: [this.registry],
    });
    const self = this;
    new Gauge({
      name: 'socketio_connections',
      help: 'Open socket.io connections on this instance',
      registers: [this.registry],
      async collect() {
        this.set(await self.socketProbe());
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (the embedded database has one)',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const pool = await self.poolProbe();
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting or retrying, per queue',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, depth] of Object.entries(
          await Promise.resolve()
            .then(() => self.queueProbe())
            .catch(() => ({})),
        ))
          this.set({ queue }, depth);
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number) {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
    this.errorRate.record(status, seconds);
  }

  countClientError() {
    this.clientErrors.inc();
  }

  probeSockets(probe: Probe<number>) {
    this.socketProbe = probe;
  }

  probePool(probe: Probe<{ total: number; idle: number; waiting: number }>) {
    this.poolProbe = probe;
  }

  probeQueue(probe: () => Promise<Record<string, number>>) {
    this.queueProbe = probe;
  }
}
