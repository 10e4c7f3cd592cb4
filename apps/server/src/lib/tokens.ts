import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { JWT_TTL_SECONDS, type TokenClaims, type UserType } from '@farmstand/shared';
import { SignJWT } from 'jose';

export type AccessTokenUser = { id: number; email: string; userType: UserType; tokenVersion?: number };

/**
 * `tv` is the user's token version when the token was issued: a password reset or change bumps
 * the version, and every token carrying an older one stops working (plugins/auth.ts).
 */
export async function signAccessToken(user: AccessTokenUser, secret: string, ttlSeconds = JWT_TTL_SECONDS): Promise<string> {
  return new SignJWT({ email: user.email, userType: user.userType, tv: user.tokenVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** One HMAC key per secret (the process has one), not re-imported for every request. */
const hmacKeys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, key);
  }
  return key;
}

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Returns the claims, or null for a token that is malformed, forged or expired. HS256 only (no
 * `none`, no other algorithm), the signature compared in constant time, `exp` required. Checked
 * here with node:crypto in the request's own thread: jose's WebCrypto path imported the key and
 * hopped to the thread pool on every request (a tenth of the server's time per order).
 */
export async function verifyAccessToken(token: string, secret: string): Promise<TokenClaims | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null;
  const expected = Buffer.from(createHmac('sha256', hmacKey(secret)).update(`${headerPart}.${payloadPart}`).digest('base64url'));
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(payloadPart);
  if (!payload) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) return null;
  return payload as unknown as TokenClaims;
}

/** A random single-use token for e-mail links, and the hash we keep of it. */
export function createOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
