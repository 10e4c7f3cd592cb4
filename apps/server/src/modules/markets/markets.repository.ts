import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  certifications,
  marketStaff,
  markets,
  marketVendors,
  pickupPoints,
  producerBenefits,
  producers,
  users,
} from '../../db/schema';
import type { MarketRow } from './markets.access';

/** Database access of the markets module (decision 581): markets, their staff and their vendors. */

export type MarketValues = Omit<typeof markets.$inferInsert, 'id' | 'slug' | 'createdAt' | 'updatedAt'>;
export type VendorRow = typeof marketVendors.$inferSelect;

export async function findMarketBySlug(db: Db, slug: string): Promise<MarketRow | undefined> {
  const [row] = await db.select().from(markets).where(eq(markets.slug, slug)).limit(1);
  return row;
}

export async function allMarkets(db: Db): Promise<MarketRow[]> {
  return db.select().from(markets).orderBy(asc(markets.name), asc(markets.id));
}

/** The slugs already taken that start with `base` ('lexington-farmers-market', '…-2'). */
export async function slugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: markets.slug })
    .from(markets)
    .where(sql`${markets.slug} = ${base} or ${markets.slug} like ${`${base}-%`}`);
  return rows.map((r) => r.slug);
}

export async function insertMarket(db: Db, slug: string, values: MarketValues): Promise<MarketRow> {
  const [row] = await db
    .insert(markets)
    .values({ ...values, slug })
    .returning();
  return row;
}

export async function updateMarket(db: Db, id: number, values: MarketValues): Promise<MarketRow> {
  const [row] = await db
    .update(markets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(markets.id, id))
    .returning();
  return row;
}

// --- staff -------------------------------------------------------------------------------------

export async function listStaff(db: Db, marketId: number) {
  return db
    .select({
      userId: marketStaff.userId,
      farmName: producers.farmName,
      email: users.email,
      role: marketStaff.role,
      addedAt: marketStaff.addedAt,
    })
    .from(marketStaff)
    .innerJoin(users, eq(users.id, marketStaff.userId))
    .leftJoin(producers, eq(producers.userId, marketStaff.userId))
    .where(eq(marketStaff.marketId, marketId))
    .orderBy(asc(marketStaff.role), asc(users.email));
}

/** Grants (or changes) a role: one row per market and account. */
export async function saveStaff(
  db: Db,
  row: { marketId: number; userId: number; role: 'manager' | 'volunteer'; addedBy: number; addedAt: Date },
): Promise<void> {
  await db
    .insert(marketStaff)
    .values(row)
    .onConflictDoUpdate({
      target: [marketStaff.marketId, marketStaff.userId],
      set: { role: row.role, addedBy: row.addedBy, addedAt: row.addedAt },
    });
}

export async function deleteStaff(db: Db, marketId: number, userId: number, role: 'manager' | 'volunteer'): Promise<boolean> {
  const deleted = await db
    .delete(marketStaff)
    .where(and(eq(marketStaff.marketId, marketId), eq(marketStaff.userId, userId), eq(marketStaff.role, role)))
    .returning({ userId: marketStaff.userId });
  return deleted.length > 0;
}

export async function marketsOfStaff(db: Db, userId: number) {
  return db
    .select({ id: markets.id, slug: markets.slug, name: markets.name, role: marketStaff.role })
    .from(marketStaff)
    .innerJoin(markets, eq(markets.id, marketStaff.marketId))
    .where(eq(marketStaff.userId, userId))
    .orderBy(asc(markets.name), asc(markets.id));
}

// --- vendors -----------------------------------------------------------------------------------

export async function findVendor(db: Db, marketId: number, producerUserId: number): Promise<VendorRow | undefined> {
  const [row] = await db
    .select()
    .from(marketVendors)
    .where(and(eq(marketVendors.marketId, marketId), eq(marketVendors.producerUserId, producerUserId)))
    .limit(1);
  return row;
}

/** Writes a farm's standing at a market (one row per market and farm; a row read before keeps its id). */
export async function saveVendor(
  db: Db,
  row: typeof marketVendors.$inferInsert & { marketId: number; producerUserId: number },
): Promise<VendorRow> {
  const { id: _id, marketId, producerUserId, ...set } = row;
  const [saved] = await db
    .insert(marketVendors)
    .values({ marketId, producerUserId, ...set })
    .onConflictDoUpdate({ target: [marketVendors.marketId, marketVendors.producerUserId], set })
    .returning();
  return saved;
}

export async function setVendorPlace(db: Db, vendorId: number, pointId: number | null): Promise<void> {
  await db.update(marketVendors).set({ pointId }).where(eq(marketVendors.id, vendorId));
}

/** The vendors of a market with their farm, e-mail, FNS number and linked place. */
export async function listVendors(db: Db, marketId: number) {
  return db
    .select({
      vendor: marketVendors,
      producerId: producers.id,
      farmName: producers.farmName,
      city: producers.city,
      fnsNumber: producerBenefits.fnsNumber,
      wicFmnpAccepted: producerBenefits.wicFmnpAccepted,
      wicFmnpExpiresOn: producerBenefits.wicFmnpExpiresOn,
      seniorFmnpAccepted: producerBenefits.seniorFmnpAccepted,
      seniorFmnpExpiresOn: producerBenefits.seniorFmnpExpiresOn,
      placeName: pickupPoints.name,
      booth: pickupPoints.booth,
    })
    .from(marketVendors)
    .innerJoin(producers, eq(producers.userId, marketVendors.producerUserId))
    .leftJoin(producerBenefits, eq(producerBenefits.producerUserId, marketVendors.producerUserId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, marketVendors.pointId))
    .where(eq(marketVendors.marketId, marketId))
    .orderBy(asc(producers.farmName), asc(marketVendors.id));
}

/** The certifications of these farms (by producers.id), for the manager's documents column. */
export async function certificationsOf(db: Db, producerIds: number[]) {
  if (producerIds.length === 0) return [];
  return db
    .select()
    .from(certifications)
    .where(inArray(certifications.producerId, producerIds))
    .orderBy(asc(certifications.producerId), asc(certifications.id));
}

/** A farm's own standing at every market it applied to or was invited to. */
export async function membershipsOf(db: Db, producerUserId: number) {
  return db
    .select({
      vendor: marketVendors,
      market: { id: markets.id, slug: markets.slug, name: markets.name, city: markets.city, state: markets.state },
      timeZone: markets.timeZone,
      placeName: pickupPoints.name,
    })
    .from(marketVendors)
    .innerJoin(markets, eq(markets.id, marketVendors.marketId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, marketVendors.pointId))
    .where(eq(marketVendors.producerUserId, producerUserId))
    .orderBy(asc(markets.name), asc(markets.id));
}

export async function findPoint(db: Db, pointId: number) {
  const [row] = await db.select().from(pickupPoints).where(eq(pickupPoints.id, pointId)).limit(1);
  return row;
}

/** The market another row of this farm links the place to, if any. */
export async function marketLinkingPoint(db: Db, pointId: number, exceptMarketId: number) {
  const [row] = await db
    .select({ name: markets.name })
    .from(marketVendors)
    .innerJoin(markets, eq(markets.id, marketVendors.marketId))
    .where(and(eq(marketVendors.pointId, pointId), sql`${marketVendors.marketId} <> ${exceptMarketId}`))
    .limit(1);
  return row;
}

export async function findFarmAccount(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, farmName: producers.farmName, producerId: producers.id })
    .from(users)
    .innerJoin(producers, eq(producers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Approved vendors per market (for the list's counts). */
export async function approvedCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ marketId: marketVendors.marketId, n: sql<number>`count(*)::int` })
    .from(marketVendors)
    .where(eq(marketVendors.status, 'approved'))
    .groupBy(marketVendors.marketId);
  return new Map(rows.map((r) => [r.marketId, Number(r.n)]));
}

/** The markets each of these farms (by producers.id) is an approved vendor of, by name. */
export async function approvedMarketsOf(db: Db, producerIds: number[]) {
  if (producerIds.length === 0) return [];
  return db
    .select({ producerId: producers.id, slug: markets.slug, name: markets.name })
    .from(marketVendors)
    .innerJoin(producers, eq(producers.userId, marketVendors.producerUserId))
    .innerJoin(markets, eq(markets.id, marketVendors.marketId))
    .where(and(inArray(producers.id, producerIds), eq(marketVendors.status, 'approved')))
    .orderBy(asc(markets.name), asc(markets.id));
}
