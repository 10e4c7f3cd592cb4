import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The farm is told when a member joins or leaves one of its CSA plans (decision 541), through its
 * order mails' spacing (orders/order-mail.ts, decisions 323 and 520): the first notice of a mail
 * period, of an order, a share or a member, is mailed at once; later member notices wait as
 * `csa_mail_pending/<membership>/<requested|cancelled>` and join the farm's one digest from the sweep.
 */
export const CSA_MAIL_PENDING = 'csa_mail_pending';

/** A member notice as the farm's digest says it. */
export type CsaDigestLine = { status: 'requested' | 'cancelled'; text: string; email: string };

export type Member = {
  shopper_name: string;
  point_name: string | null;
  start_date: string;
  plan_name: string;
  size_name: string | null;
};

export const joinedText = (m: Member) =>
  `New CSA member: ${m.shopper_name} joined ${m.plan_name}${m.size_name ? ` (${m.size_name})` : ''}${m.point_name ? ` at ${m.point_name}` : ''}, from ${formatDateOnly(m.start_date)}.`;
export const leftText = (m: Member) =>
  `CSA member left: ${m.shopper_name} left ${m.plan_name}${m.size_name ? ` (${m.size_name})` : ''}; no more weeks are placed for them.`;

export const MEMBER_COLUMNS = sql`s.shopper_name, s.point_name, s.start_date, p.name as plan_name, p.sizes -> coalesce(s.plan_size, 0) ->> 'name' as size_name`;

/** Farms with member notices waiting for their digest. */
export async function farmsWithPendingCsaMail(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ producer_user_id: number }>(sql`
    select distinct s.producer_user_id from job_notices n join standing_orders s on s.id = n.subject_id
    where n.kind = ${CSA_MAIL_PENDING}`);
  return rows.map((row) => Number(row.producer_user_id));
}

/**
 * Takes a farm's waiting member notices, as digest lines: the statement that reads them deletes
 * them, so two instances never mail one twice.
 */
export async function takePendingCsaMail(db: Db, producerUserId: number): Promise<CsaDigestLine[]> {
  const { rows } = await db.execute<Member & { status: 'requested' | 'cancelled'; email: string }>(sql`
    with taken as (
      delete from job_notices n using standing_orders s
      where n.kind = ${CSA_MAIL_PENDING} and s.id = n.subject_id and s.producer_user_id = ${producerUserId}
      returning n.subject_id, n.milestone
    )
    select ${MEMBER_COLUMNS}, t.milestone as status, u.email
    from taken t join standing_orders s on s.id = t.subject_id join csa_plans p on p.id = s.plan_id
      join users u on u.id = s.producer_user_id
    order by s.id, t.milestone desc`);
  return rows.map((row) => ({
    status: row.status,
    email: row.email,
    text: row.status === 'requested' ? joinedText(row) : leftText(row),
  }));
}
