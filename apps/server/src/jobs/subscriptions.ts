import type { PlanType } from '@farmstand/shared';
import { isoDate } from '@farmstand/shared/format/date-only';
import { formatCents, toCents } from '@farmstand/shared/format/money';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { claimNotice } from '../lib/job-runs';
import { forgetAllPublicProducts } from '../lib/public-products';
import { periodEndFrom } from '../modules/billing';
import { link, longDate, mailUser } from './notices';

type SubscriptionRow = {
  user_id: number;
  email: string;
  plan_type: PlanType | null;
  current_period_end: string;
  /** Set on renewals: the period that ends is the free trial (a plan chosen during it, decision 531). */
  trial_ended?: boolean;
};

/**
 * Subscriptions of the built-in test provider: at period end a running plan renews (new period, one
 * payment, as Stripe's invoice would), and a plan cancelled at period end becomes `canceled` on the
 * day. Stripe subscriptions are left to Stripe's webhooks. An admin's grant with an end date ends on
 * that date (docs/decisions/162).
 */
export async function runSubscriptions(ctx: AppContext, now: Date) {
  const cancelled = await ctx.db.execute<SubscriptionRow>(sql`
    update subscriptions s set status = 'canceled', updated_at = ${now}
    from users u
    where u.id = s.user_id and s.status = 'active' and s.current_period_end is not null and s.current_period_end <= ${now}
      and (s.cancel_at_period_end or s.granted_by is not null)
    returning s.user_id, u.email, s.plan_type, s.current_period_end::text as current_period_end`);
  for (const row of cancelled.rows) {
    if (!(await claimNotice(ctx.db, 'subscription_ended', row.user_id, isoDate(new Date(row.current_period_end))))) continue;
    await mailUser(ctx, row.email, 'Your subscription has ended', {
      heading: 'Your subscription has ended',
      paragraphs: [
        `Your subscription ended on ${longDate(new Date(row.current_period_end))}, so your listings are hidden from shoppers.`,
        'Your farm profile and products are kept; subscribe again to show them.',
      ],
      action: { label: 'Choose a plan', url: link(ctx, '/billing') },
      reason: 'You are getting this e-mail because your producer subscription ended.',
    });
  }

  let renewed = 0;
  if (!ctx.config.stripe.secretKey) {
    const due = await ctx.db.execute<SubscriptionRow>(sql`
      select s.user_id, u.email, s.plan_type, s.current_period_end::text as current_period_end,
        coalesce(abs(extract(epoch from s.current_period_end - s.trial_ends_at)) < 1, false) as trial_ended
      from subscriptions s join users u on u.id = s.user_id
      where s.status = 'active' and not s.cancel_at_period_end and s.granted_by is null
        and s.provider_subscription_id like 'sub_test_%' and s.current_period_end <= ${now}`);
    const payment = await ctx.settings.get('payment');
    for (const row of due.rows) {
      const plan: PlanType = row.plan_type ?? 'monthly';
      let end = new Date(row.current_period_end);
      while (end <= now) end = periodEndFrom(end, plan);
      const periodStart = isoDate(new Date(row.current_period_end));
      const amountCents = toCents(plan === 'annual' ? payment.annual_price : payment.monthly_price);
      // One transaction: the new period and its payment together; the notice key makes it once per period.
      const done = await ctx.db.transaction(async (tx) => {
        if (!(await claimNotice(tx, 'subscription_renewal', row.user_id, periodStart))) return false;
        await tx.execute(
          sql`update subscriptions set current_period_end = ${end}, updated_at = ${now} where user_id = ${row.user_id}`,
        );
        await tx.execute(sql`insert into payments (user_id, amount_cents, plan_type, provider_ref)
          values (${row.user_id}, ${amountCents}, ${plan}, ${`in_test_renewal_${row.user_id}_${periodStart}`})`);
        return true;
      });
      if (!done) continue;
      renewed++;
      const charged = formatCents(amountCents);
      await mailUser(ctx, row.email, row.trial_ended ? 'Your plan has started' : 'Your subscription has renewed', {
        heading: row.trial_ended
          ? 'Thank you: your free trial ended and your plan started'
          : 'Thank you: your subscription has renewed',
        paragraphs: [
          row.trial_ended
            ? `Your free trial ended, so your ${plan} plan's first charge of ${charged} was taken today. The next renewal is on ${longDate(end)}.`
            : `Your ${plan} plan renewed for ${charged}. The next renewal is on ${longDate(end)}.`,
          'You can cancel at any time; your listings stay live to the end of the period you paid for.',
        ],
        action: { label: 'Manage billing', url: link(ctx, '/billing') },
        reason: 'You are getting this receipt because your producer subscription renewed.',
      });
    }
  }
  if (cancelled.rows.length > 0) forgetAllPublicProducts(ctx);
  return { subscriptions_renewed: renewed, subscriptions_ended: cancelled.rows.length };
}
