import type { AppContext } from '../lib/context';
import { closeOverdue } from '../modules/orders';

/** The sweep's job: orders left open past their producer's close-after hours are closed (decision 501). */
export async function runCloseDays(ctx: AppContext, now: Date) {
  return { closed: await closeOverdue(ctx, now) };
}
