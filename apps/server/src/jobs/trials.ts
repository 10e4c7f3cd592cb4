import { isoDate, plusDays } from '@farmstand/shared/format/date-only';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { claimNotice } from '../lib/job-runs';
import { forgetAllPublicProducts } from '../lib/public-products';
import { link, longDate, mailUser } from './notices';

export const TRIAL_REMINDER_DAYS = 3;

type TrialRow = { user_id: number; email: string; trial_ends_at: string };

/**
 * Trials: a reminder 3 days before the end, and on the day it ends the stored status becomes
 * `none`, so the producer's listings are hidden (they already stop counting at that moment).
 */
export async function runTrials(ctx: AppContext, now: Date) {
  const soon = plusDays(now, TRIAL_REMINDER_DAYS);
  const reminders = await ctx.db.execute<TrialRow>(sql`
    select s.user_id, u.email, s.trial_ends_at::text as trial_ends_at
    from subscriptions s join users u on u.id = s.user_id
    where s.status = 'trialing' and s.trial_ends_at > ${now} and s.trial_ends_at <= ${soon} and u.status = 'active'`);
  let reminded = 0;
  for (const row of reminders.rows) {
    if (!(await claimNotice(ctx.db, 'trial_reminder', row.user_id, isoDate(new Date(row.trial_ends_at))))) continue;
    await mailUser(ctx, row.email, 'Your free trial ends in 3 days', {
      heading: 'Your free trial ends soon',
      paragraphs: [
        `Your free trial ends on ${longDate(new Date(row.trial_ends_at))}.`,
        'Choose a monthly or annual plan before then to keep your products listed. Without a plan, shoppers stop seeing your listings on the day the trial ends.',
      ],
      action: { label: 'Choose a plan', url: link(ctx, '/billing') },
      reason: 'You are getting this reminder because your producer account is on a free trial.',
    });
    reminded++;
  }
  const ended = await ctx.db.execute<TrialRow>(sql`
    update subscriptions s set status = 'none', updated_at = ${now}
    from users u
    where u.id = s.user_id and s.status = 'trialing' and s.trial_ends_at <= ${now}
    returning s.user_id, u.email, s.trial_ends_at::text as trial_ends_at`);
  for (const row of ended.rows) {
    if (!(await claimNotice(ctx.db, 'trial_ended', row.user_id, isoDate(new Date(row.trial_ends_at))))) continue;
    await mailUser(ctx, row.email, 'Your free trial has ended', {
      heading: 'Your free trial has ended',
      paragraphs: [
        'Your listings are now hidden from shoppers. Your farm profile, products and messages are kept.',
        'Choose a plan and they are back at once.',
      ],
      action: { label: 'Choose a plan', url: link(ctx, '/billing') },
      reason: 'You are getting this e-mail because the free trial of your producer account ended.',
    });
  }
  if (ended.rows.length > 0) forgetAllPublicProducts(ctx);
  return { trial_reminders: reminded, trials_ended: ended.rows.length };
}
