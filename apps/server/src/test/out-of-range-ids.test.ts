import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from './factories';
import { buildTestApp, type TestApp } from './test-app';

/** Ids past PostgreSQL's integer range once reached the database and came back as 500s. */
describe('ids out of the database range', () => {
  let app: TestApp;
  let consumer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    consumer = await buildUser(app);
    admin = await buildUser(app, { userType: 'admin' });
  });
  afterAll(() => app.closeAll());

  it.each([
    ['GET', '/api/products/2147483648'],
    ['GET', '/api/producers/99999999999'],
    ['GET', '/api/favorites/count/2147483648'],
    ['DELETE', '/api/reviews/2147483648'],
    ['GET', '/api/admin/producers/2147483648/details'],
  ] as const)('%s %s answers 400, not 500', async (method, url) => {
    const res = await app.inject({ method, url, headers: bearer(url.includes('admin') ? admin : consumer) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a positive/i);
  });

  it('refuses an out-of-range id in a body with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(consumer),
      payload: { productId: 2147483648, rating: 5, title: 'x', content: 'y' },
    });
    expect(res.statusCode).toBe(400);
  });
});
