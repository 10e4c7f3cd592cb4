import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** The admin's analytics as a CSV (issue 50 item 5, decision 586): the same figures as the screen's answer. */
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(() => app.closeAll());

describe('the admin analytics CSV', () => {
  it('holds the figures the analytics screen shows, for admins only', async () => {
    const json = (await app.inject({ method: 'GET', url: '/api/admin/analytics?timeRange=7d', headers: bearer(admin) })).json();
    const csv = await app.inject({ method: 'GET', url: '/api/admin/analytics.csv?timeRange=7d', headers: bearer(admin) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="farmstand-analytics-7d.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Farmstand analytics,7d');
    expect(lines).toContain(`Active users,${json.metrics.active_users},${json.metrics.user_growth}`);
    expect(lines).toContain(`Orders,${json.metrics.total_orders},${json.metrics.order_growth}`);
    // A row per day of the period.
    expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},/.test(l)).length).toBeGreaterThanOrEqual(json.charts.users.length);

    const producer = await buildUser(app, { userType: 'producer' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/analytics.csv', headers: bearer(producer) })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/analytics.csv?timeRange=2y', headers: bearer(admin) })).statusCode,
    ).toBe(400);
  });
});
