import type { AppContext } from '../lib/context';
import { sendMorningSummaries, sendPickupReminders } from '../modules/orders';

/**
 * The sweep's pickup-day mails (decision 505): the shopper's reminder the day before, from 8 AM in
 * the place's zone, and the producer's morning summary from 6 AM. Each goes once (job_notices), so
 * every quarter-hour sweep on any instance may run this.
 */
export async function runPickupReminders(ctx: AppContext, now: Date) {
  return { ...(await sendPickupReminders(ctx, now)), ...(await sendMorningSummaries(ctx, now)) };
}
