import { randomUUID } from 'node:crypto';
import { RegisterRequest } from '@farmstand/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepMailCopies, mailCopiesTo } from '../../lib/mail-copies';
import { createAccount, issueSession } from '../auth';
import { defineModule, type ModuleOptions } from '../module';

/** The password of a fixture account when the test does not choose one. */
const FIXTURE_PASSWORD = 'e2e-password-1';
const FixtureUserRequest = RegisterRequest.partial({ email: true, password: true }).extend({
  emailVerified: z.boolean().default(true),
});

/**
 * Only mounted with E2E_TEST_HOOKS=1 (the end-to-end suite): lets a browser test read the e-mails
 * the app "sent", as a person would open their inbox, and make its users in one call. Never enabled
 * in production: without the variable every path here answers 404.
 */
const testingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The stored outbox rows lose their one-time links once delivered: the mails as the
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
  // A signed-in account as sign-up makes it (the same rules: password minimum, a producer's trial),
  // with the e-mailed verification already followed: one call instead of register, mail, verify and
  // sign-in. The browser tests go through the real sign-up once; every other test starts here.
  app.post(
    '/users',
    { config: { access: 'public' }, schema: { hide: true, body: FixtureUserRequest } },
    async (request, reply) => {
      const { emailVerified, ...input } = request.body;
      const email = input.email ?? `${input.userType}-${randomUUID()}@example.com`;
      const password = input.password ?? FIXTURE_PASSWORD;
      const user = await createAccount(ctx, { ...input, email, password }, { emailVerified });
      const session = await issueSession(ctx, user.id);
      return reply.status(201).send({ ...session, email, password });
    },
  );
  // The server's clock (ctx.clock: pickup windows, orders, the sweep) for a browser test that needs
  // time to pass, such as a pickup that has started: `at` moves it so that it reads `at` now and
  // runs on from there; `null` puts it back on the system clock. Every request and job reads the
  // moved time, so the tests that move it run alone (e2e/playwright.config.ts).
  const systemTime = ctx.clock;
  let offsetMs = 0;
  ctx.clock = { now: () => new Date(systemTime.now().getTime() + offsetMs) };
  app.put(
    '/clock',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ at: z.iso.datetime({ offset: true }).nullable() }) },
    },
    async (request) => {
      const { at } = request.body;
      offsetMs = at === null ? 0 : Date.parse(at) - systemTime.now().getTime();
      return { now: ctx.clock.now().toISOString() };
    },
  );
  // Runs the scheduled sweep now on the real job queue (at the server's clock) and waits for it:
  // a browser test that moved the clock reads the mail and orders the sweep makes then.
  app.post('/sweep', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const id = await ctx.jobs.sendSweep();
    if (id === null) return reply.status(409).send({ message: 'The job queue is not running in this process' });
    return { state: await ctx.jobs.waitFor('sweep', id, 60_000) };
  });
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
      const busyUntil = performance.now() + (request.query.busyMs ?? 0);
      while (performance.now() < busyUntil);
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { waited: request.query.ms };
    },
  );
};

export default defineModule({ prefix: '/test', routes: testingRoutes, enabled: (config) => config.testHooks });
