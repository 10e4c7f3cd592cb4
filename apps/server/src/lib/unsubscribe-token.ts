import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a mail's one-click unsubscribe link (RFC 8058): the ids it is about and an HMAC of
 * them, under a scope per kind of mail, with the server's secret. No table: the link works while the
 * secret stays, only for those ids and that kind ("pickup-reminders" for a user, "farm-notices" for
 * a user and a farm). Format `<id>-<id>….<signature>`, which the mailer's List-Unsubscribe path takes.
 */
const sign = (secret: string, scope: string, ids: readonly number[]) =>
  createHmac('sha256', secret)
    .update(`${scope}:${ids.join(':')}`)
    .digest('base64url');

export function makeUnsubscribeToken(secret: string, scope: string, ids: readonly number[]): string {
  return `${ids.join('-')}.${sign(secret, scope, ids)}`;
}

/** The ids a token was made for in this scope (as many as `count`), or null when it was changed or forged. */
export function readUnsubscribeToken(secret: string, scope: string, token: string, count: number): number[] | null {
  const [head, given] = token.split('.');
  if (!head || !given) return null;
  const ids = head.split('-').map(Number);
  if (ids.length !== count || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  const expected = Buffer.from(sign(secret, scope, ids));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return ids;
}
