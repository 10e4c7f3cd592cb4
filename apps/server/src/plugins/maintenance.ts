import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../lib/context';
import { routePathOf } from './route-path';

/**
 * Calls that stay open in maintenance mode: an admin can still sign in and switch it off, the web
 * app can read the maintenance message (/api/site), and the payment provider's webhook loses no
 * billing event. Health probes stay open for the load balancer.
 */
const ALWAYS_OPEN = [
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/ping',
  '/api/site',
  '/api/auth/login',
  '/api/auth/me',
  '/api/stripe/webhook',
];
const LOGIN_PATH = '/api/auth/login';

async function refuseDuringMaintenance(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const maintenance = await ctx.settings.get('maintenance');
  if (!maintenance.maintenance_mode) return;
  const user = await request.currentUser();
  if (user?.userType === 'admin') return;
  await reply.status(503).send({ message: maintenance.maintenance_message });
}

/**
 * With maintenance_mode on, every API call but an admin's answers 503 with the admin's message.
 * An onRequest hook of the app runs before every route's own access gate (route-access.ts), so a
 * guest calling a signed-in route gets the maintenance answer, not 'please sign in', and no body is
 * parsed or validated for a caller who is turned away anyway.
 */
export const maintenancePlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  // Not async: on the usual path (settings cached, maintenance off) the hook returns without a
  // promise, which every API request would otherwise pay for (docs/decisions/061).
  app.addHook('onRequest', (request, reply, done) => {
    const cached = opts.ctx.settings.cached();
    if (cached && !cached.maintenance.maintenance_mode) return done();
    // The matched route, not the raw URL: '/%61pi/orders' is /api/orders to the router (route-path.ts).
    const path = routePathOf(request);
    if (!path.startsWith('/api/') || ALWAYS_OPEN.includes(path)) return done();
    refuseDuringMaintenance(opts.ctx, request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });

  // Sign-in stays open so an admin can get in, but a non-admin's successful sign-in is turned into
  // the maintenance answer: the password is checked first, so the reply reveals nothing about who
  // is an admin.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'POST' || routePathOf(request) !== LOGIN_PATH || reply.statusCode !== 200) return payload;
    const maintenance = await opts.ctx.settings.get('maintenance');
    if (!maintenance.maintenance_mode) return payload;
    if (signedInUserType(payload) === 'admin') return payload;
    reply.code(503);
    return JSON.stringify({ message: maintenance.maintenance_message });
  });
});

function signedInUserType(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    return (JSON.parse(payload) as { user?: { userType?: string } }).user?.userType;
  } catch {
    return undefined;
  }
}
