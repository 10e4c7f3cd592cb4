import { todayDateOnly } from '@farmstand/shared/format/date-only';
import type { ShareStatus, ShareTerms } from '@farmstand/shared/schemas/shares';
import { conflict, notFound } from '../../lib/errors';
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

/** The farm's calendar day now, in the share's zone. */
export const farmToday = (terms: Pick<ShareTerms, 'time_zone'>, now: Date) => todayDateOnly(now, terms.time_zone);

/** Shares are reserved, and cut sheets filled in or changed, through the cut sheet deadline day. */
export function cutSheetOpen(row: Pick<ShareRow, 'status' | 'terms'>, now: Date): boolean {
  return row.status === 'reserved' && farmToday(row.terms, now) <= row.terms.cut_sheet_due;
}

/** The bill is entered once the animal is processed: from the processing day on, before it is ready. */
export function assertCanBill(row: Pick<ShareRow, 'status' | 'terms'>, now: Date): void {
  if (row.status !== 'reserved' && row.status !== 'processed')
    throw conflict(`This share is ${STATUS_WORDS[row.status]}: its bill can no longer change`);
  if (farmToday(row.terms, now) < row.terms.processing_date)
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
