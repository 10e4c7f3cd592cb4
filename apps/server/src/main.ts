import type { Redis as RedisClient } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/open';
import { UnsafeDataDirError } from './lib/data-dir';
import { lazyModule } from './lib/lazy-module';
import { startHeartbeat } from './lib/ops/heartbeat';
import { installShutdown } from './lib/ops/shutdown';
import { createSocketServer } from './realtime/socket-server';
import { ensureAdmin } from './seed/admin';
import { DEMO_ACCOUNTS, seedDemoDataIfEmpty } from './seed/demo';

const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/** How long after listening the job queue starts (mail meanwhile goes out directly). */
const JOB_QUEUE_START_DELAY_MS = 1_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Said first and loudly: an operator reads the top of the log.
  for (const warning of config.warnings) console.warn(`WARNING: ${warning}`);
  const database = await openDatabase(config);
  // Auto-pipelining: the rate-limit calls of the requests of one event-loop turn go out in one write.
  const redis: RedisClient | undefined = config.redisUrl
    ? new (loadIoredis().Redis)(config.redisUrl, { maxRetriesPerRequest: 3, enableAutoPipelining: true })
    : undefined;
  const app = await buildApp({ config, database, redis });
  const ctx = app.ctx;
  if (config.admin) await ensureAdmin(ctx, config.admin.email, config.admin.password);
  if (config.demoData) {
    const seedStarted = Date.now();
    const seeded = await seedDemoDataIfEmpty(ctx);
    if (seeded) {
      const counts = Object.entries(seeded).map(([what, count]) => `${count} ${what}`);
      console.log(`Demo data seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: ${counts.join(', ')}`);
    }
  }
  const realtime = await createSocketServer(app.server, ctx);

  ctx.metrics.probeSockets(() => realtime.io.engine.clientsCount);
  ctx.metrics.probePool(database.poolStats ?? (() => ({ total: 1, idle: 1, waiting: 0 })));
  startHeartbeat(ctx);
  installShutdown({ app, realtime, redis, database });

  await app.listen({ port: config.port, host: config.host });
  // Background jobs: mail delivery, reminders, renewals, clean-up, backups (JOBS=0 leaves them to
  // other instances). Started after listening so a restart answers at once; /api/health/ready
  // covers the queue. Until it runs, mail is delivered directly.
  // The queue starts a moment later still: loading pg-boss takes a quarter second of the event
  // loop, which the first health checks and page loads should not wait behind.
  if (config.runJobs) {
    setTimeout(() => {
      if (ctx.lifecycle.draining) return; // shutting down already
      ctx.jobs.start().catch((error) => app.log.error({ err: error }, 'the job queue could not start'));
    }, JOB_QUEUE_START_DELAY_MS).unref();
  }
  const lines = [
    `Farmstand is running at ${config.publicUrl} (${database.engine} database${config.redisUrl ? ', Redis' : ''}; ready in ${(performance.now() / 1000).toFixed(1)} s)`,
    `API docs: ${config.publicUrl}/api/docs`,
  ];
  if (config.demoData) {
    lines.push('Demo accounts:');
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.role.padEnd(9)} ${account.email} / ${account.password}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error) => {
  // A second server on the same DATA_DIR: the message says which directory and which process; no stack.
  console.error(
    'Farmstand could not start:',
    error instanceof DataDirLockedError || error instanceof UnsafeDataDirError ? error.message : error,
  );
  process.exit(1);
});
