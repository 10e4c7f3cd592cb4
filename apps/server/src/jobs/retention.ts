import { plusDays } from '@farmstand/shared/format/date-only';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { ONE_TIME_TOKEN_SQL, redactStoredMails } from '../lib/mailer';

/** Spec 02 §9: analytics are kept 2 years. */
export const ANALYTICS_RETENTION_DAYS = 730;
/** Failed sign-ins only matter for the lockout window; a day is plenty. */
export const LOGIN_FAILURE_RETENTION_DAYS = 1;

const count = (result: { rowCount?: number | null; affectedRows?: number; rows: unknown[] }) =>
  Number(result.rowCount ?? result.affectedRows ?? result.rows.length ?? 0);

/** Outbox rows whose delivery is over: kept as a log of what was sent, then pruned with the logs. */
const FINISHED_MAIL = sql`status in ('sent', 'logged', 'dead')`;

/**
 * Clean-up at the admin's `cleanup_frequency`: activity logs past `log_retention_days` (admin logs,
 * browser error reports, and delivered or dead mail in the outbox), analytics events past 2 years,
 * expired or used one-time tokens, old failed sign-ins, and the bookkeeping of message digests older
 * than a month. Mail still waiting for delivery is kept whatever its age.
 */
export async function runRetention(ctx: AppContext, now: Date) {
  const { log_retention_days: logDays } = await ctx.settings.get('maintenance');
  const before = (days: number) => plusDays(now, -days);
  const adminLogs = await ctx.db.execute(sql`delete from admin_logs where created_at < ${before(logDays)} returning id`);
  const clientErrors = await ctx.db.execute(sql`delete from client_errors where created_at < ${before(logDays)} returning id`);
  const analytics = await ctx.db.execute(
    sql`delete from analytics_events where created_at < ${before(ANALYTICS_RETENTION_DAYS)} returning id`,
  );
  const tokens = await ctx.db.execute(sql`delete from auth_tokens where expires_at < ${now} returning id`);
  const outbox = await ctx.db.execute(
    sql`delete from email_outbox where ${FINISHED_MAIL} and created_at < ${before(logDays)} returning id`,
  );
  // Delivered mail written before its links were removed at delivery (an older release) loses them now.
  const stillLinked = await ctx.db.execute<{ id: number; body: string; html: string | null }>(
    sql`select id, body, html from email_outbox
        where ${FINISHED_MAIL} and (body ~ ${ONE_TIME_TOKEN_SQL} or html ~ ${ONE_TIME_TOKEN_SQL})`,
  );
  const redacted = await redactStoredMails(
    ctx.db,
    stillLinked.rows.map((row) => ({ ...row, id: Number(row.id) })),
  );
  const failures = await ctx.db.execute(
    sql`delete from login_failures where created_at < ${before(LOGIN_FAILURE_RETENTION_DAYS)} returning id`,
  );
  // Hourly digest notices pile up; reminder and period notices stay (they are what makes each happen once).
  await ctx.db.execute(
    sql`delete from job_notices where kind in ('message_digest', 'heartbeat', 'order_mail', 'order_mail_pending', 'share_mail_pending', 'order_digest') and created_at < ${before(30)}`,
  );
  return {
    admin_logs_deleted: count(adminLogs),
    client_errors_deleted: count(clientErrors),
    analytics_events_deleted: count(analytics),
    tokens_deleted: count(tokens),
    login_failures_deleted: count(failures),
    outbox_deleted: count(outbox),
    outbox_links_redacted: redacted,
  };
}
