import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';

/** Issue 10 item 19: validation errors read like a person wrote them and name the field. */
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
});
