import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../seed/admin';
import { bearer, buildUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';

describe('rate limiting', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  it('answers 429 with a message once an IP goes over the per-minute limit', async () => {
    const { buildApp } = await import('../app');
    const limited = await buildApp({ config: app.ctx.config, database: app.ctx.database, logger: false, rateLimitPerMinute: 50 });
    // Sign-in calls get a tenth of the limit: 5 per minute per IP.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await limited.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x@example.com' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const last = await limited.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x@example.com' } });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/Too many requests/);
    await limited.close();
  });
});

describe('maintenance mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  it('answers 503 with the admin message to everyone but admins, and keeps sign-in open', async () => {
    const consumer = await buildUser(app);
    const admin = await buildUser(app, { userType: 'admin' });
    const maintenance = await app.ctx.settings.get('maintenance');
    await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: true, maintenance_message: 'Back at noon' });
    const blocked = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: consumer.email } });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toEqual({ message: 'Back at noon' });
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(consumer) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/geocode?q=40403', headers: bearer(admin) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/geocode?q=40403', headers: bearer(consumer) })).statusCode).toBe(503);
    await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: false });
    expect((await app.inject({ url: '/api/geocode?q=40403', headers: bearer(consumer) })).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAIL + ADMIN_PASSWORD', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  it('creates the admin, and on a later start restores its role and password', async () => {
    await ensureAdmin(app.ctx, 'Boss@Example.com', 'first-password');
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@example.com', password: 'first-password' },
    });
    expect(first.json().user.userType).toBe('admin');
    await ensureAdmin(app.ctx, 'boss@example.com', 'second-password');
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@example.com', password: 'second-password' },
    });
    expect(second.statusCode).toBe(200);
  });
});

describe('rate limiting of static files', () => {
  it('never counts page and asset loads, only API calls', async () => {
    const { buildApp } = await import('../app');
    const { openTestDatabase, testConfig } = await import('../test/test-app');
    const database = await openTestDatabase();
    const limited = await buildApp({ config: testConfig(), database, logger: false, rateLimitPerMinute: 50 });
    for (let i = 0; i < 60; i++) {
      const res = await limited.inject({ url: '/uploads/missing.webp' });
      expect(res.statusCode).toBe(404);
    }
    await limited.close();
    await database.close();
  });
});

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  it('sends the content security policy and hardening headers on API and error responses', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // Map tiles come from our own origin: no tile server is allowed to send images.
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
      expect(res.headers['content-security-policy']).not.toContain('openstreetmap');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('lets the page connect to its own origin and its own host on port 5000 only, never any host', async () => {
    const res = await app.inject({ url: '/api/health', headers: { host: 'farm.example:3000' } });
    const connect = String(res.headers['content-security-policy'])
      .split(';')
      .find((part) => part.startsWith('connect-src'));
    expect(connect).toBe(
      "connect-src 'self' ws://farm.example:3000 wss://farm.example:3000 http://farm.example:5000 https://farm.example:5000 ws://farm.example:5000 wss://farm.example:5000 https://api.stripe.com",
    );
    for (const host of ['evil.example:80 *', "x' 'unsafe-inline", '*:5000']) {
      const odd = await app.inject({ url: '/api/health', headers: { host } });
      expect(String(odd.headers['content-security-policy'])).toContain("connect-src 'self' https://api.stripe.com");
    }
  });
});

describe('request time-outs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  it('closes a connection whose body trickles in slower than the request time-out allows', async () => {
    const { buildApp } = await import('../app');
    const strict = await buildApp({
      config: app.ctx.config,
      database: app.ctx.database,
      logger: false,
      timeouts: { requestMs: 1000, idleMs: 1000 },
    });
    await strict.listen({ port: 0, host: '127.0.0.1' });
    const { port } = strict.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.on('error', () => undefined);
    const started = Date.now();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    // A byte every 300 ms: never idle for the idle time-out, so only the request time-out can end it.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 300);
    // sleep-ok: a bound, not a wait: it ends the race only when the server never closes the connection.
    const closedAt = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(0), 8000))]);
    clearInterval(trickle);
    socket.destroy();
    await strict.close();
    expect(closedAt, 'the connection was still open after 8 s').toBeGreaterThan(0);
    expect(closedAt - started).toBeLessThan(8000);
    expect(answer).toMatch(/^HTTP\/1.1 408|^$/);
  });
});
