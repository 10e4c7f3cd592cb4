import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** The app as the end-to-end suite starts it (E2E_TEST_HOOKS=1), or as production does (unset). */
const appWithHooks = (hooks: boolean): Promise<TestApp> => buildTestApp({ testHooks: hooks });

describe('the E2E_TEST_HOOKS setting', () => {
  it('switches the hooks on for 1 only: unset or any other value leaves them off', () => {
    const hooksFor = (value?: string) =>
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmstand-hooks-')),
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        ...(value === undefined ? {} : { E2E_TEST_HOOKS: value }),
      }).testHooks;
    expect(hooksFor('1')).toBe(true);
    expect(hooksFor()).toBe(false);
    expect(hooksFor('0')).toBe(false);
    expect(hooksFor('true')).toBe(false);
  });
});

type FixtureAnswer = {
  token: string;
  email: string;
  password: string;
  user: { id: number; userType: string; emailVerified: boolean; subscription: { status: string; trial_ends_at: string | null } };
};

describe('the test hooks without E2E_TEST_HOOKS (production)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithHooks(false);
  });
  afterAll(() => app.closeAll());

  it('are not there: the user fixture and the outbox answer 404 and make no account', async () => {
    const made = await app.inject({ method: 'POST', url: '/api/test/users', payload: { userType: 'producer' } });
    expect(made.statusCode).toBe(404);
    expect(made.json()).toHaveProperty('message');
    const outbox = await app.inject({ method: 'GET', url: '/api/test/outbox?to=someone@example.com' });
    expect(outbox.statusCode).toBe(404);
    const clock = await app.inject({ method: 'PUT', url: '/api/test/clock', payload: { at: '2030-06-05T16:00:00Z' } });
    expect(clock.statusCode).toBe(404);
    expect(Math.abs(app.ctx.clock.now().getTime() - Date.now())).toBeLessThan(60_000);
    const email = 'not-made@example.com';
    const again = await app.inject({ method: 'POST', url: '/api/test/users', payload: { userType: 'consumer', email } });
    expect(again.statusCode).toBe(404);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'e2e-password-1' } });
    expect(login.statusCode).toBe(401);
  });
});

describe('the end-to-end user fixture (POST /api/test/users) and clock (PUT /api/test/clock)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithHooks(true);
  });
  afterAll(() => app.closeAll());

  const make = (payload: object) => app.inject({ method: 'POST', url: '/api/test/users', payload });

  it('makes a verified, signed-in shopper whose password signs in and who got no verification mail', async () => {
    const res = await make({ userType: 'consumer' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as FixtureAnswer;
    expect(body.user.userType).toBe('consumer');
    expect(body.user.emailVerified).toBe(true);
    expect(body.user.subscription.status).toBe('none');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const outbox = await app.inject({ method: 'GET', url: `/api/test/outbox?to=${encodeURIComponent(body.email)}` });
    expect(outbox.json().emails).toEqual([]);
  });

  it('makes a producer as sign-up does: the free trial of the admin’s trial_days', async () => {
    await app.ctx.settings.set('payment', { ...(await app.ctx.settings.get('payment')), trial_days: 14 });
    const res = await make({ userType: 'producer' });
    expect(res.statusCode).toBe(201);
    const { user } = res.json() as FixtureAnswer;
    expect(user.userType).toBe('producer');
    expect(user.subscription.status).toBe('trialing');
    const days = (Date.parse(user.subscription.trial_ends_at as string) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
  });

  it('keeps the rules of sign-up: a taken address, a short password and an unknown type are refused', async () => {
    const email = `taken-${process.pid}@example.com`;
    expect((await make({ userType: 'consumer', email })).statusCode).toBe(201);
    const taken = await make({ userType: 'producer', email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already/i);
    const short = await make({ userType: 'consumer', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/characters/);
    const admin = await make({ userType: 'admin' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toMatch(/consumer or producer/);
  });

  it('makes an unverified account when asked, as a person who has not opened the link yet', async () => {
    const res = await make({ userType: 'consumer', emailVerified: false });
    expect(res.statusCode).toBe(201);
    expect((res.json() as FixtureAnswer).user.emailVerified).toBe(false);
  });

  // The same app: the clock is another hook of the end-to-end suite.
  const move = (at: string | null) => app.inject({ method: 'PUT', url: '/api/test/clock', payload: { at } });

  it('moves the server’s clock to the time asked, runs on from there, and goes back to the system clock on null', async () => {
    const before = Date.now();
    const moved = await move('2030-06-05T16:00:00Z');
    expect(moved.statusCode).toBe(200);
    const read = app.ctx.clock.now().getTime();
    const target = Date.parse('2030-06-05T16:00:00Z');
    expect(Date.parse(moved.json().now)).toBeGreaterThanOrEqual(target);
    expect(read).toBeGreaterThanOrEqual(target);
    // It runs on with the system clock: never more ahead of the target than real time has passed.
    expect(read - target).toBeLessThanOrEqual(Date.now() - before);

    const back = await move(null);
    expect(back.statusCode).toBe(200);
    const now = app.ctx.clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a time that is not an ISO date-time with its offset', async () => {
    expect((await move('tomorrow')).statusCode).toBe(400);
    expect((await move('2030-06-05 16:00')).statusCode).toBe(400);
  });
});
