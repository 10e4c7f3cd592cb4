import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type { ShareTerms } from '@farmstand/shared/schemas/shares';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shareReservations } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { localDate } from '../../lib/time';

/**
 * A share product's terms and the reservations that follow them (decisions 512 and 520): a product's
 * terms are changed here, with the product, and the shares module reserves against them.
 */

const longDate = (text: string) => formatDateOnly(text, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A product's new share terms must still hold the shares reserved, and never move a reserved share's
 * deadline earlier than it was reserved under or into the past (decision 520); reservations not yet
 * processed follow them.
 */
export async function assertShareTermsFit(tx: Db, productId: number, share: ShareTerms | null, now: Date): Promise<void> {
  if (share === null) {
    const open = await openShares(tx, productId);
    if (open > 0)
      throw conflict(
        `${open} ${open === 1 ? 'share of this product is' : 'shares of this product are'} reserved and not yet picked up: hand them over or cancel them before it stops being a share`,
      );
    return;
  }
  const taken = await sharesTaken(tx, productId);
  if (taken > share.animals_available * share.parts)
    throw badRequest(
      `${taken} shares are already reserved: offer at least ${Math.ceil(taken / share.parts)} animals, or cancel reservations first`,
      'share.animals_available',
    );
  assertTermsKeepReservations(await reservedDates(tx, productId), share, now);
  await followTerms(tx, productId, share);
}

/**
 * New share terms keep the reservations that follow them (decision 520): the cut sheet deadline may
 * move earlier only down to the latest deadline a shopper reserved under and never before the farm's
 * today, and the processing date may move earlier only down to today, so a change never takes away a
 * shopper's cut sheet and cancel, or opens the bill, at once. Dates left as they are, or moved later,
 * always pass (a share past its deadline can still have its processor renamed).
 */
function assertTermsKeepReservations(
  dates: { reservedDue: string; currentDue: string; currentProcessing: string } | null,
  terms: Pick<ShareTerms, 'cut_sheet_due' | 'processing_date' | 'time_zone'>,
  now: Date,
): void {
  if (dates === null) return;
  const today = localDate(now, terms.time_zone);
  if (terms.cut_sheet_due < dates.currentDue) {
    if (terms.cut_sheet_due < dates.reservedDue)
      throw badRequest(
        `Shoppers reserved this share with its cut sheet due by ${longDate(dates.reservedDue)}: the deadline can move later, or back to that day, but not earlier`,
        'share.cut_sheet_due',
      );
    if (terms.cut_sheet_due < today)
      throw badRequest(
        `The cut sheet deadline cannot move into the past while shares are reserved: choose today (${longDate(today)}) or later`,
        'share.cut_sheet_due',
      );
  }
  if (terms.processing_date < dates.currentProcessing && terms.processing_date < today)
    throw badRequest(
      `The processing date cannot move into the past while shares are reserved: choose today (${longDate(today)}) or later`,
      'share.processing_date',
    );
}

/** Shares of a product that are taken: every reservation not cancelled. */
export async function sharesTaken(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${shareReservations.quantity}), 0)::int`.mapWith(Number) })
    .from(shareReservations)
    .where(and(eq(shareReservations.productId, productId), ne(shareReservations.status, 'cancelled')));
  return row?.n ?? 0;
}

/** Shares of a product not yet picked up or cancelled: the product cannot stop being a share while any are. */
async function openShares(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${shareReservations.quantity}), 0)::int`.mapWith(Number) })
    .from(shareReservations)
    .where(
      and(eq(shareReservations.productId, productId), sql`${shareReservations.status} in ('reserved', 'processed', 'ready')`),
    );
  return row?.n ?? 0;
}

/**
 * The dates that bind a change of a product's share terms, over its reservations that follow them
 * (not yet processed): the latest deadline a shopper reserved under, and the current deadline and
 * processing date. Null when no reservation follows the terms.
 */
async function reservedDates(
  db: Db,
  productId: number,
): Promise<{ reservedDue: string; currentDue: string; currentProcessing: string } | null> {
  const [row] = await db
    .select({
      reservedDue: sql<string | null>`max(${shareReservations.reservedCutSheetDue})::text`,
      currentDue: sql<string | null>`min(${shareReservations.terms}->>'cut_sheet_due')`,
      currentProcessing: sql<string | null>`min(${shareReservations.terms}->>'processing_date')`,
    })
    .from(shareReservations)
    .where(and(eq(shareReservations.productId, productId), eq(shareReservations.status, 'reserved')));
  if (!row?.reservedDue || !row.currentDue || !row.currentProcessing) return null;
  return { reservedDue: row.reservedDue, currentDue: row.currentDue, currentProcessing: row.currentProcessing };
}

/**
 * Reservations not yet processed follow the producer's new schedule and cut sheet, except that a
 * cut sheet already filled in keeps the questions it was answered under (decision 547): its answers
 * keep matching their questions, and a question added later cannot leave it unanswered.
 */
async function followTerms(db: Db, productId: number, terms: ShareTerms): Promise<void> {
  const next = sql`${JSON.stringify(terms)}::jsonb`;
  await db
    .update(shareReservations)
    .set({
      terms: sql`case when ${shareReservations.cutSheet} is null then ${next}
        else jsonb_set(${next}, '{cut_sheet}', ${shareReservations.terms}->'cut_sheet') end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(shareReservations.productId, productId), eq(shareReservations.status, 'reserved')));
}
