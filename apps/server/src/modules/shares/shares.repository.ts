import { and, desc, eq, sql } from 'drizzle-orm';
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

export async function updateShare(db: Db, id: number, values: Partial<typeof shareReservations.$inferInsert>): Promise<void> {
  await db
    .update(shareReservations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shareReservations.id, id));
}

export async function insertShare(db: Db, values: typeof shareReservations.$inferInsert): Promise<number> {
  const [row] = await db.insert(shareReservations).values(values).returning({ id: shareReservations.id });
  return row.id;
}

export async function emailOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
