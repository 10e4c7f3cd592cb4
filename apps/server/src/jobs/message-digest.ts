import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { claimNotice } from '../lib/job-runs';
import { link, mailUser } from './notices';

/** A message unread this long counts as missed: the person was not there to see it live. */
export const UNREAD_FOR_MINUTES = 15;

type DigestRow = { user_id: number; email: string; messages: number; senders: string; conversation_id: number };

/**
 * New messages while offline: one mail per person per hour at most, listing what arrived unread
 * since their last digest. The hour key makes the cap hold across instances and reruns.
 */
export async function runMessageDigests(ctx: AppContext, now: Date) {
  const { enable_notifications: enabled } = await ctx.settings.get('email');
  if (!enabled) return { message_digests: 0 };
  const unreadBefore = new Date(now.getTime() - UNREAD_FOR_MINUTES * 60_000);
  const hour = now.toISOString().slice(0, 13);
  const rows = await ctx.db.execute<DigestRow>(sql`
    with last_digest as (
      select subject_id as user_id, max(created_at) as at from job_notices where kind = 'message_digest' group by subject_id
    )
    select u.id as user_id, u.email, count(*)::int as messages,
      string_agg(distinct sender.email, ', ') as senders, min(m.conversation_id) as conversation_id
    from messages m
    join conversations c on c.id = m.conversation_id
    join users u on u.id = case when c.user_low_id = m.sender_id then c.user_high_id else c.user_low_id end
    join users sender on sender.id = m.sender_id
    left join last_digest d on d.user_id = u.id
    where m.read_at is null and m.created_at <= ${unreadBefore} and m.created_at > coalesce(d.at, ${unreadBefore}::timestamptz - interval '1 day')
      and u.status = 'active'
    group by u.id, u.email`);
  const { site_name: site } = await ctx.settings.get('general');
  let sent = 0;
  for (const row of rows.rows) {
    if (!(await claimNotice(ctx.db, 'message_digest', row.user_id, hour))) continue;
    const count = row.messages === 1 ? 'a new message' : `${row.messages} new messages`;
    await mailUser(ctx, row.email, `You have ${count} on ${site}`, {
      heading: `You have ${count}`,
      paragraphs: [`From ${row.senders}. Reply on ${site} to keep the conversation in one place.`],
      action: { label: 'Open messages', url: link(ctx, `/messages?conversation=${row.conversation_id}`) },
      reason:
        'You are getting this because messages arrived while you were away and stayed unread. We send at most one such e-mail an hour.',
    });
    sent++;
  }
  return { message_digests: sent };
}
