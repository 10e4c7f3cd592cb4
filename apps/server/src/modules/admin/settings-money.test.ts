import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => app.closeAll());

const save = (key: string, body: object) =>
  app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: bearer(admin), payload: body });

describe('subscription prices in the admin settings', () => {
  it('refuses a price with fractions of a cent, naming the field', async () => {
    const res = await save('payment', { monthly_price: 10.005 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Monthly price must have at most two decimals (whole cents)');
    expect((await app.ctx.settings.get('payment')).monthly_price).toBe(10);
  });

  it('accepts whole cents, however floating point writes them', async () => {
    expect((await save('payment', { monthly_price: 9.99, annual_price: 99.99 })).statusCode).toBe(200);
    expect((await save('payment', { monthly_price: 0.29, annual_price: 3.48 })).statusCode).toBe(200);
    expect((await save('payment', { monthly_price: 10, annual_price: 100 })).statusCode).toBe(200);
  });

  it('refuses an annual price above twelve monthly payments', async () => {
    const res = await save('payment', { monthly_price: 10, annual_price: 120.01 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Annual price must be at most 12 times the monthly price');
    expect((await save('payment', { monthly_price: 10, annual_price: 120 })).statusCode).toBe(200);
  });

  it('refuses an annual price below the monthly price, keeping the saved prices', async () => {
    const res = await save('payment', { monthly_price: 10, annual_price: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Annual price must be at least the monthly price: a year cannot cost less than one month');
    // Lowering only the annual price below the saved monthly one is judged on the merged settings.
    const alone = await save('payment', { annual_price: 5 });
    expect(alone.statusCode).toBe(400);
    expect(await app.ctx.settings.get('payment')).toMatchObject({ monthly_price: 10, annual_price: 120 });
    expect((await save('payment', { monthly_price: 10, annual_price: 10 })).statusCode).toBe(200);
    expect((await save('payment', { monthly_price: 10, annual_price: 100 })).statusCode).toBe(200);
  });

  it('refuses a free or negative plan', async () => {
    const res = await save('payment', { annual_price: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Annual price must be at least 0.01');
  });
});

describe('setting names in answers', () => {
  it('names a setting as the form does', async () => {
    const res = await save('email', { smtp_port: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('SMTP port must be at least 1');
  });
});
