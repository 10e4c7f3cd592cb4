import { DEFAULT_SETTINGS, TEXTS } from '@farmstand/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, lastEmailLink, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
afterEach(async () => {
  await app.ctx.settings.set('security', DEFAULT_SETTINGS.security);
});

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const security = (changes: Partial<typeof DEFAULT_SETTINGS.security>) =>
  app.ctx.settings.set('security', { ...DEFAULT_SETTINGS.security, ...changes });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
let sequence = 0;
const newEmail = () => `settings-${++sequence}@example.com`;

describe('the password_min_length setting governs registration and reset', () => {
  it('is published for the register form', async () => {
    expect((await app.inject({ url: '/api/auth/rules' })).json()).toEqual({ password_min_length: 8 });
    await security({ password_min_length: 12 });
    expect((await app.inject({ url: '/api/auth/rules' })).json()).toEqual({ password_min_length: 12 });
  });

  it('registration refuses a password shorter than the setting, naming the minimum', async () => {
    await security({ password_min_length: 12 });
    const short = await post('/api/auth/register', { email: newEmail(), password: 'ten-chars!', userType: 'consumer' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password: Must be at least 12 characters long');
    const long = await post('/api/auth/register', { email: newEmail(), password: 'twelve-chars', userType: 'consumer' });
    expect(long.statusCode).toBe(201);
  });

  it('a lower setting lets a shorter password through', async () => {
    await security({ password_min_length: 6 });
    expect((await post('/api/auth/register', { email: newEmail(), password: 'sixsix', userType: 'consumer' })).statusCode).toBe(
      201,
    );
  });

  it('the reset refuses a password shorter than the setting', async () => {
    await security({ password_min_length: 12 });
    const user = await buildUser(app);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = new URL(await lastEmailLink(app, user.email, '/reset-password')).searchParams.get('token');
    const short = await post('/api/auth/reset-password', { token, password: 'ten-chars!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password: Must be at least 12 characters long');
    // The refused attempt did not use up the link.
    expect((await post('/api/auth/reset-password', { token, password: 'twelve-chars' })).statusCode).toBe(200);
  });
});

describe('the session_timeout setting sets how long a session lasts', () => {
  it('tokens last the set number of days', async () => {
    const user = await buildUser(app);
    const week = claimsOf((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().token);
    expect(week.exp - week.iat).toBe(7 * 86_400);
    await security({ session_timeout: 1 });
    const day = claimsOf((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().token);
    expect(day.exp - day.iat).toBe(86_400);
  });

  it('a shorter timeout also ends sessions already older than it', async () => {
    const user = await buildUser(app);
    const { SignJWT } = await import('jose');
    const twoDaysOld = await new SignJWT({ email: user.email, userType: 'consumer', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 5 * 86_400)
      .sign(new TextEncoder().encode(app.ctx.config.jwtSecret));
    expect((await app.inject({ url: '/api/auth/me', headers: bearer({ token: twoDaysOld }) })).statusCode).toBe(200);
    await security({ session_timeout: 1 });
    expect((await app.inject({ url: '/api/auth/me', headers: bearer({ token: twoDaysOld }) })).statusCode).toBe(401);
  });
});

describe('blank passwords are refused, and a verification link can be opened again', () => {
  it('refuses a password of only spaces on register and reset', async () => {
    const spaces = await post('/api/auth/register', { email: newEmail(), password: '        ', userType: 'consumer' });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().message).toMatch(/^Password/);
    expect(spaces.json().message).toMatch(/spaces/);
    const tabs = await post('/api/auth/register', { email: newEmail(), password: ' \t \n    ', userType: 'consumer' });
    expect(tabs.statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { token: 'whatever', password: '          ' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toMatch(/spaces/);
  });

  it('a reused verification link answers the same success, "already verified", every time', async () => {
    const email = newEmail();
    await post('/api/auth/register', { email, password: 'longenough1', userType: 'consumer' });
    const token = new URL(await lastEmailLink(app, email, '/verify-email')).searchParams.get('token');
    const first = await post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(TEXTS.verifySucceeded);
    for (let i = 0; i < 2; i++) {
      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: 'Your email is already verified. You can log in.', alreadyVerified: true });
    }
  });

  it('an older verification link of a verified account says the same; an unknown link stays an error', async () => {
    const email = newEmail();
    await post('/api/auth/register', { email, password: 'longenough1', userType: 'consumer' });
    const older = new URL(await lastEmailLink(app, email, '/verify-email')).searchParams.get('token');
    await post('/api/auth/resend-verification', { email });
    const newer = new URL(await lastEmailLink(app, email, '/verify-email')).searchParams.get('token');
    expect((await post('/api/auth/verify-email', { token: newer })).statusCode).toBe(200);
    const old = await post('/api/auth/verify-email', { token: older });
    expect(old.statusCode).toBe(200);
    expect(old.json().alreadyVerified).toBe(true);
    const unknown = await post('/api/auth/verify-email', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(TEXTS.verifyFailed);
  });
});
