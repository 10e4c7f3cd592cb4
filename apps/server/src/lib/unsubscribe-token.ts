import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The signed tokens of mail links (decision 521): a mail's one-click unsubscribe (RFC 8058) and a
 * standing reservation's skip link. A token is the ids it is about and an HMAC of them, under the
 * key of its purpose. No table: the link works while the secret stays, only for those ids and that
 * purpose ("pickup-reminders" for a user, "farm-notices" for a user and a farm, "standing-skip" for
 * a standing reservation and a pickup). Format `<id>-<id>….<signature>`, which the mailer's
 * List-Unsubscribe path takes.
 */
export type LinkPurpose = 'pickup-reminders' | 'farm-notices' | 'standing-skip';

/**
 * Each purpose's own key, derived from the server's secret with HKDF-SHA256 (RFC 5869) and the
 * purpose as its label: the secret signs sessions (JWT) and is never the key of a link, and a
 * token made for one purpose is no token of another.
 */
export function linkKey(secret: string, purpose: LinkPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'farmstand mail links', `farmstand link token v2: ${purpose}`, 32));
}

const signature = (key: string | Buffer, purpose: LinkPurpose, ids: readonly number[]) =>
  createHmac('sha256', key)
    .update(`${purpose}:${ids.join(':')}`)
    .digest('base64url');

/**
 * Unsubscribe links mailed before the keys were split were signed with the secret itself. They are
 * honoured until this moment (decision 521: a mailed unsubscribe link keeps working for 30 days and
 * more after the mail, RFC 8058 / CAN-SPAM), then refused; skip links never (they end at their
 * pickup's cut-off, two days after their mail, and the app skips too). Remove after this date.
 */
export const OLD_UNSUBSCRIBE_LINKS_UNTIL = new Date('2027-03-01T00:00:00Z');
const HONOURS_OLD_LINKS: ReadonlySet<LinkPurpose> = new Set(['pickup-reminders', 'farm-notices']);

export function makeUnsubscribeToken(secret: string, purpose: LinkPurpose, ids: readonly number[]): string {
  return `${ids.join('-')}.${signature(linkKey(secret, purpose), purpose, ids)}`;
}

const sameText = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The ids a token was made for with this purpose (as many as `count`), or null when it was changed,
 * forged or made for another purpose. `now` (the caller's clock) lets an unsubscribe link mailed
 * before the keys were split through until OLD_UNSUBSCRIBE_LINKS_UNTIL; without it, none is.
 */
export function readUnsubscribeToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  count: number,
  now?: Date,
): number[] | null {
  const [head, given, ...rest] = token.split('.');
  if (!head || !given || rest.length > 0) return null;
  const ids = head.split('-').map(Number);
  if (ids.length !== count || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  if (sameText(given, signature(linkKey(secret, purpose), purpose, ids))) return ids;
  const honoursOld = now !== undefined && HONOURS_OLD_LINKS.has(purpose) && now.getTime() < OLD_UNSUBSCRIBE_LINKS_UNTIL.getTime();
  if (honoursOld && sameText(given, signature(secret, purpose, ids))) return ids;
  return null;
}
