import { ORDER_LIMITS } from '@farmstand/shared/constants/orders';
import { FAR_OUTSIDE, formatWeight, toMilli } from '@farmstand/shared/format/by-weight';
import { formatCents } from '@farmstand/shared/format/money';
import type { ShareStatus } from '@farmstand/shared/schemas/shares';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { ShareRow } from './shares.repository';

/**
 * What may happen to a share, and when (decision 512). Dates are the farm's calendar days in the
 * share's time zone: the cut sheet is open through its deadline day, the bill can be entered from
 * the processing day on.
 */

export const SHARE_NOT_FOUND = 'Share reservation not found';

export type ShareRole = 'shopper' | 'producer' | 'admin';

/** Who the viewer is to this share; anyone else gets the same 404 as for a missing one. */
export function roleOfShare(row: Pick<ShareRow, 'customerId' | 'producerUserId'>, user: AuthUser): ShareRole {
  if (row.producerUserId === user.id) return 'producer';
  if (row.customerId === user.id) return 'shopper';
  if (user.userType === 'admin') return 'admin';
  throw notFound(SHARE_NOT_FOUND);
}

/** Shares are reserved, and cut sheets filled in or changed, through the cut sheet deadline day. */
export function cutSheetOpen(row: Pick<ShareRow, 'status' | 'terms'>, now: Date): boolean {
  return row.status === 'reserved' && localDate(now, row.terms.time_zone) <= row.terms.cut_sheet_due;
}

/** The bill is entered once the animal is processed: from the processing day on, before it is ready. */
export function assertCanBill(row: Pick<ShareRow, 'status' | 'terms'>, now: Date): void {
  if (row.status !== 'reserved' && row.status !== 'processed')
    throw conflict(`This share is ${STATUS_WORDS[row.status]}: its bill can no longer change`);
  if (localDate(now, row.terms.time_zone) < row.terms.processing_date)
    throw conflict(
      `The bill is entered once the animal is processed: from ${row.terms.processing_date} on, with the hanging weight from ${row.terms.processor}`,
    );
}

/** The stage a move needs, and the words its refusal uses. */
export const STATUS_WORDS: Record<ShareStatus, string> = {
  reserved: 'reserved',
  processed: 'processed',
  ready: 'ready for pickup',
  picked_up: 'picked up',
  cancelled: 'cancelled',
};

export function assertStatus(row: Pick<ShareRow, 'status'>, allowed: ShareStatus[], doing: string): void {
  if (!allowed.includes(row.status)) throw conflict(`This share is ${STATUS_WORDS[row.status]}: it cannot be ${doing}`);
}

/**
 * A bill is bounded like an order's total (ORDER_LIMITS.maxTotal), and one far above the
 * reservation's estimate (more than FAR_OUTSIDE.high times it) is saved only once the farm confirms
 * it, as a weight far outside a pack's range is when weighing an order (decision 520).
 */
export function assertBillPlausible(
  bill: { cents: number; hangingWeight: number; confirm: boolean },
  estimate: { cents: number; hangingWeight: number },
): void {
  if (bill.cents > ORDER_LIMITS.maxTotalCents)
    throw badRequest(
      `A share's bill can be at most ${formatCents(ORDER_LIMITS.maxTotalCents)}; this one comes to ${formatCents(bill.cents)}: check the hanging weight and the fees`,
      'hanging_weight',
    );
  if (bill.cents > estimate.cents * FAR_OUTSIDE.high && !bill.confirm)
    throw conflict(
      `${formatCents(bill.cents)} is far above this share's estimate of ${formatCents(estimate.cents)} (${formatWeight(toMilli(bill.hangingWeight))} lb hanging weight against about ${formatWeight(toMilli(estimate.hangingWeight))} lb expected): check the processor's sheet and confirm to save it`,
    );
}
