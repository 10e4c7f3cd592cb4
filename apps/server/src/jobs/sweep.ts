import type { AppContext } from '../lib/context';
import { type JobSummary, recordRun } from '../lib/job-runs';
import { runOrderExpiry } from '../modules/orders';
import { runStandingOrders } from '../modules/standing';
import { runCertifications } from './certifications';
import { runCloseDays } from './close-days';
import { runFarmMailDigests } from './farm-mail-digest';
import { runMailRecovery } from './mail-recovery';
import { runMessageDigests } from './message-digest';
import { runScheduledBackup, runScheduledRetention } from './periodic';
import { runPickupReminders } from './pickup-reminders';
import { runSubscriptions } from './subscriptions';
import { runTrials } from './trials';

/** The scheduled jobs, in the order one sweep runs them; each is recorded in job_runs on its own. */
export const SCHEDULED_JOBS: Record<string, (ctx: AppContext, now: Date) => Promise<JobSummary>> = {
  trials: runTrials,
  certifications: runCertifications,
  subscriptions: runSubscriptions,
  'message-digests': runMessageDigests,
  retention: runScheduledRetention,
  backups: runScheduledBackup,
  'order-expiry': runOrderExpiry,
  'close-days': runCloseDays,
  'order-mail-digests': runFarmMailDigests,
  'pickup-reminders': runPickupReminders,
  'standing-orders': runStandingOrders,
  'mail-recovery': runMailRecovery,
};

/**
 * One pass over every scheduled job at the clock's time. Every job is idempotent (a notice key or a
 * state change guards each effect), so a retried or repeated sweep changes nothing twice. A failing
 * job does not stop the others; the sweep then fails so the queue retries it with backoff.
 */
export async function runSweep(ctx: AppContext, now = ctx.clock.now()) {
  const results: Record<string, JobSummary> = {};
  const failed: string[] = [];
  for (const [name, job] of Object.entries(SCHEDULED_JOBS)) {
    try {
      results[name] = await recordRun(ctx.db, name, () => job(ctx, now));
    } catch {
      failed.push(name);
    }
  }
  if (failed.length > 0) throw new Error(`Scheduled jobs failed: ${failed.join(', ')}`);
  return results;
}
