import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import {
  type LinkPurpose,
  linkKey,
  makeUnsubscribeToken,
  OLD_UNSUBSCRIBE_LINKS_UNTIL,
  readUnsubscribeToken,
} from './unsubscribe-token';

/** Mail links' tokens (decision 521): each purpose signs with its own key derived from the secret, never the JWT key. */
const SECRET = 'a-server-secret-a-server-secret-0123456789';
const PURPOSES: LinkPurpose[] = ['pickup-reminders', 'farm-notices', 'standing-skip'];

/** A token as the JWT signing key (the secret itself) signs: how links were made before decision 521. */
const signedWithJwtKey = (secret: string, purpose: LinkPurpose, ids: number[]) =>
  `${ids.join('-')}.${createHmac('sha256', secret)
    .update(`${purpose}:${ids.join(':')}`)
    .digest('base64url')}`;
const AFTER_GRACE = new Date(OLD_UNSUBSCRIBE_LINKS_UNTIL.getTime() + 1);
const IN_GRACE = new Date(OLD_UNSUBSCRIBE_LINKS_UNTIL.getTime() - 86_400_000);

describe('mail link tokens', () => {
  it('read back the ids they were made for, for their purpose', () => {
    const token = makeUnsubscribeToken(SECRET, 'farm-notices', [7, 12]);
    expect(readUnsubscribeToken(SECRET, 'farm-notices', token, 2)).toEqual([7, 12]);
    expect(readUnsubscribeToken(SECRET, 'farm-notices', token, 2, AFTER_GRACE)).toEqual([7, 12]);
  });

  it('refuse a token signed with the JWT key directly, once the old links’ grace is over (skip links at once)', () => {
    for (const purpose of PURPOSES) {
      const old = signedWithJwtKey(SECRET, purpose, [7, 12]);
      expect(readUnsubscribeToken(SECRET, purpose, old, 2, AFTER_GRACE), purpose).toBeNull();
      expect(readUnsubscribeToken(SECRET, purpose, old, 2), purpose).toBeNull();
    }
    expect(
      readUnsubscribeToken(SECRET, 'standing-skip', signedWithJwtKey(SECRET, 'standing-skip', [7, 12]), 2, IN_GRACE),
    ).toBeNull();
    // The ids' HMAC alone, under the JWT key, is nothing either.
    const bare = `7.${createHmac('sha256', SECRET).update('7').digest('base64url')}`;
    expect(readUnsubscribeToken(SECRET, 'pickup-reminders', bare, 1, IN_GRACE)).toBeNull();
  });

  it('honour an unsubscribe link mailed before the keys were split until the grace ends', () => {
    expect(
      readUnsubscribeToken(SECRET, 'pickup-reminders', signedWithJwtKey(SECRET, 'pickup-reminders', [7]), 1, IN_GRACE),
    ).toEqual([7]);
    expect(readUnsubscribeToken(SECRET, 'farm-notices', signedWithJwtKey(SECRET, 'farm-notices', [7, 12]), 2, IN_GRACE)).toEqual([
      7, 12,
    ]);
    // Even then, only for the purpose it was made for.
    expect(
      readUnsubscribeToken(SECRET, 'farm-notices', signedWithJwtKey(SECRET, 'standing-skip', [7, 12]), 2, IN_GRACE),
    ).toBeNull();
  });

  it('refuse a token of one purpose for another', () => {
    for (const made of PURPOSES) {
      for (const read of PURPOSES.filter((p) => p !== made)) {
        const token = makeUnsubscribeToken(SECRET, made, [7, 12]);
        expect(readUnsubscribeToken(SECRET, read, token, 2, IN_GRACE), `${made} read as ${read}`).toBeNull();
      }
    }
  });

  it('derive a different key for each purpose, none of them the secret', () => {
    const keys = PURPOSES.map((purpose) => linkKey(SECRET, purpose).toString('hex'));
    expect(new Set(keys).size).toBe(PURPOSES.length);
    expect(keys).not.toContain(Buffer.from(SECRET).toString('hex'));
    expect(linkKey('another-secret-another-secret-0123456789', 'farm-notices').toString('hex')).not.toBe(keys[1]);
  });

  it('refuse changed, extended and malformed tokens', () => {
    const token = makeUnsubscribeToken(SECRET, 'standing-skip', [7, 12]);
    const [, sig] = token.split('.');
    for (const bad of [`7-13.${sig}`, `${token}.x`, `7-12.${sig.slice(1)}`, '7-12', '.', `0-12.${sig}`, `7-12-1.${sig}`]) {
      expect(readUnsubscribeToken(SECRET, 'standing-skip', bad, 2, IN_GRACE), bad).toBeNull();
    }
    expect(readUnsubscribeToken('another-secret-another-secret-0123456789', 'standing-skip', token, 2)).toBeNull();
  });
});

describe('the routes that take mail links', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });
  const open = (url: string, at: Date) => {
    app.ctx.clock = { now: () => at };
    return app.inject({ method: 'GET', url });
  };
  const secret = () => app.ctx.config.jwtSecret;

  it('refuse a link signed with the JWT key directly (unsubscribe links once their grace is over, skip links always)', async () => {
    const reminders = await open(
      `/api/reminders/unsubscribe/${signedWithJwtKey(secret(), 'pickup-reminders', [7])}`,
      AFTER_GRACE,
    );
    expect(reminders.statusCode).toBe(400);
    expect(reminders.json().message).toMatch(/unsubscribe link is not valid/);
    const notices = await open(`/api/notices/unsubscribe/${signedWithJwtKey(secret(), 'farm-notices', [7, 12])}`, AFTER_GRACE);
    expect(notices.statusCode).toBe(400);
    const skip = await open(`/api/standing/links/skip/${signedWithJwtKey(secret(), 'standing-skip', [7, 12])}`, IN_GRACE);
    expect(skip.statusCode).toBe(400);
    // Within the grace a mailed unsubscribe link still leads to its page.
    const mailed = await open(`/api/reminders/unsubscribe/${signedWithJwtKey(secret(), 'pickup-reminders', [7])}`, IN_GRACE);
    expect(mailed.statusCode).toBe(303);
  });

  it('refuse a link of one purpose at another’s route', async () => {
    const notice = makeUnsubscribeToken(secret(), 'farm-notices', [7, 12]);
    const skip = makeUnsubscribeToken(secret(), 'standing-skip', [7, 12]);
    expect((await open(`/api/standing/links/skip/${notice}`, IN_GRACE)).statusCode).toBe(400);
    expect((await open(`/api/notices/unsubscribe/${skip}`, IN_GRACE)).statusCode).toBe(400);
    expect((await open(`/api/notices/unsubscribe/${notice}`, IN_GRACE)).statusCode).toBe(303);
    const reminder = makeUnsubscribeToken(secret(), 'pickup-reminders', [7]);
    expect((await open(`/api/reminders/unsubscribe/${reminder}`, AFTER_GRACE)).statusCode).toBe(303);
  });
});
