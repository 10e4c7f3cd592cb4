import fp from 'fastify-plugin';
import type { AppContext } from '../lib/context';

/**
 * Every answer carries its request id (x-request-id), also the errors and 404s, so a person can quote
 * it and an operator can find every log line of that request (Fastify logs it as reqId). Every
 * answer is counted in the request-duration histogram by route pattern and status.
 */
export const observabilityPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While shutting down, every answer (the in-flight ones too) closes its keep-alive connection,
  // so the server can finish closing instead of waiting on idle clients.
  app.addHook('onSend', async (_request, reply) => {
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/api/products/:id), never the raw URL: labels stay few whatever is requested.
    const route = request.routeOptions.url ?? 'unmatched';
    ctx.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
});
