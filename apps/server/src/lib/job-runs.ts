import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobNotices, jobRuns } from '../db/schema';

export type JobSummary = Record<string, unknown>;

/**
 * Runs one job and records its outcome in job_runs (last run, status, error, run and failure
 * counts) for the admin Health tab. A failure is recorded and rethrown so the queue retries it.
 */
export async function recordRun(db: Db, name: string, run: () => Promise<JobSummary>): Promise<JobSummary> {
  const startedAt = new Date();
  await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: startedAt, lastStatus: 'running' })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastStartedAt: startedAt, lastStatus: 'running' } });
  try {
    const summary = await run();
    await db
      .update(jobRuns)
      .set({
        lastFinishedAt: new Date(),
        lastStatus: 'ok',
        lastError: null,
        lastSummary: summary,
        runs: sql`${jobRuns.runs} + 1`,
      })
      .where(sql`${jobRuns.name} = ${name}`);
    return summary;
  } catch (error) {
    await db
      .update(jobRuns)
      .set({
        lastFinishedAt: new Date(),
        lastStatus: 'failed',
        lastError: String((error as Error).message ?? error).slice(0, 500),
        runs: sql`${jobRuns.runs} + 1`,
        failures: sql`${jobRuns.failures} + 1`,
      })
      .where(sql`${jobRuns.name} = ${name}`);
    throw error;
  }
}

export async function listRuns(db: Db) {
  return db.select().from(jobRuns).orderBy(desc(jobRuns.name));
}

/** When a job last finished well, to run periodic ones (backups, clean-up) at their set frequency. */
export async function lastSuccess(db: Db, name: string): Promise<Date | null> {
  const rows = await db.execute<{ at: string | null }>(
    sql`select last_finished_at as at from job_runs where name = ${name} and last_status = 'ok'`,
  );
  const at = rows.rows[0]?.at;
  return at ? new Date(at) : null;
}

/** Records a notice (reminder, digest); false when it was already recorded, so it goes out once. */
export async function claimNotice(db: Db, kind: string, subjectId: number, milestone: string): Promise<boolean> {
  const rows = await db.execute(
    sql`insert into job_notices (kind, subject_id, milestone) values (${kind}, ${subjectId}, ${milestone}) on conflict do nothing returning kind`,
  );
  return rows.rows.length > 0;
}

/** Whether a notice was already recorded (the once-a-day rule's question, without claiming it). */
export async function noticeClaimed(db: Db, kind: string, subjectId: number, milestone: string): Promise<boolean> {
  const rows = await db
    .select({ kind: jobNotices.kind })
    .from(jobNotices)
    .where(and(eq(jobNotices.kind, kind), eq(jobNotices.subjectId, subjectId), eq(jobNotices.milestone, milestone)));
  return rows.length > 0;
}
