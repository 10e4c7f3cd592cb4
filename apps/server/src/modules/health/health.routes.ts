import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, type ModuleOptions } from '../index';

const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['ok', 'down']), engine: z.string() }),
  uptime_seconds: z.number(),
});

const PingResponse = z.object({ ok: z.literal(true) });

const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // No database, no auth: the bench compares every API figure with this ceiling of the same server.
  app.get('/ping', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: PingResponse } } }, async () => ({
    ok: true as const,
  }));

  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      let databaseOk = true;
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        databaseOk = false;
      }
      const body = {
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        database: { status: databaseOk ? ('ok' as const) : ('down' as const), engine: ctx.database.engine },
        uptime_seconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
      };
      return reply.status(databaseOk ? 200 : 503).send(body);
    },
  );
};

export default defineModule({ prefix: '', routes: healthRoutes });
