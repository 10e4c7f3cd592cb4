import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../jobs/clock';
import { PgBossJobQueue } from '../../jobs/queue';
import type { AppContext } from '../context';
import { createMailer } from '../mailer';
import { Metrics } from './metrics';

/** The operational parts of the context that need nothing else: clock, metrics, drain flag. */
export function opsContext() {
  return { clock: systemClock, metrics: new Metrics(), lifecycle: { draining: false } };
}

/**
 * The mailer and the job queue need each other (mail is delivered by a queue worker, the queue
 * is told about mail by the mailer), and both need the context; built here once the context exists.
 */
export function attachMailAndJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs = new PgBossJobQueue(ctx);
  const mailer = createMailer({
    db: ctx.db,
    log,
    smtpUrl: ctx.config.smtpUrl,
    from: ctx.config.mailFrom,
    site: async () => ({ name: (await ctx.settings.get('general')).site_name, url: ctx.config.publicUrl }),
    queueRuns: () => ctx.jobs.isRunning,
    retryLater: (id) => ctx.jobs.sendEmail(id, { retry: true }),
  });
  ctx.mailer = mailer;
  ctx.jobs.useDelivery(mailer);
  ctx.metrics.probeQueue(() => ctx.jobs.depth());
}
