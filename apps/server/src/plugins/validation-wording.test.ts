import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';

/** Validation errors read like a person wrote them and name the field. */
describe('validation wording through the API', () => {
  let app: TestApp;
  let admin: TestUser;
  let producer: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await buildUser(app, { userType: 'admin' });
    producer = await buildUser(app, { userType: 'producer' });
  });
  afterAll(() => app.closeAll());

  it('a bulk action without certIds asks to choose a certification', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/certifications/bulk',
      headers: bearer(admin),
      payload: { action: 'approve' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose at least one certification (certIds)');
  });

  it('an acronym in a field name reads in capitals: "SMTP port must be a number"', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email',
      headers: bearer(admin),
      payload: { smtp_port: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('SMTP port must be a number');
  });

  it('page 0 and a huge limit read as bounds in words', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/users?page=0', headers: bearer(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Page must be 1 or more');
    const big = await app.inject({ method: 'GET', url: '/api/admin/users?limit=500', headers: bearer(admin) });
    expect(big.json().message).toBe('Limit must be 100 or less');
  });

  it('an unknown enum value lists the choices', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/certifications?status=lost', headers: bearer(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Status must be one of: pending, verified, rejected, expired');
  });

  it('a wrong type says what was expected, with no zod wording', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/producers',
      headers: bearer(producer),
      payload: {
        farm_name: 'Farm',
        address: '1 Main St',
        city: 'Lexington',
        state: 'KY',
        zip: '40507',
        delivery_available: 'yes',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Delivery available must be true or false');
    expect(res.json().message).not.toMatch(/expected|received|Invalid input|Too small/);
  });

  it('a schema sentence that names its field is not prefixed again; a bare id names its parameter', async () => {
    const cases: [string, string][] = [
      ['/api/admin/analytics?timeRange=2y', 'Period (time range) must be 7d, 30d, 90d or 1y'],
      ['/api/pickup/producers/abc', 'User id must be a positive whole number'],
      ['/api/orders/received?from=yesterday', 'From date must be a calendar day written like 2026-05-30'],
      // A day that does not exist, as every date-only field says it.
      ['/api/orders/weighing?date=2026-13-01', 'Date must be a calendar day written like 2026-05-30'],
      ['/api/search/producers?view=globe', 'View must be list or map'],
      [
        '/api/admin/settings/colours',
        'Settings section must be one of: general, payment, email, security, features, maintenance',
      ],
    ];
    for (const [url, message] of cases) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(url.includes('/orders/') ? producer : admin) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('bad bodies and queries across routes never leak zod wording or a bare wire name', async () => {
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; as: TestUser }[] = [
      { method: 'POST', url: '/api/admin/certifications/bulk', payload: { action: 'approve', certIds: 'x' }, as: admin },
      { method: 'POST', url: '/api/admin/certifications/bulk', payload: { action: 'approve', certIds: [] }, as: admin },
      { method: 'PUT', url: '/api/admin/users/1/type', payload: {}, as: admin },
      { method: 'PUT', url: '/api/admin/users/1/status', payload: [], as: admin },
      { method: 'PUT', url: '/api/pickup/mine/settings', payload: { cutoff_hours: 'soon' }, as: producer },
      { method: 'POST', url: '/api/orders', payload: {}, as: admin },
      { method: 'POST', url: '/api/products', payload: { name: 5 }, as: producer },
      { method: 'POST', url: '/api/auth/register', payload: { email: 'a@b.co', password: 5 }, as: admin },
      { method: 'GET', url: '/api/admin/users?page=0', as: admin },
      { method: 'GET', url: '/api/admin/logs?limit=abc', as: admin },
      { method: 'GET', url: '/api/search/products?category=gems', as: admin },
      { method: 'GET', url: '/api/search/producers?zoom=99', as: admin },
      { method: 'GET', url: '/api/search/producers?bbox=1,2', as: admin },
      { method: 'GET', url: '/api/search/producers?verified=maybe', as: admin },
      { method: 'GET', url: '/api/orders/received?status=lost', as: producer },
    ];
    for (const call of calls) {
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload as never,
        headers: bearer(call.as),
      });
      const message: string = res.json().message;
      expect(res.statusCode, call.url).toBe(400);
      expect(message, call.url).not.toMatch(/Invalid input|expected|received|Too small|Too big|Unknown \w+$|^[a-z]/);
    }
  });

  it('an item of a list is named by its list, never by a bare position', async () => {
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/admin/certifications/bulk',
      payload: { action: 'approve', certIds: [1, 'two'] },
      headers: bearer(admin),
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).not.toMatch(/^\d/);
    expect(bulk.json().message).toMatch(/^Certifications/);
    const image = await app.inject({ method: 'PUT', url: '/api/products/1/primary', payload: {}, headers: bearer(producer) });
    expect(image.json().message).not.toMatch(/imageUrl/);
  });
});
