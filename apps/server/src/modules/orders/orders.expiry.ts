import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { expireOverdue } from './orders.service';

const SWEEP_MS = 60_000;

/**
 * Requests not answered in 48 hours expire. Until the PostgreSQL job queue lands this is a timer
 * per instance (the conditional UPDATE makes each order expire once across instances), and reads
 * expire lazily too, so nobody ever sees a stale "requested" (decision 172).
 */
export function startExpirySweep(app: FastifyInstance, ctx: AppContext): void {
  if (process.env.ORDER_EXPIRY_SWEEP === '0') return;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      expireOverdue(ctx).catch((error) => app.log.error({ err: error }, 'order expiry sweep failed'));
    }, SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
