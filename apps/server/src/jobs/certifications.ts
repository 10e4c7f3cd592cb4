import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { claimNotice } from '../lib/job-runs';
import { farmToday } from '../lib/time';
import { certificationStatusSql } from '../modules/producers';
import { link, longDate, mailUser } from './notices';

/** Reminders go out this many days before a certification expires. */
export const CERTIFICATION_REMINDER_DAYS = [30, 7] as const;

type CertRow = { id: number; email: string; expiry_date: string; label: string; days_left: number };

/**
 * Certifications: reminders at 30 and 7 days before expiry, and on the first local day after the
 * expiry date the stored status becomes `expired` with a mail. Every screen already reads it as
 * expired from that day (certificationStatus); the job only records it and tells the farmer.
 */
export async function runCertifications(ctx: AppContext, now: Date) {
  const today = await farmToday(ctx, now);
  const due = await ctx.db.execute<CertRow>(sql`
    select c.id, u.email, c.expiry_date::text as expiry_date,
      coalesce(nullif(c.certification_name, ''), replace(c.certification_type, '_', ' ')) as label,
      (c.expiry_date - ${today}::date)::int as days_left
    from certifications c join producers p on p.id = c.producer_id join users u on u.id = p.user_id
    where c.status in ('pending', 'verified') and c.expiry_date > ${today}::date
      and c.expiry_date <= ${today}::date + ${CERTIFICATION_REMINDER_DAYS[0]}::int
      and u.status = 'active'`);
  let reminded = 0;
  for (const row of due.rows) {
    // The nearest milestone not yet passed: 7 when a week or less is left, else 30.
    const milestone = CERTIFICATION_REMINDER_DAYS.filter((days) => row.days_left <= days).at(-1);
    if (!milestone) continue;
    if (!(await claimNotice(ctx.db, `certification_${milestone}d`, row.id, row.expiry_date))) continue;
    await mailUser(ctx, row.email, `Your ${row.label} certification expires in ${row.days_left} days`, {
      heading: 'A certification expires soon',
      paragraphs: [
        `Your ${row.label} certification expires on ${longDate(row.expiry_date)} (${row.days_left} days from now).`,
        'Upload the renewed document so shoppers keep seeing it on your farm page.',
      ],
      action: { label: 'Update certifications', url: link(ctx, '/profile') },
      reason: `You are getting this reminder ${milestone} days before a certification on your farm profile expires.`,
    });
    reminded++;
  }
  const expired = await ctx.db.execute<CertRow>(sql`
    update certifications c set status = 'expired'
    from producers p, users u
    where p.id = c.producer_id and u.id = p.user_id and c.status <> 'expired'
      and ${certificationStatusSql(today)} = 'expired'
    returning c.id, u.email, c.expiry_date::text as expiry_date,
      coalesce(nullif(c.certification_name, ''), replace(c.certification_type, '_', ' ')) as label, 0 as days_left`);
  for (const row of expired.rows) {
    if (!(await claimNotice(ctx.db, 'certification_expired', row.id, row.expiry_date))) continue;
    await mailUser(ctx, row.email, `Your ${row.label} certification has expired`, {
      heading: 'A certification has expired',
      paragraphs: [
        `Your ${row.label} certification expired on ${longDate(row.expiry_date)} and is no longer shown as valid.`,
        'Add the renewed certification to show it again.',
      ],
      action: { label: 'Update certifications', url: link(ctx, '/profile') },
      reason: 'You are getting this e-mail because a certification on your farm profile expired.',
    });
  }
  return { certification_reminders: reminded, certifications_expired: expired.rows.length };
}
