import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';

type Closable = { close: () => Promise<void> };

/**
 * Turns of the event loop in a row that accept no connection before the listener closes. libuv takes
 * one connection off the kernel's accept queue per poll of the listener (libuv 1.45, "don't accept()
 * connections in a loop"), so 20 queued connections take 20 turns, and on a CPU-starved machine,
 * where every turn also runs requests, that is seconds: closing the listener after a fixed time reset
 * the rest. A turn that accepts nothing saw the queue empty (the listener is polled level-triggered);
 * the turns after it read the requests of the connections accepted last, so they are not idle.
 */
const QUIET_TURNS_BEFORE_CLOSE = 3;

/**
 * Keeps the listener open until the kernel's accept queue is empty: until QUIET_TURNS_BEFORE_CLOSE
 * event-loop turns in a row accept nothing, or `maxMs` has passed (a client that keeps connecting
 * must not hold the stop up). Says how many connections it saw accepted, and whether it saw the
 * queue empty.
 */
export async function acceptQueuedConnections(server: Server, maxMs: number): Promise<{ accepted: number; emptied: boolean }> {
  let accepted = 0;
  const count = () => {
    accepted++;
  };
  server.on('connection', count);
  try {
    const until = Date.now() + maxMs;
    let quietTurns = 0;
    while (quietTurns < QUIET_TURNS_BEFORE_CLOSE) {
      if (Date.now() >= until) return { accepted, emptied: false };
      const before = accepted;
      // An immediate set from an immediate runs in the next turn, after that turn's poll phase.
      await new Promise((resolve) => setImmediate(resolve));
      quietTurns = accepted === before ? quietTurns + 1 : 0;
    }
    return { accepted, emptied: true };
  } finally {
    server.off('connection', count);
  }
}

/**
 * Graceful shutdown on SIGTERM/SIGINT (docs/decisions/522):
 * 1. Drain: readiness turns 503 and, for SHUTDOWN_DRAIN_MS, the server goes on accepting and answering
 *    (every answer with `Connection: close`), so a load balancer notices and stops sending before
 *    anything is refused.
 * 2. It accepts what is still queued in the kernel, then stops listening; idle keep-alive connections
 *    close, and the others as they turn idle.
 * 3. socket.io clients are told to reconnect (to another instance); in-flight requests finish, those
 *    waiting for the database too, within SHUTDOWN_GRACE_MS of the drain's end; then the job queue
 *    lets its running jobs end, Redis closes, and the database closes last (it may hold the DATA_DIR
 *    lock). A second signal, or the grace period running out, exits at once (1).
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
    const { shutdownDrainMs: drain, shutdownGraceMs: grace } = app.ctx.config;
    app.log.info(`${signal}: not ready; answering for ${drain} ms more, then in-flight requests get up to ${grace} ms`);
    app.ctx.lifecycle.draining = true;
    try {
      if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain));
      const deadline = setTimeout(() => {
        app.log.error(`shutdown took longer than ${grace} ms after the drain; exiting`);
        process.exit(1);
      }, grace);
      deadline.unref();
      // Half the grace at most, so that what is accepted last still has time to be answered.
      const queue = await acceptQueuedConnections(app.server, grace / 2);
      if (queue.emptied) app.log.info(`${queue.accepted} connections taken from the queue after the drain`);
      else
        app.log.warn(`connections still queued ${grace / 2} ms after the drain (${queue.accepted} taken); closing the listener`);
      // Stop accepting; answering requests go on. Idle keep-alive connections close now.
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
