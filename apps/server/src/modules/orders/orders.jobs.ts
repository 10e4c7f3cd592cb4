import type { AppContext } from '../../lib/context';
import { expireOverdue } from './orders.service';

/** The scheduled sweep's order job: unanswered requests past 48 hours expire (decision 172). */
export async function runOrderExpiry(ctx: AppContext, now: Date) {
  return { expired: await expireOverdue(ctx, {}, now) };
}
