import { timingSafeEqual } from 'node:crypto';
import type { ClientErrorReport, ClientErrorsResponse, JobsResponse } from '@farmstand/shared/schemas/ops';
import { count, desc, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientErrors } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { listRuns } from '../../lib/job-runs';
import { uptimePercent } from '../../lib/ops/heartbeat';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * With METRICS_TOKEN set, a scrape must send it as a bearer token; without it, only this machine
 * may scrape (the socket's address, never X-Forwarded-For), so metrics never leak by default. A
 * request that carries a forwarding header came through a proxy, which on the same machine would
 * make every visitor look local: without the token it is refused.
 */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const sent = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
    const expected = Buffer.from(token);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
  const isProxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !isProxied && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

export async function recordClientError(ctx: AppContext, request: FastifyRequest, report: ClientErrorReport) {
  const user = await request.currentUser().catch(() => null);
  const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
  await ctx.db.insert(clientErrors).values({
    message: `${report.kind === 'unhandledrejection' ? 'Unhandled rejection: ' : ''}${report.message}`,
    stack: report.stack ?? null,
    url: report.url ?? null,
    userAgent,
    userId: user?.id ?? null,
    requestId: request.id,
  });
  ctx.metrics.countClientError();
  request.log.warn({ clientError: { message: report.message, url: report.url } }, 'browser reported an error');
}

export async function listClientErrors(ctx: AppContext, limit: number, offset: number): Promise<ClientErrorsResponse> {
  const rows = await ctx.db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(limit).offset(offset);
  const [{ total }] = await ctx.db.select({ total: count() }).from(clientErrors);
  return {
    total,
    errors: rows.map((r) => ({
      id: r.id,
      message: r.message,
      stack: r.stack,
      url: r.url,
      user_agent: r.userAgent,
      user_id: r.userId,
      request_id: r.requestId,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

export async function jobsOverview(ctx: AppContext): Promise<JobsResponse> {
  const runs = await listRuns(ctx.db);
  const started = performance.now();
  await ctx.db.execute(sql`select 1`);
  const dbMs = Math.round((performance.now() - started) * 10) / 10;
  const requests = ctx.metrics.errorRate.percent();
  const mail = await deadLetters(ctx);
  return {
    platform: {
      api_response_time: requests.meanMs,
      db_performance: dbMs,
      error_rate: requests.percent,
      uptime: await uptimePercent(ctx),
      requests_last_hour: requests.requests,
    },
    queue_running: ctx.jobs.isRunning,
    jobs: runs
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => ({
        name: r.name,
        last_started_at: r.lastStartedAt?.toISOString() ?? null,
        last_finished_at: r.lastFinishedAt?.toISOString() ?? null,
        last_status: r.lastStatus,
        last_error: r.lastError,
        last_summary: r.lastSummary ?? null,
        runs: r.runs,
        failures: r.failures,
      })),
    queue_depth: await ctx.jobs.depth().catch(() => ({})),
    mail: {
      retrying: mail.retrying,
      dead: mail.dead,
      latest_dead: mail.latest.map((m) => ({ ...m, created_at: new Date(m.created_at).toISOString() })),
    },
  };
}

/** How many mails are dead-lettered, and the latest of them, for the Health tab. */
export async function deadLetters(ctx: AppContext) {
  const rows = await ctx.db.execute<{
    id: number;
    to_address: string;
    subject: string;
    attempts: number;
    last_error: string | null;
    created_at: string;
  }>(
    sql`select id, to_address, subject, attempts, last_error, created_at::text from email_outbox where status = 'dead' order by id desc limit 10`,
  );
  const total = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from email_outbox where status = 'dead'`);
  const retrying = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from email_outbox where status = 'retrying'`,
  );
  return { dead: Number(total.rows[0]?.n ?? 0), retrying: Number(retrying.rows[0]?.n ?? 0), latest: rows.rows };
}
