import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { insertOutboxRow } from '../../lib/mailer';
import { mailFarmNow } from '../orders';
import { CSA_MAIL_PENDING, joinedText, leftText, MEMBER_COLUMNS, type Member } from './csa-mail';

/**
 * Tells the farm, in the transaction that made or ended the membership: mailed now when it is the
 * first notice of the farm's mail period (the outbox row is committed with the change; call the
 * returned function after the commit), else left for the digest.
 */
export async function tellFarmOfMember(
  ctx: AppContext,
  tx: Db,
  standingId: number,
  status: 'requested' | 'cancelled',
): Promise<() => void> {
  const { rows } = await tx.execute<Member & { producer_user_id: number; email: string | null }>(sql`
    select ${MEMBER_COLUMNS}, s.producer_user_id, u.email
    from standing_orders s join csa_plans p on p.id = s.plan_id join users u on u.id = s.producer_user_id
    where s.id = ${standingId}`);
  const member = rows[0];
  if (!member?.email) return () => {};
  if (!(await mailFarmNow(tx, Number(member.producer_user_id), standingId, status, ctx.clock.now(), CSA_MAIL_PENDING)))
    return () => {};
  // Through the transaction: the settings' cache may have expired, and a read beside it would wait for it.
  const site = await ctx.mailer.site(tx);
  const text = status === 'requested' ? joinedText(member) : leftText(member);
  const rendered = await ctx.mailer.render(
    {
      to: member.email,
      subject: status === 'requested' ? `New CSA member: ${member.shopper_name}` : `CSA member left: ${member.shopper_name}`,
      text: [text, '', `See your members: ${ctx.config.publicUrl}/dashboard?tab=orders`].join('\n'),
    },
    site,
  );
  const id = await insertOutboxRow(tx, rendered);
  return () => void ctx.mailer.dispatch(id, rendered).catch((error) => console.error('csa member mail failed', error));
}
