import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { MAX_MAIL_ATTEMPTS, redactStoredMails } from '../lib/mailer';

/**
 * A mail still `queued` this long after it was written has lost its hand-over to the queue; one
 * still `sending` this long after its claim has lost the process that was sending it (an SMTP
 * attempt gives up after nodemailer's timeouts, a few minutes at most).
 */
export const MAIL_RECOVERY_AFTER_MS = 10 * 60_000;

/**
 * Mail that was committed but never handed to delivery (the process stopped between a statement's
 * commit and the queue's job, or the queue refused the job) is handed over again: at least once,
 * never lost. A mail handed over twice is still sent once: delivery claims the row first.
 */
export async function runMailRecovery(ctx: AppContext, now: Date) {
  const before = new Date(now.getTime() - MAIL_RECOVERY_AFTER_MS).toISOString();
  // A lost claim counts as a failed attempt: retried like one, dead-lettered after the last.
  const { rows: unclaimed } = await ctx.db.execute<{ id: number; status: string; body: string; html: string | null }>(
    sql`update email_outbox
        set status = case when attempts >= ${MAX_MAIL_ATTEMPTS} then 'dead' else 'retrying' end,
          last_error = 'The sending process stopped before the mail was sent'
        where status = 'sending' and coalesce(claimed_at, created_at) < ${before}::timestamptz
        returning id, status, body, html`,
  );
  // A mail that is now dead will never be sent: its one-time links leave the stored row.
  await redactStoredMails(
    ctx.db,
    unclaimed.filter((row) => row.status === 'dead').map((row) => ({ ...row, id: Number(row.id) })),
  );
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from email_outbox where status = 'queued' and created_at < ${before}::timestamptz order by id limit 1000`,
  );
  const retries = unclaimed.filter((row) => row.status === 'retrying');
  for (const row of [...rows, ...retries]) await ctx.mailer.dispatch(Number(row.id));
  return {
    mail_handed_over: rows.length + retries.length,
    mail_claims_recovered: unclaimed.length,
  };
}
