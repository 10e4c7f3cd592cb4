import { CLIENT_ERROR_LIMITS, ClientErrorReport, ClientErrorsResponse, JobsResponse } from '@farmstand/shared/schemas/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as ops from './ops.service';

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').optional(),
  offset: z.coerce.number().int().min(0, 'Offset must be 0 or more').optional(),
});

/** Operations: Prometheus metrics, browser error reports, and the job view of the admin Health tab. */
const opsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // Prometheus text format; protected by METRICS_TOKEN, or answered on the loopback address only.
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!ops.mayScrape(request, ctx.config.metricsToken)) {
      return reply.status(401).send({
        message: 'Metrics need the METRICS_TOKEN as a bearer token, or a request from this machine that no proxy forwarded',
      });
    }
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });

  app.post(
    '/client-errors',
    {
      config: { access: 'public', rateLimit: { max: CLIENT_ERROR_LIMITS.perMinute, timeWindow: '1 minute' } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['ops'],
        body: ClientErrorReport,
        response: { 202: z.object({ ok: z.literal(true) }), ...errors(400) },
      },
    },
    async (request, reply) => {
      await ops.recordClientError(ctx, request, request.body);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.get(
    '/admin/client-errors',
    {
      config: { access: ['admin'] },
      schema: { querystring: ListQuery, response: { 200: ClientErrorsResponse, ...errors(400) } },
    },
    async (request) => ops.listClientErrors(ctx, request.query.limit ?? 20, request.query.offset ?? 0),
  );

  app.get('/admin/jobs', { config: { access: ['admin'] }, schema: { response: { 200: JobsResponse } } }, async () =>
    ops.jobsOverview(ctx),
  );
};

export default defineModule({ prefix: '', routes: opsRoutes });
