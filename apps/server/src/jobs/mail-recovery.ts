import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';

/** A mail still `queued` this long after it was written has lost its hand-over to the queue. */
export const MAIL_RECOVERY_AFTER_MS = 10 * 60_000;

/**
 * Mail that was committed but never handed to delivery (the process stopped between a statement's
 * commit and the queue's job, or the queue refused the job) is handed over again: at least once,
 * never lost. A mail handed over twice is still sent once: delivery claims the row first.
 */
export async function runMailRecovery(ctx: AppContext, now: Date) {
  const before = new Date(now.getTime() - MAIL_RECOVERY_AFTER_MS);
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from email_outbox where status = 'queued' and created_at < ${before.toISOString()}::timestamptz order by id limit 1000`,
  );
  for (const row of rows) await ctx.mailer.dispatch(Number(row.id));
  return { mail_handed_over: rows.length };
}
