import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';

const MINUTE = 60_000;
/** The window the admin's uptime percentage covers. */
export const UPTIME_WINDOW_HOURS = 24;

/**
 * Every running instance marks each minute it is up (one row per minute for the whole cluster), so
 * the Health tab's uptime is the share of minutes in the last 24 hours that some instance served,
 * counted from the first minute on record.
 */
export function startHeartbeat(ctx: AppContext): () => void {
  const beat = () =>
    ctx.db
      .execute(
        sql`insert into job_notices (kind, subject_id, milestone) values ('heartbeat', 0, ${new Date().toISOString().slice(0, 16)}) on conflict do nothing`,
      )
      .catch(() => undefined);
  void beat();
  // Twice a minute, so timer drift never leaves a minute without a mark.
  const timer = setInterval(beat, MINUTE / 2);
  timer.unref();
  return () => clearInterval(timer);
}

export async function uptimePercent(ctx: AppContext, now = new Date()): Promise<number | null> {
  const since = new Date(now.getTime() - UPTIME_WINDOW_HOURS * 3_600_000).toISOString().slice(0, 16);
  // Whole minutes only: the current one is still being marked.
  const current = now.toISOString().slice(0, 16);
  const rows = await ctx.db.execute<{ beats: number; first: string | null }>(
    sql`select count(*)::int as beats, min(milestone) as first from job_notices
      where kind = 'heartbeat' and milestone >= ${since} and milestone < ${current}`,
  );
  const { beats, first } = rows.rows[0] ?? { beats: 0, first: null };
  if (!first) return null;
  const minutes = Math.round((new Date(`${current}:00Z`).getTime() - new Date(`${first}:00Z`).getTime()) / MINUTE);
  if (minutes <= 0) return 100;
  return Math.min(100, Math.round((Number(beats) / minutes) * 1000) / 10);
}
