import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailOutbox } from '../../db/schema';
import { defineModule, type ModuleOptions } from '../index';

/**
 * Only mounted with E2E_TEST_HOOKS=1 (the end-to-end suite): lets a browser test read the e-mails
 * the app "sent", as a person would open their inbox. Never enabled in production.
 */
const testingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/outbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ to: z.string().min(1) }) } },
    async (request) => {
      const rows = await ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, request.query.to.toLowerCase()))
        .orderBy(desc(emailOutbox.id))
        .limit(20);
      return { emails: rows.map((row) => ({ subject: row.subject, body: row.body, createdAt: row.createdAt.toISOString() })) };
    },
  );
  // A request that takes a while, for the graceful-shutdown test (in-flight requests must finish).
  app.get(
    '/slow',
    {
      config: { access: 'public' },
      schema: { hide: true, querystring: z.object({ ms: z.coerce.number().int().min(0).max(10_000) }) },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { waited: request.query.ms };
    },
  );
};

export default defineModule({ prefix: '/test', routes: testingRoutes, enabled: () => process.env.E2E_TEST_HOOKS === '1' });
