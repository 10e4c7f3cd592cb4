import { TEXTS, type UserType } from '@farmstand/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../lib/context';
import { forbidden, unauthorized } from '../lib/errors';
import { findUserWithSubscription, type UserWithSubscription } from '../modules/auth/auth.repository';
import { verifyAccessToken } from '../modules/auth/tokens';

export type AuthUser = UserWithSubscription;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded lazily; null for guests and for tokens that no longer work. */
    currentUser(): Promise<AuthUser | null>;
  }
}

/**
 * Resolves a bearer token to an active user. Suspended and deleted users' tokens stop working, and
 * so does every token issued before the last password reset or change (its token version is older).
 */
export async function userFromToken(ctx: AppContext, token: string | undefined): Promise<AuthUser | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(token, ctx.config.jwtSecret);
  if (!claims) return null;
  const user = await findUserWithSubscription(ctx.db, Number(claims.sub));
  if (user?.status !== 'active') return null;
  if ((claims.tv ?? 0) !== user.tokenVersion) return null;
  // A session older than the admin's session_timeout ends, even when it was issued under a longer one.
  const settings = ctx.settings.cached() ?? (await ctx.settings.all());
  const maxAgeSeconds = settings.security.session_timeout * 24 * 60 * 60;
  if (typeof claims.iat === 'number' && Date.now() / 1000 - claims.iat > maxAgeSeconds) return null;
  return user;
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

type GuardOptions = { allowUnverified?: boolean };

/** The signed-in user or a 401. Unverified users are refused when the setting asks for verification. */
export async function requireUser(ctx: AppContext, request: FastifyRequest, options: GuardOptions = {}): Promise<AuthUser> {
  const user = await request.currentUser();
  if (!user) throw unauthorized(bearerToken(request) ? 'Your session has expired. Please sign in again.' : undefined);
  if (!options.allowUnverified && !user.emailVerified) {
    const security = await ctx.settings.get('security');
    if (security.require_email_verification) throw forbidden(TEXTS.emailNotVerified);
  }
  return user;
}

export async function requireRole(
  ctx: AppContext,
  request: FastifyRequest,
  roles: UserType[],
  message?: string,
): Promise<AuthUser> {
  const user = await requireUser(ctx, request);
  if (!roles.includes(user.userType)) {
    throw forbidden(message ?? `Only ${roles.join(' or ')} accounts can do this`);
  }
  return user;
}
