import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';

type Closable = { close: () => Promise<void> };

/**
 * How long the listener stays open after the signal. Connections the kernel has already queued, and
 * requests that arrived but are not yet read (the event loop was busy), look idle to Node: closing
 * the listener at once resets them, so a burst of searches sent just before a deploy got
 * ECONNRESET. A few turns of the event loop accept and read them; a request counts from then on.
 */
export const SETTLE_BEFORE_CLOSE_MS = 300;
const POLL_TURNS_BEFORE_CLOSE = 3;

/**
 * Graceful shutdown on SIGTERM/SIGINT: readiness turns 503 and every answer closes its connection;
 * after a short settle the listener stops taking connections and idle ones close; socket.io clients
 * are told to reconnect (to another instance); in-flight requests finish, those waiting for the
 * database too (bounded by SHUTDOWN_GRACE_MS); then the job queue lets its running jobs end, Redis
 * closes, and the database closes last (it may hold the DATA_DIR lock). A second signal, or the
 * grace period running out, exits at once.
 */
export function installShutdown(parts: {
  app: FastifyInstance;
  realtime: Closable;
  redis?: Redis;
  database: DatabaseHandle;
}): void {
  const { app, realtime, redis, database } = parts;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const grace = app.ctx.config.shutdownGraceMs;
    app.log.info(`${signal}: shutting down (in-flight requests get up to ${grace} ms)`);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${grace} ms; exiting`);
      process.exit(1);
    }, grace);
    deadline.unref();
    app.ctx.lifecycle.draining = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_BEFORE_CLOSE_MS));
      // The timer can fire straight after a long task, before the loop has polled: each immediate
      // spans one poll phase, the first accepts the queued connections, the next read their requests.
      for (let turn = 0; turn < POLL_TURNS_BEFORE_CLOSE; turn++) await new Promise((resolve) => setImmediate(resolve));
      // Stop accepting; answering requests go on. Keep-alive connections close when idle.
      app.server.close();
      // Connections that turn idle after their last answer are closed too, not only those idle now.
      const sweepIdle = setInterval(() => app.server.closeIdleConnections?.(), 200);
      sweepIdle.unref();
      await realtime.close().catch((error) => app.log.warn({ err: error }, 'closing socket.io failed'));
      // Waits for every in-flight request before the modules' own onClose hooks run.
      await app.close();
      clearInterval(sweepIdle);
      await app.ctx.jobs.stop(Math.max(1000, grace - 1000));
      await redis?.quit().catch(() => undefined);
      await database.close();
      clearTimeout(deadline);
      process.exit(0);
    } catch (error) {
      // console, not the logger: pino's buffered line would be lost by the exit right after.
      console.error('shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
