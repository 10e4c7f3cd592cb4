import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { openTestDatabase, testConfig } from '../../test/test-app';

/** 100 API calls a minute per IP, so sign-in and mail calls get 10: small enough to hit in a test. */
const PER_MINUTE = 100;
const SENSITIVE = 10;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function appWith(overrides: Partial<Config> = {}) {
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, rateLimitPerMinute: PER_MINUTE });
  await app.ready();
  return app;
}
type App = Awaited<ReturnType<typeof appWith>>;

let attempt = 0;
/** A failed sign-in; a fresh unknown e-mail each time unless told, so the account lockout stays out of the way. */
const login = (app: App, forwardedFor?: string, email = `nobody-${++attempt}@example.com`) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const mailsTo = async (to: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).length;

describe('per-IP limits trust X-Forwarded-For only from a configured proxy', () => {
  it('by default a spoofed X-Forwarded-For changes nothing: the sign-in limit still answers 429', async () => {
    const app = await appWith();
    try {
      for (let i = 0; i < SENSITIVE; i++) expect((await login(app, `203.0.113.${i}`)).statusCode).not.toBe(429);
      const limited = await login(app, '203.0.113.250');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.json().message).toMatch(/too many requests/i);
    } finally {
      await app.close();
    }
  });

  it('a spoofed header does not escape the general API limit either', async () => {
    const app = await appWith();
    try {
      let last = 0;
      for (let i = 0; i <= PER_MINUTE; i++) {
        last = (await app.inject({ url: '/api/health', headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } })).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('honours X-Forwarded-For from a configured proxy address: each client gets its own budget', async () => {
    // app.inject comes from 127.0.0.1, which plays the configured reverse proxy here.
    const app = await appWith({ trustProxy: ['127.0.0.1'] });
    try {
      for (let i = 0; i < SENSITIVE; i++) expect((await login(app, '203.0.113.7')).statusCode).toBe(401);
      expect((await login(app, '203.0.113.7')).statusCode).toBe(429);
      expect((await login(app, '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('honours the header behind a hop count (TRUST_PROXY=1)', async () => {
    const app = await appWith({ trustProxy: 1 });
    try {
      for (let i = 0; i < SENSITIVE; i++) await login(app, '203.0.113.9');
      expect((await login(app, '203.0.113.9')).statusCode).toBe(429);
      expect((await login(app, '203.0.113.10')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('ignores the header when the proxy list names another address', async () => {
    const app = await appWith({ trustProxy: ['10.0.0.0/8'] });
    try {
      for (let i = 0; i < SENSITIVE; i++) await login(app, `203.0.113.${i}`);
      expect((await login(app, '203.0.113.99')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('a locked account says when to try again', () => {
  it('answers its 429 with a Retry-After of at most the lockout window', async () => {
    const app = await appWith();
    try {
      const user = await buildUser(app as never);
      for (let i = 0; i < 5; i++) expect((await login(app, undefined, user.email)).statusCode).toBe(401);
      const locked = await login(app, undefined, user.email);
      expect(locked.statusCode).toBe(429);
      const seconds = Number(locked.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    } finally {
      await app.close();
    }
  });
});

describe('reset and verification mails to one address are capped per hour', () => {
  it('sends at most 3 reset mails an hour to one address, answering every call the same', async () => {
    const app = await appWith({ trustProxy: ['127.0.0.1'] });
    try {
      const user = await buildUser(app as never);
      const answers = [];
      // Each call from a different client address: the per-IP limit is not what stops them.
      for (let i = 0; i < 6; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: user.email },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        });
        answers.push([res.statusCode, res.json()]);
      }
      expect(await mailsTo(user.email)).toBe(3);
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'ghost@example.com' },
      });
      for (const answer of answers) expect(answer).toEqual([200, unknown.json()]);
    } finally {
      await app.close();
    }
  });

  it('caps verification mails the same way, and the cap holds across server instances', async () => {
    const first = await appWith({ trustProxy: ['127.0.0.1'] });
    const second = await appWith({ trustProxy: ['127.0.0.1'] });
    try {
      const email = 'flooded-verify@example.com';
      const registered = await first.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'longenough1', userType: 'consumer' },
      });
      expect(registered.statusCode).toBe(201);
      const answers = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? first : second;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          payload: { email },
          headers: { 'x-forwarded-for': `192.0.2.${100 + i}` },
        });
        expect(res.statusCode).toBe(200);
        answers.add(res.body);
      }
      expect(answers.size).toBe(1);
      // The registration mail counts too: three in the hour, whichever instance answered.
      expect(await mailsTo(email)).toBe(3);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
