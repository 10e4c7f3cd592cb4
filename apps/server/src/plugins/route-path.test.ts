import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { apiOperations, fillPath } from '../test/api-routes';
import { bearer, buildUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';

/** The same path with its first letter after '/api/' (and the 'a' of 'api') written as a %-escape. */
const escaped = (path: string) => `/%61pi/%${path.charCodeAt(5).toString(16)}${path.slice(6)}`;

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

describe('paths that spell a plain character as a %-escape', () => {
  it('are refused on every API operation, so no gate can judge them apart from the router', async () => {
    const consumer = await buildUser(app);
    const operations = apiOperations(app);
    expect(operations.length).toBeGreaterThan(100);
    for (const operation of operations) {
      const url = escaped(fillPath(operation.path, {}));
      const res = await app.inject({
        method: operation.method,
        url,
        headers: bearer(consumer),
        payload: operation.hasBody ? {} : undefined,
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().message).toMatch(/%-escape/);
    }
  });

  it('do not walk around the sign-in limit: past it every spelling is refused', async () => {
    const limited = await buildApp({ config: app.ctx.config, database: app.ctx.database, logger: false, rateLimitPerMinute: 50 });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const url = i % 2 ? '/api/auth/login' : '/%61pi/auth/login';
      const res = await limited.inject({
        method: 'POST',
        url,
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      statuses.add(res.statusCode);
    }
    expect(statuses.has(200)).toBe(false);
    expect(statuses.has(429)).toBe(true);
    const encoded = await limited.inject({ method: 'POST', url: '/%61pi/auth/login', payload: {} });
    expect([400, 429]).toContain(encoded.statusCode);
    await limited.close();
  });

  it('do not place an order or sign in a shopper during maintenance', async () => {
    const consumer = await buildUser(app);
    const maintenance = await app.ctx.settings.get('maintenance');
    await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: true, maintenance_message: 'Back at noon' });
    try {
      const order = await app.inject({ method: 'POST', url: '/%61pi/orders', headers: bearer(consumer), payload: {} });
      expect(order.statusCode).toBe(400);
      const login = await app.inject({
        method: 'POST',
        url: '/%61pi/auth/login',
        payload: { email: consumer.email, password: consumer.password },
      });
      expect(login.statusCode).toBe(400);
      const plain = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: consumer.email, password: consumer.password },
      });
      expect(plain.statusCode).toBe(503);
    } finally {
      await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: false });
    }
  });
});

describe('gates decide on the matched route', () => {
  it('judge a path with escaped non-ASCII parameters by its route pattern during maintenance', async () => {
    const consumer = await buildUser(app);
    const maintenance = await app.ctx.settings.get('maintenance');
    await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: true, maintenance_message: 'Back at noon' });
    try {
      // The router decodes '%C3%A9' before matching /api/producers/:publicId; the gate must see the route.
      const res = await app.inject({ url: '/api/producers/caf%C3%A9', headers: bearer(consumer) });
      expect(res.statusCode).toBe(503);
      const site = await app.inject({ url: '/api/site' });
      expect(site.statusCode).toBe(200);
    } finally {
      await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: false });
    }
  });

  it('keeps escaped characters that must be escaped working', async () => {
    const query = await app.inject({ url: '/api/geocode?q=%61bc' });
    expect(query.statusCode).not.toBe(400);
    const unicode = await app.inject({ url: '/api/producers/caf%C3%A9' });
    expect(unicode.json().message).not.toMatch(/%-escape/);
  });
});
