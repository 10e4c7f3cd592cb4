import path from 'node:path';
import { isoDate, weekStart } from '@farmstand/shared/format/date-only';
import { writeBackup } from '../lib/backup-file';
import type { AppContext } from '../lib/context';
import { claimNotice } from '../lib/job-runs';
import { runRetention } from './retention';

export type Frequency = 'daily' | 'weekly' | 'monthly';

/** The period a moment falls in: a day, an ISO week (from its Monday) or a month. */
export function periodKey(now: Date, frequency: Frequency): string {
  if (frequency === 'monthly') return isoDate(now).slice(0, 7);
  if (frequency === 'weekly') return `week-of-${weekStart(isoDate(now))}`;
  return isoDate(now);
}

/** A backup once per `backup_frequency` period; the notice key makes it once across instances. */
export async function runScheduledBackup(ctx: AppContext, now: Date) {
  const { backup_frequency: frequency } = await ctx.settings.get('maintenance');
  if (!(await claimNotice(ctx.db, 'backup', 0, periodKey(now, frequency)))) return { backup: 'not due' };
  const result = await writeBackup(ctx.db, path.join(ctx.config.dataDir, 'backups'), ctx.config.backupKeep, now);
  return { backup: result.file, backup_rows: result.rows, backups_pruned: result.pruned };
}

/** The clean-up once per `cleanup_frequency` period. */
export async function runScheduledRetention(ctx: AppContext, now: Date) {
  const { cleanup_frequency: frequency } = await ctx.settings.get('maintenance');
  if (!(await claimNotice(ctx.db, 'cleanup', 0, periodKey(now, frequency)))) return { cleanup: 'not due' };
  return runRetention(ctx, now);
}
