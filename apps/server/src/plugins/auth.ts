import type { TokenClaims } from '@farmstand/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedCache } from '../lib/bounded-cache';
import type { AppContext } from '../lib/context';
import { verifyAccessToken } from '../lib/tokens';
import type { UserWithSubscription } from './auth-users';

/**
 * The signed-in account. On the stand's routes a stand helper's request carries their farm's account
 * with `actingHelperId`, the helper acting for it (decision 579): what they record names them.
 */
export type AuthUser = UserWithSubscription & { actingHelperId?: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded lazily; null for guests and for tokens that no longer work. */
    currentUser(): Promise<AuthUser | null>;
  }
}

/**
 * Tokens whose signature this instance has already checked, with their claims (`ctx.verifiedTokens`).
 * Checking a signature is a pure function of the token and the secret, so it is done once per token;
 * expiry is checked again on every use, and the account behind the token (status, token version) is
 * still read from the database on every request.
 * Only valid tokens are kept (lib/bounded-cache.ts): each until its expiry or for an hour, whichever
 * is first, at most VERIFIED_TOKENS_BOUNDS.maxEntries, the oldest dropped first.
 */
export const VERIFIED_TOKENS_BOUNDS = { ttlMs: 60 * 60 * 1000, maxEntries: 10_000 };

export function newVerifiedTokens(): BoundedCache<string, TokenClaims> {
  return new BoundedCache<string, TokenClaims>(VERIFIED_TOKENS_BOUNDS);
}

async function checkedClaims(ctx: AppContext, token: string): Promise<TokenClaims | null> {
  const known = ctx.verifiedTokens;
  const seen = known.get(token);
  if (seen) {
    // The same rule as jose's: expired once exp is not after the current second.
    if (typeof seen.exp !== 'number' || seen.exp > Math.floor(Date.now() / 1000)) return seen;
    known.delete(token);
    return null;
  }
  const claims = await verifyAccessToken(token, ctx.config.jwtSecret);
  if (claims) known.set(token, claims, typeof claims.exp === 'number' ? claims.exp * 1000 : undefined);
  return claims;
}

/**
 * Resolves a bearer token to an active user. Suspended and deleted users' tokens stop working, and
 * so does every token issued before the last password reset or change (its token version is older).
 */
export async function userFromToken(ctx: AppContext, token: string | undefined): Promise<AuthUser | null> {
  return (await sessionFromToken(ctx, token))?.user ?? null;
}

/**
 * The same check, with the moment the session ends (ms since the epoch): the token's expiry, or the
 * admin's session_timeout after it was issued, whichever is first. Live sockets end then (realtime/).
 */
export async function sessionFromToken(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ user: AuthUser; endsAt: number } | null> {
  if (!token) return null;
  const claims = await checkedClaims(ctx, token);
  if (!claims) return null;
  // Fresh from the database on every request, shared only with lookups of the same moment (auth-users.ts).
  const user = await ctx.reads.authUser(Number(claims.sub));
  if (user?.status !== 'active') return null;
  if ((claims.tv ?? 0) !== user.tokenVersion) return null;
  // A session older than the admin's session_timeout ends, even when it was issued under a longer one.
  const settings = ctx.settings.cached() ?? (await ctx.settings.all());
  const maxAgeSeconds = settings.security.session_timeout * 24 * 60 * 60;
  if (typeof claims.iat === 'number' && Date.now() / 1000 - claims.iat > maxAgeSeconds) return null;
  const timesOutAt = typeof claims.iat === 'number' ? (claims.iat + maxAgeSeconds) * 1000 : Number.POSITIVE_INFINITY;
  return { user, endsAt: Math.min(timesOutAt, claims.exp * 1000) };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** Guests (no bearer token) share one settled answer: no token check, no per-request bookkeeping. */
const GUEST: Promise<AuthUser | null> = Promise.resolve(null);

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    const token = bearerToken(this);
    if (!token) return GUEST;
    let pending = cache.get(this);
    if (!pending) {
      pending = userFromToken(opts.ctx, token);
      cache.set(this, pending);
    }
    return pending;
  });
});
