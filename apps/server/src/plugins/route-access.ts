import { USER_TYPES, type UserType } from '@farmstand/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../lib/context';
import { forbidden, unauthorized } from '../lib/errors';
import { type AuthUser, bearerToken, requireUser } from './auth';

/**
 * Who may call a route, declared once in its options (the "route access convention"):
 * - 'public': anyone, the handler may still look at request.currentUser();
 * - 'signed-in': any active account (401 for guests and dead tokens);
 * - a list of user types: those accounts only (401 for guests, 403 for other accounts).
 */
export type RouteAccess = 'public' | 'signed-in' | readonly UserType[];

export type AccessMessages = {
  /** The 401 text for a guest (no bearer token); an expired token always reads "session expired". */
  signIn?: string;
  /** The 403 text for a signed-in account of another type, one text or one per type. */
  denied?: string | Partial<Record<UserType, string>>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Signed-in routes refuse unverified accounts when the security setting asks for it; this lets them in. */
    allowUnverified?: boolean;
    accessMessages?: AccessMessages;
  }
}

/** What a route declared, as the route access plugin saw it (the role x route matrix test reads this). */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  allowUnverified: boolean;
  accessMessages: AccessMessages;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its declared access, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

export function deniedMessage(access: readonly UserType[], userType: UserType, messages: AccessMessages = {}): string {
  const { denied } = messages;
  if (typeof denied === 'string') return denied;
  return denied?.[userType] ?? `Only ${access.join(' or ')} accounts can do this`;
}

/** The gate itself: who the caller is and whether the route lets them in. Exported for the few handlers that need it. */
export async function authorizeRequest(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const config = request.routeOptions.config;
  const access = config.access;
  if (access === undefined || access === 'public') return null;
  const messages = config.accessMessages ?? {};
  if (messages.signIn && !bearerToken(request)) throw unauthorized(messages.signIn);
  // requireUser is the one definition of "signed in": token, account status, e-mail verification.
  const user = await requireUser(ctx, request, { allowUnverified: config.allowUnverified === true });
  if (access !== 'signed-in' && !access.includes(user.userType)) {
    throw forbidden(deniedMessage(access, user.userType, messages));
  }
  return user;
}

function assertKnownAccess(route: RouteOptions, access: unknown): void {
  const valid =
    access === undefined ||
    access === 'public' ||
    access === 'signed-in' ||
    (Array.isArray(access) && access.length > 0 && access.every((type) => (USER_TYPES as readonly string[]).includes(type)));
  if (!valid) throw new Error(`${route.method} ${route.url}: config.access must be 'public', 'signed-in' or user types`);
}

/**
 * Checks `config.access` in onRequest, before the body is parsed and validated: a guest sending a
 * malformed body to a producer route gets 401, a consumer 403, and only allowed callers ever see a
 * validation message. Added per route through onRoute so it runs after the rate
 * limit's own onRequest hook (registered earlier) and costs nothing on public routes.
 */
export const routeAccessPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  const gate: onRequestAsyncHookHandler = async (request) => {
    await authorizeRequest(opts.ctx, request);
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    route.config ??= {};
    const access = route.config.access;
    assertKnownAccess(route, access);
    for (const method of [route.method].flat()) {
      // Fastify's automatic HEAD twin of a GET shares its options and its gate; listed once.
      if (method === 'HEAD') continue;
      declared.push({
        method,
        url: route.url,
        access,
        allowUnverified: route.config.allowUnverified === true,
        accessMessages: route.config.accessMessages ?? {},
      });
    }
    if (access === undefined || access === 'public') return;
    const existing = route.onRequest;
    route.onRequest = existing ? [...[existing].flat(), gate] : [gate];
  });
});
