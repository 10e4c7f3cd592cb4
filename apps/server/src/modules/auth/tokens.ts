import { createHash, randomBytes } from 'node:crypto';
import { JWT_TTL_SECONDS, type TokenClaims, type UserType } from '@farmstand/shared';
import { jwtVerify, SignJWT } from 'jose';

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

/** Returns the claims, or null for a token that is malformed, forged or expired. */
export async function verifyAccessToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) return null;
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}

/** A random single-use token for e-mail links, and the hash we keep of it. */
export function createOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
