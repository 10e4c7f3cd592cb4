import { TEXTS } from '@farmstand/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { bearer, buildUser, lastEmailLink, setUserStatus, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { ACCOUNT_LOCKOUT_ATTEMPTS } from './auth.service';

let app: TestApp;
/** The app's own clock; a test that moves the time puts it back after. */
let realClock: TestApp['ctx']['clock'];
beforeAll(async () => {
  // app.inject comes from 127.0.0.1, which plays the reverse proxy: X-Forwarded-For is each client's address.
  app = await buildTestApp({ trustProxy: ['127.0.0.1'] });
  realClock = app.ctx.clock;
});
afterAll(async () => {
  await app.closeAll();
});
afterEach(() => {
  app.ctx.clock = realClock;
});

const login = (email: string, password: string, from: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': from } });
const post = (url: string, payload: object, from = '192.0.2.1') =>
  app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': from } });

async function failFrom(user: TestUser, from: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(user.email, 'wrong-password', from)).statusCode).toBe(401);
}

async function signInLink(user: TestUser): Promise<string> {
  expect((await post('/api/auth/email-link', { email: user.email })).statusCode).toBe(200);
  return new URL(await lastEmailLink(app, user.email, '/login/email-link')).searchParams.get('token') as string;
}

describe('password lockout per account and address', () => {
  it("a stranger's five wrong passwords from another address do not lock the owner out", async () => {
    const owner = await buildUser(app);
    await failFrom(owner, '203.0.113.5', 5);
    const res = await login(owner.email, TEST_PASSWORD, '198.51.100.7');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(owner.id);
  });

  it('the address that failed five times is locked for that account, even with the right password', async () => {
    const owner = await buildUser(app);
    await failFrom(owner, '203.0.113.6', 5);
    const locked = await login(owner.email, TEST_PASSWORD, '203.0.113.6');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TEXTS.tooManyLogins);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another account from that address is not affected.
    const other = await buildUser(app);
    expect((await login(other.email, TEST_PASSWORD, '203.0.113.6')).statusCode).toBe(200);
  });

  it('the owner signing in does not wipe the failures a stranger made from elsewhere', async () => {
    const owner = await buildUser(app);
    await failFrom(owner, '203.0.113.7', 4);
    expect((await login(owner.email, TEST_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
    await failFrom(owner, '203.0.113.7', 1);
    expect((await login(owner.email, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
  });

  it(`locks the account from every address only at ${ACCOUNT_LOCKOUT_ATTEMPTS} failures in the window, and the e-mailed link still signs in`, async () => {
    const owner = await buildUser(app);
    const addresses = ACCOUNT_LOCKOUT_ATTEMPTS / 5;
    for (let i = 0; i < addresses - 1; i++) await failFrom(owner, `203.0.114.${i + 1}`, 5);
    expect((await login(owner.email, TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    await failFrom(owner, '203.0.114.200', 5);
    const locked = await login(owner.email, TEST_PASSWORD, '198.51.100.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Email me a sign-in link/);
    const res = await post('/api/auth/email-link/sign-in', { token: await signInLink(owner) }, '198.51.100.9');
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(res.json()) })).json().id).toBe(owner.id);
  });
});

describe('e-mailed sign-in link', () => {
  it('signs in once and only once', async () => {
    const user = await buildUser(app);
    const token = await signInLink(user);
    const first = await post('/api/auth/email-link/sign-in', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ id: user.id, email: user.email });
    const again = await post('/api/auth/email-link/sign-in', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, expired or already used/);
  });

  it('stops working after 15 minutes', async () => {
    const user = await buildUser(app);
    const token = await signInLink(user);
    const later = Date.now() + 15 * 60 * 1000 + 1000;
    app.ctx.clock = { now: () => new Date(later) };
    const res = await post('/api/auth/email-link/sign-in', { token });
    expect(res.statusCode).toBe(400);
  });

  it('only the newest link works, and the stored mail holds no working link', async () => {
    const user = await buildUser(app);
    const older = await signInLink(user);
    const newer = await signInLink(user);
    expect((await post('/api/auth/email-link/sign-in', { token: older })).statusCode).toBe(400);
    const rows = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.body).not.toContain(newer);
    expect((await post('/api/auth/email-link/sign-in', { token: newer })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address, and sends nothing to it', async () => {
    const user = await buildUser(app);
    const known = await post('/api/auth/email-link', { email: user.email });
    const unknown = await post('/api/auth/email-link', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await expect(lastEmailLink(app, 'nobody-here@example.com', '/login/email-link')).rejects.toThrow();
  });

  it('verifies an unverified address and refuses a suspended account without using the link up', async () => {
    const unverified = await buildUser(app, { emailVerified: false });
    const res = await post('/api/auth/email-link/sign-in', { token: await signInLink(unverified) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(true);

    const suspended = await buildUser(app);
    const token = await signInLink(suspended);
    await setUserStatus(app, suspended.id, 'suspended');
    const refused = await post('/api/auth/email-link/sign-in', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEXTS.accountSuspended);
    await setUserStatus(app, suspended.id, 'active');
    expect((await post('/api/auth/email-link/sign-in', { token })).statusCode).toBe(200);
  });
});
