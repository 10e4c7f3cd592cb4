import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { AppContext, JobQueue } from '../lib/context';
import { lazyModule } from '../lib/lazy-module';
import { MAX_MAIL_ATTEMPTS, type MailDelivery } from '../lib/mailer';
import { runSweep } from './sweep';

export const EMAIL_QUEUE = 'email';
export const SWEEP_QUEUE = 'sweep';
/** Every quarter hour: reminders go out the same day, digests within the hour. */
export const SWEEP_CRON = '*/15 * * * *';

type EmailJob = { outboxId: number };

/** Mails taken per fetch; sent one after another (an SMTP server should not see twenty at once). */
const MAIL_BATCH_SIZE = 20;

/** Loaded when the queue starts, after the server listens. */
const loadPgBoss = lazyModule<typeof PgBoss>('pg-boss');

/**
 * The job queue: pg-boss on the app's own database (docs/decisions/160), through the app's own
 * connection: the node-postgres pool, or the one PGlite connection of the embedded database.
 * Jobs are durable rows, fetched with SKIP LOCKED (each runs on exactly one instance), retried with
 * exponential backoff; the cron schedule is kept once per cluster by pg-boss.
 */
export class PgBossJobQueue implements JobQueue {
  private boss: PgBoss | null = null;
  private delivery: MailDelivery | null = null;
  /** Mail handed over in this turn of the event loop: queued together, in one statement. */
  private pendingMail: { id: number; startAfter?: string; done: (queued: boolean) => void; fail: (error: unknown) => void }[] =
    [];
  /** The mail queue's first retry delay; a mail whose first attempt failed waits this long too. */
  private mailRetryDelaySeconds = 30;

  constructor(private readonly ctx: AppContext) {}

  get isRunning(): boolean {
    return this.boss !== null;
  }

  /** The mailer's delivery step, which the e-mail worker runs. */
  useDelivery(delivery: MailDelivery) {
    this.delivery = delivery;
  }

  /**
   * Starts pg-boss (creating its schema on first run), the workers and the schedule.
   * `schedule: false` (tests) leaves the cron out so only jobs sent by hand run.
   */
  async start(
    options: { schedule?: boolean; pollingIntervalSeconds?: number; mailRetryDelaySeconds?: number } = {},
  ): Promise<void> {
    if (this.boss) return;
    const { ctx } = this;
    const PgBossQueue = loadPgBoss();
    this.mailRetryDelaySeconds = options.mailRetryDelaySeconds ?? 30;
    const boss = new PgBossQueue({ db: databaseAdapter(ctx) });
    boss.on('error', (error) => console.error('job queue error:', error.message));
    await boss.start();
    await boss.createQueue(EMAIL_QUEUE, {
      name: EMAIL_QUEUE,
      retryLimit: MAX_MAIL_ATTEMPTS - 1,
      retryDelay: this.mailRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await boss.createQueue(SWEEP_QUEUE, {
      name: SWEEP_QUEUE,
      policy: 'singleton',
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    });
    const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
    // Mail is taken in batches: a busy hour (every order sends one) costs one fetch and one
    // completion per batch, not per mail. Each mail still fails and retries on its own.
    await boss.work<EmailJob>(EMAIL_QUEUE, { ...polling, batchSize: MAIL_BATCH_SIZE }, async (jobs) => {
      const delivery = this.delivery;
      if (!delivery) throw new Error('no mail delivery configured');
      // The batch's rows are claimed in one statement, then sent one after another.
      const results = await delivery.deliverMany(jobs.map((job) => job.data.outboxId));
      for (const job of jobs) {
        const result = results.get(job.data.outboxId);
        // pg-boss completes the batch after this returns, and completion skips failed jobs.
        if (result instanceof Error) await boss.fail(EMAIL_QUEUE, job.id, { message: result.message ?? String(result) });
      }
    });
    await boss.work(SWEEP_QUEUE, polling, async () => {
      await runSweep(ctx, ctx.clock.now());
    });
    if (options.schedule !== false) await boss.schedule(SWEEP_QUEUE, SWEEP_CRON, {}, { tz: 'UTC' });
    this.boss = boss;
  }

  /**
   * Queues the delivery of an outbox row; false when the queue does not run. `retry`: its first
   * attempt failed (the mailer makes it at once), so the job waits the retry delay before the next
   * (an interval pg-boss adds to the database's time, which its own schedule reads).
   * The mails handed over in one turn of the event loop become jobs in one statement, not one each.
   */
  sendEmail(outboxId: number, options: { retry?: boolean } = {}): Promise<boolean> {
    if (!this.boss) return Promise.resolve(false);
    const startAfter = options.retry ? `${this.mailRetryDelaySeconds} seconds` : undefined;
    return new Promise<boolean>((done, fail) => {
      if (this.pendingMail.length === 0) setImmediate(() => void this.flushMail());
      this.pendingMail.push({ id: outboxId, startAfter, done, fail });
    });
  }

  private async flushMail(): Promise<void> {
    const batch = this.pendingMail;
    this.pendingMail = [];
    const boss = this.boss;
    if (!boss) {
      for (const waiting of batch) waiting.done(false);
      return;
    }
    try {
      await boss.insert(
        batch.map(({ id, startAfter }) => ({ name: EMAIL_QUEUE, data: { outboxId: id } satisfies EmailJob, startAfter })),
      );
      for (const waiting of batch) waiting.done(true);
    } catch (error) {
      for (const waiting of batch) waiting.fail(error);
    }
  }

  /** Puts a sweep on the queue now (admin "run now", tests); null when the queue is not running. */
  async sendSweep(): Promise<string | null> {
    if (!this.boss) return null;
    return this.boss.send(SWEEP_QUEUE, {});
  }

  /** Waits until a job has finished (completed or failed for good), for tests and the admin action. */
  async waitFor(queue: string, id: string, timeoutMs = 30_000): Promise<string> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const job = await this.boss?.getJobById(queue, id);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${queue}/${id} did not finish in ${timeoutMs} ms`);
  }

  /** Jobs waiting, retrying or running per queue (the Health tab and the metrics). */
  async depth(): Promise<Record<string, number>> {
    if (!this.boss) return {};
    const depth: Record<string, number> = {};
    for (const queue of [EMAIL_QUEUE, SWEEP_QUEUE]) depth[queue] = await this.boss.getQueueSize(queue);
    return depth;
  }

  /** Readiness: the queue answers a query (null when it does not run in this process). */
  async check(): Promise<boolean | null> {
    if (!this.boss) return null;
    await this.boss.getQueueSize(EMAIL_QUEUE);
    return true;
  }

  /** Lets running jobs finish (bounded), then stops polling and the schedule's clock. */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}

/**
 * pg-boss's custom-connection interface over the app's own client: the node-postgres pool, or the
 * PGlite client behind drizzle. One pool for everything, closed with the database.
 */
function databaseAdapter(ctx: AppContext) {
  // biome-ignore lint/suspicious/noExplicitAny: the driver client behind drizzle (pg.Pool or PGlite)
  const client = (ctx.db as any).$client;
  if (ctx.database.engine === 'postgres') {
    // pg-boss's statements (send, fetch, complete) run by name: each connection parses and plans
    // them once instead of on every call. Its texts are few and fixed; past a bound
    // (options that change a text) the rest run unnamed.
    const names = new Map<string, string>();
    return {
      executeSql(text: string, values?: unknown[]) {
        if (!values || values.length === 0) return client.query(text, values);
        let name = names.get(text);
        if (name === undefined && names.size < 64) {
          name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
          names.set(text, name);
        }
        return name === undefined ? client.query(text, values) : client.query({ name, text, values });
      },
    };
  }
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss sends its schema and locking scripts as several statements without parameters.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}
