import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A request slower than this is worth a line in the log whatever its outcome. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Replaces Fastify's two lines per request (docs/decisions/061): every request is logged at debug,
 * and only failed (5xx) or slow ones at warn, so the default level costs nothing per fast request.
 * Errors themselves are logged with their stack by the errors plugin.
 */
export const requestLoggingPlugin = fp(async (app: FastifyInstance) => {
  const logsEveryRequest = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    const failed = reply.statusCode >= 500;
    if (failed || responseTime >= SLOW_REQUEST_MS || logsEveryRequest) {
      const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime };
      if (failed || responseTime >= SLOW_REQUEST_MS) request.log.warn(line, failed ? 'request failed' : 'slow request');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
});
