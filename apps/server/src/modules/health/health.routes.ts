import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { defineModule, type ModuleOptions } from '../module';
import { searchIsReady } from '../search';

const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['ok', 'down']), engine: z.string() }),
  uptime_seconds: z.number(),
});

const PingResponse = z.object({ ok: z.literal(true) });

const CheckStatus = z.enum(['ok', 'down', 'not configured']);
const ReadyResponse = z.object({
  status: z.enum(['ready', 'not ready']),
  draining: z.boolean(),
  checks: z.object({ database: CheckStatus, redis: CheckStatus, queue: CheckStatus, search: z.enum(['ok', 'loading']) }),
});
const LiveResponse = z.object({ status: z.literal('alive'), uptime_seconds: z.number() });

/** A check that takes longer than this counts as down: readiness must answer fast. */
const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

const uptime = (ctx: AppContext) => Math.round((ctx.clock.now().getTime() - ctx.startedAt.getTime()) / 1000);

const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // No database, no auth: the bench compares every API figure with this ceiling of the same server.
  app.get('/ping', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: PingResponse } } }, async () => ({
    ok: true as const,
  }));

  // The spec's health answer, kept as it was: the database and the process.
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const databaseOk = (await check(() => ctx.db.execute(sql`select 1`))) === 'ok';
      const body = {
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        database: { status: databaseOk ? ('ok' as const) : ('down' as const), engine: ctx.database.engine },
        uptime_seconds: uptime(ctx),
      };
      return reply.status(databaseOk ? 200 : 503).send(body);
    },
  );

  // Liveness: the process answers. Restart it only when this fails; it checks nothing else on purpose.
  app.get(
    '/health/live',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: LiveResponse } } },
    async () => ({ status: 'alive' as const, uptime_seconds: uptime(ctx) }),
  );

  // Readiness: send traffic here only when the database, Redis and the job queue answer, search has
  // loaded its index (decision 461) and no shutdown has begun.
  app.get(
    '/health/ready',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ReadyResponse, 503: ReadyResponse } } },
    async (_request, reply) => {
      const [database, redis, queue] = await Promise.all([
        check(() => ctx.db.execute(sql`select 1`)),
        ctx.redis ? check(() => (ctx.redis as NonNullable<AppContext['redis']>).ping()) : ('not configured' as const),
        ctx.jobs.isRunning ? check(() => ctx.jobs.check()) : ('not configured' as const),
      ]);
      const search = searchIsReady(ctx) ? ('ok' as const) : ('loading' as const);
      const ready = !ctx.lifecycle.draining && database === 'ok' && redis !== 'down' && queue !== 'down' && search === 'ok';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? ('ready' as const) : ('not ready' as const),
        draining: ctx.lifecycle.draining,
        checks: { database, redis, queue, search },
      });
    },
  );
};

export default defineModule({ prefix: '', routes: healthRoutes });
