import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../../lib/ops/metrics';
import { bearer, buildUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());
afterEach(() => {
  app.ctx.config.metricsToken = undefined;
});

describe('request ids', () => {
  it('every answer carries one, a sane incoming id is kept, an insane one replaced', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-request-id': 'lb-1234.abc:9' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc:9');
    for (const bad of ['a'.repeat(129), 'evil\nline', 'spaces here', '<script>']) {
      const replaced = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).not.toBe(bad);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'req-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('req-404');
  });
});

describe('GET /api/metrics', () => {
  it('answers Prometheus text to this machine with request durations by route and status', async () => {
    await app.inject({ method: 'GET', url: '/api/ping' });
    await app.inject({ method: 'GET', url: '/api/health' });
    const response = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/ping",status="200"\} [1-9]/,
    );
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('socketio_connections 0');
    expect(text).toMatch(/db_pool_connections\{state="total"\}/);
    expect(text).toContain('# TYPE job_queue_depth gauge');
  });

  it('labels requests by route pattern, never the raw URL: 40 product ids and 40 unknown paths add no series each', async () => {
    const series = (text: string) => text.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_count{'));
    for (let id = 1; id <= 40; id++) {
      await app.inject({ method: 'GET', url: `/api/products/${900_000 + id}?ref=${id}` });
      await app.inject({ method: 'GET', url: `/api/no-such-thing-${id}` });
    }
    const lines = series((await app.inject({ method: 'GET', url: '/api/metrics' })).body);
    expect(lines.filter((line) => line.includes('900'))).toEqual([]);
    expect(lines.filter((line) => line.includes('no-such-thing'))).toEqual([]);
    expect(lines.filter((line) => line.includes('route="/api/products/:id"'))).toHaveLength(1);
    // Every series is one route pattern, method and status: a bounded set, whatever is requested.
    expect(lines.length).toBeLessThan(60);
  });

  it('refuses another machine without the token, and takes the token when METRICS_TOKEN is set', async () => {
    const remote = await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(401);
    expect(remote.json().message).toContain('METRICS_TOKEN');
    app.ctx.config.metricsToken = 'scrape-secret-123';
    const local = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(local.statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const scraped = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer scrape-secret-123' },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_request_duration_seconds');
  });
});

describe('metrics behind a proxy on the same machine', () => {
  it('refuses a loopback request that a proxy forwarded, without the token', async () => {
    const forwardedFor = await app.inject({ method: 'GET', url: '/api/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwardedFor.statusCode).toBe(401);
    const forwarded = await app.inject({ method: 'GET', url: '/api/metrics', headers: { forwarded: 'for=203.0.113.7' } });
    expect(forwarded.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(200);
    app.ctx.config.metricsToken = 'scrape-secret-123';
    const scraped = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer scrape-secret-123' },
    });
    expect(scraped.statusCode).toBe(200);
  });
});

describe('health split', () => {
  it('/api/health keeps its shape; live always answers; ready covers database, Redis and queue', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().status).toBe('alive');
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      draining: false,
      checks: { database: 'ok', redis: 'not configured', queue: 'not configured', search: 'ok' },
    });
  });

  it('ready answers 503 while the server drains for shutdown', async () => {
    app.ctx.lifecycle.draining = true;
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', draining: true });
    } finally {
      app.ctx.lifecycle.draining = false;
    }
  });
});

describe('browser error reports', () => {
  it('stores a valid report with its request id and shows it to admins only', async () => {
    const consumer = await buildUser(app);
    const report = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { ...bearer(consumer), 'user-agent': 'TestBrowser/1.0' },
      payload: { kind: 'error', message: 'TypeError: x is undefined', stack: 'at page.tsx:10', url: 'http://localhost/map' },
    });
    expect(report.statusCode).toBe(202);
    const admin = await buildUser(app, { userType: 'admin' });
    const list = await app.inject({ method: 'GET', url: '/api/admin/client-errors', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const [latest] = list.json().errors;
    expect(latest).toMatchObject({
      message: 'TypeError: x is undefined',
      url: 'http://localhost/map',
      user_agent: 'TestBrowser/1.0',
      user_id: consumer.id,
      request_id: report.headers['x-request-id'],
    });
    expect((await app.inject({ method: 'GET', url: '/api/admin/client-errors' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/client-errors', headers: bearer(consumer) })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad and oversized reports with a message naming the field', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { kind: 'error', message: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/message/i);
    const kind = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { kind: 'nope', message: 'x' } });
    expect(kind.statusCode).toBe(400);
    const long = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { kind: 'error', message: 'x'.repeat(1001) },
    });
    expect(long.statusCode).toBe(400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { kind: 'error', message: 'x', stack: 'y'.repeat(20_000) },
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('GET /api/admin/jobs', () => {
  it('lists the queue for admins; guests and other roles are refused', async () => {
    const admin = await buildUser(app, { userType: 'admin' });
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/ping' });
    const response = await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ queue_running: false, mail: { dead: 0 } });
    // Measured, not "Not measured": this server's answers of the last hour, each 5xx counted.
    const { platform } = response.json();
    expect(platform.requests_last_hour).toBeGreaterThanOrEqual(3);
    // The readiness check answered 503 once while draining (above): measured, so above zero.
    expect(platform.error_rate).toBeGreaterThan(0);
    expect(platform.api_response_time).toBeGreaterThan(0);
    expect(platform.db_performance).toBeGreaterThanOrEqual(0);
    const producer = await buildUser(app, { userType: 'producer' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(producer) })).statusCode).toBe(403);
  });
});

describe('error rate window', () => {
  it('counts 5xx answers of the last hour as a percentage, with the mean duration', () => {
    const metrics = new Metrics();
    expect(metrics.errorRate.percent()).toMatchObject({ percent: null, requests: 0 });
    const now = Date.now();
    metrics.errorRate.record(200, 0.1, now);
    metrics.errorRate.record(404, 0.1, now);
    metrics.errorRate.record(503, 0.4, now);
    metrics.errorRate.record(200, 0.2, now);
    metrics.errorRate.record(500, 9, now - 2 * 3_600_000); // older than an hour: not counted
    expect(metrics.errorRate.percent(now)).toEqual({ percent: 25, requests: 4, errors: 1, meanMs: 200 });
  });
});
