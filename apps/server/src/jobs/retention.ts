import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { DAY_MS } from './clock';

/** Spec 02 §9: analytics are kept 2 years. */
export const ANALYTICS_RETENTION_DAYS = 730;
/** Failed sign-ins only matter for the lockout window; a day is plenty. */
export const LOGIN_FAILURE_RETENTION_DAYS = 1;

const count = (result: { rowCount?: number | null; affectedRows?: number; rows: unknown[] }) =>
  Number(result.rowCount ?? result.affectedRows ?? result.rows.length ?? 0);

/**
 * Clean-up at the admin's `cleanup_frequency`: activity logs past `log_retention_days` (admin logs and
 * browser error reports), analytics events past 2 years, expired or used one-time tokens, old
 * failed sign-ins, and the bookkeeping of message digests older than a month.
 */
export async function runRetention(ctx: AppContext, now: Date) {
  const { log_retention_days: logDays } = await ctx.settings.get('maintenance');
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const adminLogs = await ctx.db.execute(sql`delete from admin_logs where created_at < ${before(logDays)} returning id`);
  const clientErrors = await ctx.db.execute(sql`delete from client_errors where created_at < ${before(logDays)} returning id`);
  const analytics = await ctx.db.execute(
    sql`delete from analytics_events where created_at < ${before(ANALYTICS_RETENTION_DAYS)} returning id`,
  );
  const tokens = await ctx.db.execute(sql`delete from auth_tokens where expires_at < ${now} returning id`);
  const failures = await ctx.db.execute(
    sql`delete from login_failures where created_at < ${before(LOGIN_FAILURE_RETENTION_DAYS)} returning id`,
  );
  // Hourly digest notices pile up; reminder and period notices stay (they are what makes each happen once).
  await ctx.db.execute(sql`delete from job_notices where kind in ('message_digest', 'heartbeat') and created_at < ${before(30)}`);
  return {
    admin_logs_deleted: count(adminLogs),
    client_errors_deleted: count(clientErrors),
    analytics_events_deleted: count(analytics),
    tokens_deleted: count(tokens),
    login_failures_deleted: count(failures),
  };
}
