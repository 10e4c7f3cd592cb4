import { ErrorResponse, TEXTS, USER_TYPES, type UserType } from '@farmstand/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../lib/context';
import { forbidden, unauthorized } from '../lib/errors';
import { type AuthUser, bearerToken } from './auth';

/**
 * Who may call a route, declared once in its options (the "route access convention"):
 * - 'public': anyone, the handler may still look at request.currentUser();
 * - 'signed-in': any active account (401 for guests and dead tokens) but a stand helper's, unless the
 *   route also says `standHelpers: true` (their own account basics);
 * - a list of user types: those accounts only (401 for guests, 403 for other accounts).
 * A stand helper (decision 579) gets in only where a route names 'stand_helper' or `standHelpers`.
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
    /** A 'signed-in' route a stand helper may use too (their own account basics, decision 579). */
    standHelpers?: boolean;
  }
  // The route's own config types its handler's request (Fastify's ContextConfig): `request.user` is
  // the account the gate let in on a signed-in or role route, and null on a public one.
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    user: ContextConfig extends { access: 'signed-in' | readonly UserType[] } ? AuthUser : null;
  }
}

/** What a route declared, as the route access plugin saw it (the role x route matrix test reads this). */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  allowUnverified: boolean;
  standHelpers: boolean;
  accessMessages: AccessMessages;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its declared access, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

/** What a stand helper is told on any route but the stand's and their own account's. */
export const STAND_HELPER_DENIED = 'A stand helper’s account runs the farm’s stand only: this is for the farm’s own account';

export function deniedMessage(
  access: readonly UserType[] | 'signed-in',
  userType: UserType,
  messages: AccessMessages = {},
): string {
  if (userType === 'stand_helper' && !(typeof messages.denied === 'object' && messages.denied.stand_helper))
    return STAND_HELPER_DENIED;
  const { denied } = messages;
  if (typeof denied === 'string') return denied;
  return denied?.[userType] ?? `Only ${[access].flat().join(' or ')} accounts can do this`;
}

/** Whether an account of this type passes a route's declared access (once signed in). */
export function admits(access: 'signed-in' | readonly UserType[], userType: UserType, standHelpers = false): boolean {
  if (access === 'signed-in') return userType !== 'stand_helper' || standHelpers;
  return access.includes(userType);
}

/**
 * The gate itself, the one definition of "signed in" (a working token of an active account, its
 * e-mail verified when the security setting asks for it) and of "of this type".
 */
async function authorizeRequest(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const config = request.routeOptions.config;
  const access = config.access;
  if (access === undefined || access === 'public') return null;
  const messages = config.accessMessages ?? {};
  const token = bearerToken(request);
  if (messages.signIn && !token) throw unauthorized(messages.signIn);
  const user = await request.currentUser();
  if (!user) throw unauthorized(token ? 'Your session has expired. Please sign in again.' : undefined);
  if (config.allowUnverified !== true && !user.emailVerified) {
    const security = await ctx.settings.get('security');
    if (security.require_email_verification) throw forbidden(TEXTS.emailNotVerified);
  }
  if (!admits(access, user.userType, config.standHelpers === true)) {
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
 * validation message; the account let in is `request.user` for the handler. Added per route through
 * onRoute so it runs after the rate limit's own onRequest hook (registered earlier) and costs nothing
 * on public routes. A gated route's schema gains its 401 and 403 answers here, and the OpenAPI
 * document its bearer security (openapi-quality.ts): routes list only their other error codes.
 */
export const routeAccessPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.decorateRequest('user', null);
  const gate: onRequestAsyncHookHandler = async (request) => {
    (request as { user: AuthUser | null }).user = await authorizeRequest(opts.ctx, request);
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
        standHelpers: route.config.standHelpers === true,
        accessMessages: route.config.accessMessages ?? {},
      });
    }
    if (access === undefined || access === 'public') return;
    // 403: another account type (a stand helper's too), or an unverified e-mail where the security setting asks for it.
    const refusals =
      access === 'signed-in' && route.config.allowUnverified && route.config.standHelpers
        ? { 401: ErrorResponse }
        : { 401: ErrorResponse, 403: ErrorResponse };
    route.schema = { ...route.schema, response: { ...refusals, ...(route.schema?.response as object | undefined) } };
    const existing = route.onRequest;
    route.onRequest = existing ? [...[existing].flat(), gate] : [gate];
  });
});
