import { TEXTS } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/tokens';
import { bearer, buildUser, lastEmailLink, setUserStatus, TEST_PASSWORD } from '../../test/factories';
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

describe('POST /api/auth/register', () => {
  it('creates a consumer and returns a token and the user', async () => {
    const res = await post('/api/auth/register', {
      email: 'New.Person@Example.com',
      password: 'longenough1',
      userType: 'consumer',
      phone: '(502) 555-0101',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      email: 'new.person@example.com',
      userType: 'consumer',
      phone: '(502) 555-0101',
      emailVerified: false,
      subscription: { status: 'none', trial_ends_at: null },
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(body.user.id), email: 'new.person@example.com', userType: 'consumer' });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('starts a 30-day trial for a producer', async () => {
    const res = await post('/api/auth/register', { email: 'farm@example.com', password: 'longenough1', userType: 'producer' });
    expect(res.statusCode).toBe(201);
    const { subscription } = res.json().user;
    expect(subscription.status).toBe('trialing');
    const days = (new Date(subscription.trial_ends_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    await post('/api/auth/register', { email: 'dup@example.com', password: 'longenough1', userType: 'consumer' });
    const res = await post('/api/auth/register', { email: 'DUP@example.com', password: 'longenough1', userType: 'consumer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXTS.emailTaken);
  });

  it.each([
    [{ password: 'longenough1', userType: 'consumer' }, /email/i],
    [{ email: 'not-an-email', password: 'longenough1', userType: 'consumer' }, /email/i],
    [{ email: 'a@example.com', userType: 'consumer' }, /password/i],
    [{ email: 'a@example.com', password: 'short', userType: 'consumer' }, /Password: Must be at least 8 characters long/],
    [{ email: 'a@example.com', password: 'longenough1', userType: 'admin' }, /account type/i],
    [{ email: 'a@example.com', password: 'longenough1' }, /account type/i],
    [{ email: 'a@example.com', password: 'longenough1', userType: 'consumer', phone: '12' }, /phone/i],
  ])('rejects bad input %j with a 400 naming the field', async (payload, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('e-mail verification', () => {
  it('verifies with the e-mailed link; opening it again says the account is already verified', async () => {
    await post('/api/auth/register', { email: 'verify@example.com', password: 'longenough1', userType: 'consumer' });
    const token = tokenFrom(await lastEmailLink(app, 'verify@example.com', '/verify-email'));
    const first = await post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: TEXTS.verifySucceeded });
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyVerified).toBe(true);
    const login = await post('/api/auth/login', { email: 'verify@example.com', password: 'longenough1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.emailVerified).toBe(true);
  });

  it('refuses a missing or unknown token', async () => {
    expect((await post('/api/auth/verify-email', {})).json().message).toBe(TEXTS.verifyTokenMissing);
    expect((await post('/api/auth/verify-email', { token: 'nope' })).statusCode).toBe(400);
  });

  it('refuses sign-in before verification while the setting asks for it', async () => {
    await post('/api/auth/register', { email: 'unverified@example.com', password: 'longenough1', userType: 'consumer' });
    const res = await post('/api/auth/login', { email: 'unverified@example.com', password: 'longenough1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.emailNotVerified);
  });

  it('resends a working link, and answers the same for unknown e-mails', async () => {
    await post('/api/auth/register', { email: 'resend@example.com', password: 'longenough1', userType: 'consumer' });
    const res = await post('/api/auth/resend-verification', { email: 'resend@example.com' });
    expect(res.statusCode).toBe(200);
    const unknown = await post('/api/auth/resend-verification', { email: 'ghost@example.com' });
    expect(unknown.json()).toEqual(res.json());
    const token = tokenFrom(await lastEmailLink(app, 'resend@example.com', '/verify-email'));
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await post('/api/auth/resend-verification', {})).statusCode).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const user = await buildUser(app);
    const res = await post('/api/auth/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const user = await buildUser(app);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: TEXTS.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires e-mail and password', async () => {
    expect((await post('/api/auth/login', { email: 'a@example.com' })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { password: 'x' })).statusCode).toBe(400);
  });

  it('locks an account for 15 minutes after 5 failed attempts, even with the right password', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TEXTS.tooManyLogins);
  });

  it('refuses a suspended user, and their existing token stops working', async () => {
    const user = await buildUser(app);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(user) })).statusCode).toBe(200);
    await setUserStatus(app, user.id, 'suspended');
    const login = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(TEXTS.accountSuspended);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(user) })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the current user', async () => {
    const user = await buildUser(app, { userType: 'producer' });
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      userType: 'producer',
      subscription: { status: 'trialing' },
    });
  });

  it('answers 401 without a token, with a forged token and with an expired token', async () => {
    expect((await app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const user = await buildUser(app);
    const forged = await signAccessToken(
      { id: user.id, email: user.email, userType: 'admin' },
      'another-secret-another-secret-another-secret',
    );
    expect((await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ email: user.email, userType: 'consumer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(app.ctx.config.jwtSecret));
    const res = await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign in/i);
  });
});

describe('password reset', () => {
  it('resets with a single-use token and signs in with the new password', async () => {
    const user = await buildUser(app);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const token = tokenFrom(await lastEmailLink(app, user.email, '/reset-password'));
    expect((await post('/api/auth/reset-password', { token, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    const reused = await post('/api/auth/reset-password', { token, password: 'another-pass-1' });
    expect(reused.statusCode).toBe(400);
  });

  it('answers the same for an unknown e-mail and checks the new password', async () => {
    expect((await post('/api/auth/forgot-password', { email: 'ghost@example.com' })).statusCode).toBe(200);
    const user = await buildUser(app);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = tokenFrom(await lastEmailLink(app, user.email, '/reset-password'));
    const res = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/8 characters/);
  });
});

describe('plumbing', () => {
  it('serves health, OpenAPI docs, security headers and JSON 404s', async () => {
    const health = await app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const docs = await app.inject({ url: '/api/docs/json' });
    expect(docs.json().paths).toHaveProperty('/api/auth/register');
    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('message');
  });
});
