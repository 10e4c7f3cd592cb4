import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A percent-escape of a letter, digit, '-', '.', '_' or '~': RFC 3986 §6.2.2.2 says these are never escaped. */
const ESCAPED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|2e|5f|7e)/i;

/**
 * The path every gate (rate limits, maintenance, sign-in rules) decides on: the pattern of the route
 * the router matched — '/api/orders' however the client spelled it — or, for a request no route
 * matched, its decoded path. Never the raw URL: the router decodes escapes before it matches, so a
 * gate reading `request.url` can be walked around with '/%61pi/...'.
 */
export function routePathOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Refuses a path that escapes a character nobody needs to escape ('/%61pi/auth/login'): no browser or
 * client of ours writes one, and only such a path can look different to a gate than to the router.
 * Registered first, so nothing after it ever sees one.
 */
export const canonicalPathPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.includes('%') || !ESCAPED_UNRESERVED.test(path)) return done();
    reply
      .status(400)
      .send({ message: 'This address spells a letter, digit or one of - . _ ~ as a %-escape. Write it plainly and try again.' });
  });
});
