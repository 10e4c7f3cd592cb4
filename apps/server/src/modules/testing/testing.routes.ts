import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepMailCopies, mailCopiesTo } from '../../lib/mail-copies';
import { defineModule, type ModuleOptions } from '../index';

/**
 * Only mounted with E2E_TEST_HOOKS=1 (the end-to-end suite): lets a browser test read the e-mails
 * the app "sent", as a person would open their inbox. Never enabled in production.
 */
const testingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  // The stored outbox rows lose their one-time links once delivered (decision 350): the mails as the
  // person received them are read from this process's copies.
  keepMailCopies();
  app.get(
    '/outbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ to: z.string().min(1) }) } },
    async (request) => {
      const copies = mailCopiesTo(request.query.to).slice(0, 20);
      return {
        emails: copies.map((copy) => ({ subject: copy.subject, body: copy.body, createdAt: copy.createdAt.toISOString() })),
      };
    },
  );
  // A request that takes a while, for the graceful-shutdown test (in-flight requests must finish);
  // `busyMs` first holds the event loop, as a burst of heavy work would, so that requests sent
  // meanwhile wait unread when the signal comes.
  app.get(
    '/slow',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({
          ms: z.coerce.number().int().min(0).max(10_000),
          busyMs: z.coerce.number().int().min(0).max(5_000).optional(),
        }),
      },
    },
    async (request) => {
      const busyUntil = Date.now() + (request.query.busyMs ?? 0);
      while (Date.now() < busyUntil);
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { waited: request.query.ms };
    },
  );
};

export default defineModule({ prefix: '/test', routes: testingRoutes, enabled: () => process.env.E2E_TEST_HOOKS === '1' });
