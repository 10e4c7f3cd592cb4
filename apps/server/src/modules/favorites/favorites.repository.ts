import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites } from '../../db/schema';
import { aliasedProducerAccountActive, aliasedProductListed, effectiveStatusSql, producerOwnerJoinSql } from '../producers';
import type { ProducerRow } from '../search';

/** A favourite is the producer search row without distance, plus when it was saved. */
export type FavoriteRow = Omit<ProducerRow, 'distance' | 'total'> & { favorited_at: Date | string };

/** Whether this user id belongs to a producer with a farm profile (the only thing one can favourite). */
export async function isFavoritableProducer(db: Db, producerUserId: number): Promise<boolean> {
  const result = await db.execute<{ ok: number }>(sql`
    select 1 as ok from producers pr join users u on u.id = pr.user_id
    where pr.user_id = ${producerUserId} and ${aliasedProducerAccountActive}`);
  return result.rows.length > 0;
}

/** Adds the favourite; a second add is a no-op (idempotent). */
export async function addFavorite(db: Db, userId: number, producerUserId: number): Promise<void> {
  await db.insert(favorites).values({ userId, producerUserId }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: number, producerUserId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.producerUserId, producerUserId)));
}

export async function hasFavorite(db: Db, userId: number, producerUserId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.producerUserId, producerUserId)));
  return rows.length > 0;
}

/** Which of these producers the user saved: one query for a whole page of cards. */
export async function favoritedAmong(db: Db, userId: number, producerUserIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ producerUserId: favorites.producerUserId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.producerUserId, producerUserIds)));
  return new Set(rows.map((row) => row.producerUserId));
}

export async function removeAllFavorites(db: Db, userId: number): Promise<void> {
  await db.delete(favorites).where(eq(favorites.userId, userId));
}

/** Counted from the rows themselves, so it can never drift below 0. */
export async function countFavorites(db: Db, producerUserId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.producerUserId, producerUserId));
  return row?.count ?? 0;
}

/** The user's favourite producers that still have an active producer account, newest first. */
export async function listFavorites(db: Db, userId: number): Promise<FavoriteRow[]> {
  const result = await db.execute<FavoriteRow>(sql`
    select pr.user_id, pr.farm_name, pr.city, pr.state, pr.latitude, pr.longitude, pr.description,
      pr.profile_image_url, pr.delivery_available, ${effectiveStatusSql} as subscription_status,
      pr.verification_status = 'approved' as verified,
      (select count(*)::int from products p where p.producer_id = pr.id and ${aliasedProductListed}) as product_count,
      f.created_at as favorited_at
    from favorites f
    join producers pr on pr.user_id = f.producer_user_id
    ${producerOwnerJoinSql}
    where f.user_id = ${userId} and ${aliasedProducerAccountActive}
    order by f.created_at desc, pr.farm_name asc`);
  return result.rows;
}
