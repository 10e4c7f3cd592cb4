import { ORDER_LIMITS } from '@farmstand/shared/schemas/orders';
import type { AppContext } from '../lib/context';
import { claimNotice } from '../lib/job-runs';
import { farmsWithPendingOrderMail, mailPeriodOf, takePendingOrderMail } from '../modules/orders';
import { farmsWithPendingShareMail, takePendingShareMail } from '../modules/shares';
import { farmsWithPendingCsaMail, takePendingCsaMail } from '../modules/standing';

const FARM_DIGEST = 'order_digest';

/**
 * The sweep's job: one digest per farm of its waiting order, share and CSA member notices, at most one
 * per farm per mail period (orders/order-mail.ts, decisions 323, 520 and 541). Each module takes its
 * own pending notices as lines (the statement that reads them deletes them, so two instances never
 * mail one twice); a farm whose digest of this period went out already waits for the next period.
 */
export async function runFarmMailDigests(ctx: AppContext, now: Date) {
  const period = mailPeriodOf(now);
  const producers = new Set([
    ...(await farmsWithPendingOrderMail(ctx.db)),
    ...(await farmsWithPendingShareMail(ctx.db)),
    ...(await farmsWithPendingCsaMail(ctx.db)),
  ]);
  const { site_name: site } = await ctx.settings.get('general');
  let sent = 0;
  for (const producer of producers) {
    if (!(await claimNotice(ctx.db, FARM_DIGEST, producer, period))) continue;
    const orders = await takePendingOrderMail(ctx.db, producer);
    const shares = await takePendingShareMail(ctx.db, producer);
    const members = await takePendingCsaMail(ctx.db, producer);
    if (orders.length === 0 && shares.length === 0 && members.length === 0) continue;
    const count = (list: { status: string }[], status: string, one: string, many: string) => {
      const n = list.filter((row) => row.status === status).length;
      return n === 0 ? null : `${n} ${n === 1 ? one : many}`;
    };
    const summary = [
      count(orders, 'requested', 'new order', 'new orders'),
      count(orders, 'cancelled', 'cancellation', 'cancellations'),
      count(orders, 'expired', 'expired request', 'expired requests'),
      count(shares, 'requested', 'new share reservation', 'new share reservations'),
      count(shares, 'cancelled', 'share cancellation', 'share cancellations'),
      count(members, 'requested', 'new CSA member', 'new CSA members'),
      count(members, 'cancelled', 'CSA member who left', 'CSA members who left'),
    ]
      .filter(Boolean)
      .join(', ');
    await ctx.mailer.send({
      to: orders[0]?.email ?? shares[0]?.email ?? members[0].email,
      subject: `${summary} on ${site}`,
      heading: summary.charAt(0).toUpperCase() + summary.slice(1),
      paragraphs: [...orders, ...shares, ...members].map((line) => line.text),
      action: { label: 'Open your orders', url: `${ctx.config.publicUrl}/dashboard?tab=orders` },
      reason: `You are getting this because shoppers reserved from your farm. After one order e-mail, we collect the next ${ORDER_LIMITS.producerMailPeriodMinutes} minutes' orders and changes into one e-mail like this.`,
    });
    sent++;
  }
  return { order_mail_digests: sent };
}
