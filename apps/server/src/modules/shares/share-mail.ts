import { shareCents, toMilli } from '@farmstand/shared/format/by-weight';
import { formatCents } from '@farmstand/shared/format/money';
import { type ShareTerms, shareLabel } from '@farmstand/shared/schemas/shares';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The farm's mails about share reservations and cancellations go through its order mails' spacing
 * (orders/order-mail.ts, decisions 323 and 520): the first notice of a mail period, of an order or a
 * share, is mailed at once; later share notices wait as `share_mail_pending/<share>/<status>` and
 * join the farm's one digest from the sweep.
 */
export const SHARE_MAIL_PENDING = 'share_mail_pending';

/** A share notice as the farm's digest says it. */
export type ShareDigestLine = { status: 'requested' | 'cancelled'; text: string; email: string };

/** Farms with share notices waiting for their digest. */
export async function farmsWithPendingShareMail(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ producer_user_id: number }>(sql`
    select distinct s.producer_user_id from job_notices n join share_reservations s on s.id = n.subject_id
    where n.kind = ${SHARE_MAIL_PENDING}`);
  return rows.map((row) => Number(row.producer_user_id));
}

type PendingShareRow = {
  id: number;
  status: 'requested' | 'cancelled';
  shopper_name: string;
  product_name: string;
  quantity: number;
  terms: ShareTerms;
  price_per_lb_cents: string | number;
  hanging_estimate: string | number;
  fee_estimate_cents: string | number;
  cancel_reason: string | null;
  email: string;
};

/**
 * Takes a farm's waiting share notices, as digest lines: the statement that reads them deletes them,
 * so two instances never mail one twice (the digest's claim keeps it to one per farm and period).
 */
export async function takePendingShareMail(db: Db, producerUserId: number): Promise<ShareDigestLine[]> {
  const { rows } = await db.execute<PendingShareRow>(sql`
    with taken as (
      delete from job_notices n using share_reservations s
      where n.kind = ${SHARE_MAIL_PENDING} and s.id = n.subject_id and s.producer_user_id = ${producerUserId}
      returning n.subject_id, n.milestone
    )
    select s.id, t.milestone as status, s.shopper_name, s.product_name, s.quantity, s.terms, s.price_per_lb_cents,
      s.hanging_estimate, s.fee_estimate_cents, s.cancel_reason, u.email
    from taken t join share_reservations s on s.id = t.subject_id join users u on u.id = s.producer_user_id
    order by s.id, t.milestone desc`);
  return rows.map((row) => {
    const what = `${row.quantity} × ${row.product_name} (${shareLabel(row.terms)})`;
    if (row.status === 'cancelled')
      return {
        status: row.status,
        email: row.email,
        text: `Share cancelled: ${row.shopper_name} cancelled ${what}.${row.cancel_reason ? ` Reason: ${row.cancel_reason}` : ''}`,
      };
    const estimate = shareCents({
      pricePerLbCents: Number(row.price_per_lb_cents),
      hangingMilli: toMilli(Number(row.hanging_estimate)),
      feesCents: Number(row.fee_estimate_cents),
    });
    return {
      status: row.status,
      email: row.email,
      text: `New share: ${row.shopper_name} reserved ${what}, about ${formatCents(estimate * row.quantity)}.`,
    };
  });
}
