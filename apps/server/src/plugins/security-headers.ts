import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const POLICY_BEFORE_CONNECT = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  // Map tiles come through our own /tiles proxy.
  "img-src 'self' data: blob:",
  "object-src 'none'",
  // Stripe.js takes card details in its own frame when the Stripe provider is configured.
  "script-src 'self' https://js.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "script-src-attr 'none'",
  "style-src 'self' https: 'unsafe-inline'",
].join(';');

/** A Host header that is a plain host name or address with an optional port; anything else gets no fallback. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where the page may connect: its own origin (and its live connection, spelled out for browsers
 * whose 'self' does not cover ws:/wss:), Stripe's API, and the spec's fallback to port 5000 of the
 * page's own host (spec 01 §4) — that host only, never any host.
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const sources = ["'self'"];
  if (host && PLAIN_HOST.test(host)) {
    const hostname = host.replace(/:\d+$/, '');
    sources.push(`ws://${host}`, `wss://${host}`);
    for (const scheme of ['http', 'https', 'ws', 'wss']) sources.push(`${scheme}://${hostname}:5000`);
  }
  sources.push('https://api.stripe.com');
  return `${POLICY_BEFORE_CONNECT};connect-src ${sources.join(' ')}`;
}

/** Helmet's defaults, computed once; the content security policy is added per host. */
export const SECURITY_HEADERS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Security headers on every response. @fastify/helmet rebuilt them per request and cost more than
 * half of the API's throughput (bench: 56k → 20k req/s for a hello-world route); these are constants
 * but for the policy's host, one string join.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('content-security-policy', contentSecurityPolicy(request.headers.host));
    done();
  });
});
