import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, lastEmailLink, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const post = (url: string, payload: unknown, headers = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });
const tokenFrom = (link: string) => new URL(link).searchParams.get('token') as string;

async function requestResetToken(email: string): Promise<string> {
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  return tokenFrom(await lastEmailLink(app, email, '/reset-password'));
}

describe('only the newest reset link works', () => {
  it('a reset with the newest link kills the older one', async () => {
    const user = await buildUser(app);
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await post('/api/auth/reset-password', { token: newer, password: 'brand-new-pass' })).statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', { token: older, password: 'attacker-pass-1' });
    expect(stale.statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: 'attacker-pass-1' })).statusCode).toBe(401);
  });

  it('only the newest unexpired link works: asking again retires the older one', async () => {
    const user = await buildUser(app);
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect((await post('/api/auth/reset-password', { token: older, password: 'older-link-pass' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: newer, password: 'newer-link-pass' })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: newer, password: 'newer-link-again' })).statusCode).toBe(400);
  });
});

describe('sessions end when the password changes', () => {
  it('a token issued before a reset stops working; the reset answers a fresh session', async () => {
    const user = await buildUser(app);
    const login = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const otherDevice = { token: login.json().token as string };
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(user) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(otherDevice) })).statusCode).toBe(200);

    const token = await requestResetToken(user.email);
    const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);

    for (const old of [user, otherDevice]) {
      const me = await app.inject({ url: '/api/auth/me', headers: bearer(old) });
      expect(me.statusCode).toBe(401);
      expect(me.json().message).toMatch(/sign in/i);
    }
    // The person who reset is signed in fresh.
    const fresh = { token: reset.json().token as string };
    expect(reset.json().user).toMatchObject({ id: user.id, email: user.email });
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(fresh) })).statusCode).toBe(200);
    // A new sign-in works as before.
    const again = await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' });
    expect((await app.inject({ url: '/api/auth/me', headers: bearer({ token: again.json().token }) })).statusCode).toBe(200);
  });

  it('an old token also stops working on authenticated writes, not only on /me', async () => {
    const user = await buildUser(app);
    const token = await requestResetToken(user.email);
    expect((await post('/api/auth/reset-password', { token, password: 'brand-new-pass' })).statusCode).toBe(200);
    const res = await app.inject({ url: '/api/reviews/my-reviews', headers: bearer(user) });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the password needs the current one and ends other sessions and reset links', () => {
  const change = (user: { token: string } | null, body: object) =>
    app.inject({ method: 'POST', url: '/api/auth/change-password', payload: body, headers: user ? bearer(user) : {} });

  it('needs the current password, ends every other session and answers a fresh one', async () => {
    const user = await buildUser(app);
    const otherDevice = { token: (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().token };
    const wrong = await change(user, { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(user) })).statusCode).toBe(200);

    const changed = await change(user, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.id).toBe(user.id);
    for (const old of [user, otherDevice]) {
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(old) })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(changed.json()) })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('also kills outstanding reset links', async () => {
    const user = await buildUser(app);
    const link = await requestResetToken(user.email);
    expect((await change(user, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: link, password: 'attacker-pass-1' })).statusCode).toBe(400);
  });

  it('checks the new password like sign-up does, and refuses guests', async () => {
    const user = await buildUser(app);
    const short = await change(user, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('New password: Must be at least 8 characters long');
    const spaces = await change(user, { currentPassword: TEST_PASSWORD, newPassword: '         ' });
    expect(spaces.statusCode).toBe(400);
    expect((await change(null, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' })).statusCode).toBe(401);
  });
});
