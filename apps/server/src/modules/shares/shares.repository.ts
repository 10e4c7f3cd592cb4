import type { ShareTerms } from '@farmstand/shared/schemas/shares';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { producers, products, shareReservations, users } from '../../db/schema';

export type ShareRow = typeof shareReservations.$inferSelect;
export type ShareWithFarm = { share: ShareRow; farmName: string; inspection: string | null; cutSheetChanged?: boolean };

const withFarm = {
  share: shareReservations,
  farmName: producers.farmName,
  inspection: products.inspection,
  /** The farm's cut sheet is no longer the one this share follows: a filled sheet keeps its questions (decision 547). */
  cutSheetChanged: sql<boolean>`coalesce(${products.share} is not null
    and (${products.share}->'cut_sheet') is distinct from (${shareReservations.terms}->'cut_sheet'), false)`,
};

function selectWithFarm(db: Db) {
  return db
    .select(withFarm)
    .from(shareReservations)
    .innerJoin(producers, eq(producers.userId, shareReservations.producerUserId))
    .leftJoin(products, eq(products.id, shareReservations.productId));
}

export async function findShare(db: Db, id: number): Promise<ShareWithFarm | undefined> {
  const [row] = await selectWithFarm(db).where(eq(shareReservations.id, id));
  return row;
}

/** The reservation row, locked for a change (two changes of one share run one after the other). */
export async function lockShare(db: Db, id: number): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shareReservations).where(eq(shareReservations.id, id)).for('update');
  return row;
}

export async function listOfCustomer(db: Db, customerId: number): Promise<ShareWithFarm[]> {
  return selectWithFarm(db)
    .where(eq(shareReservations.customerId, customerId))
    .orderBy(desc(shareReservations.createdAt), desc(shareReservations.id));
}

export async function listOfProducer(db: Db, producerUserId: number): Promise<ShareWithFarm[]> {
  return selectWithFarm(db)
    .where(eq(shareReservations.producerUserId, producerUserId))
    .orderBy(desc(shareReservations.createdAt), desc(shareReservations.id));
}

/** The share product with its producer, locked: reservations of one product count one after the other. */
export async function lockShareProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ product: products, producerUserId: producers.userId, farmName: producers.farmName })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(eq(products.id, productId))
    .for('update', { of: products });
  return row;
}

/** Shares of a product that are taken: every reservation not cancelled. */
export async function sharesTaken(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${shareReservations.quantity}), 0)::int`.mapWith(Number) })
    .from(shareReservations)
    .where(and(eq(shareReservations.productId, productId), ne(shareReservations.status, 'cancelled')));
  return row?.n ?? 0;
}

/** Shares of a product one shopper holds open (reserved, processed or ready): the per-shopper cap counts them. */
export async function sharesHeldBy(db: Db, productId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${shareReservations.quantity}), 0)::int`.mapWith(Number) })
    .from(shareReservations)
    .where(
      and(
        eq(shareReservations.productId, productId),
        eq(shareReservations.customerId, customerId),
        sql`${shareReservations.status} in ('reserved', 'processed', 'ready')`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The dates that bind a change of a product's share terms, over its reservations that follow them
 * (not yet processed): the latest deadline a shopper reserved under, and the current deadline and
 * processing date. Null when no reservation follows the terms.
 */
export async function reservedDates(
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
export async function followTerms(db: Db, productId: number, terms: ShareTerms): Promise<void> {
  const next = sql`${JSON.stringify(terms)}::jsonb`;
  await db
    .update(shareReservations)
    .set({
      terms: sql`case when ${shareReservations.cutSheet} is null then ${next}
        else jsonb_set(${next}, '{cut_sheet}', ${shareReservations.terms}->'cut_sheet') end`,
      updatedAt: new Date(),
    })
    .where(and(eq(shareReservations.productId, productId), eq(shareReservations.status, 'reserved')));
}

export async function updateShare(db: Db, id: number, values: Partial<typeof shareReservations.$inferInsert>): Promise<void> {
  await db
    .update(shareReservations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shareReservations.id, id));
}

export async function insertShare(db: Db, values: typeof shareReservations.$inferInsert): Promise<number> {
  const [row] = await db.insert(shareReservations).values(values).returning({ id: shareReservations.id });
  return row.id;
}

/** Shares of a product not yet picked up or cancelled: the product cannot stop being a share while any are. */
export async function openShares(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${shareReservations.quantity}), 0)::int`.mapWith(Number) })
    .from(shareReservations)
    .where(
      and(eq(shareReservations.productId, productId), sql`${shareReservations.status} in ('reserved', 'processed', 'ready')`),
    );
  return row?.n ?? 0;
}

export async function emailOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
