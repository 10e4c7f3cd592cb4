import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminLogs, reviews } from '../../db/schema';
import { aliasedProducerAccountActive, aliasedProducerListed, aliasedProductListed, producerOwnerJoinSql } from '../producers';

export type ReviewRowBase = typeof reviews.$inferSelect;

export type ReviewListRow = {
  id: number;
  rating: number;
  title: string | null;
  content: string | null;
  reviewer_email: string;
  created_at: Date | string;
  status: 'pending' | 'approved' | 'rejected';
  product_id: number | null;
  producer_id: number | null;
  reviewed_item_name: string | null;
  moderation_note: string | null;
};

/** A review joined to its author and to what it is about (product name or farm name). */
const selectReviews = (where: SQL) => sql`
  select r.id, r.rating, r.title, r.content, ru.email as reviewer_email, r.created_at, r.status,
    r.product_id, r.producer_user_id as producer_id,
    coalesce(prod.name, farm.farm_name) as reviewed_item_name, r.moderation_note
  from reviews r
  join users ru on ru.id = r.reviewer_id
  left join products prod on prod.id = r.product_id
  left join producers farm on farm.user_id = r.producer_user_id
  where ${where}
  order by r.created_at desc, r.id desc`;

export async function listReviews(db: Db, where: SQL): Promise<ReviewListRow[]> {
  return (await db.execute<ReviewListRow>(selectReviews(where))).rows;
}

export async function aggregate(db: Db, where: SQL): Promise<{ average_rating: number | null; review_count: number }> {
  const result = await db.execute<{ average_rating: number | null; review_count: number }>(sql`
    select avg(r.rating)::float8 as average_rating, count(*)::int as review_count from reviews r where ${where}`);
  const row = result.rows[0];
  return {
    average_rating: row?.average_rating === null ? null : Number(row?.average_rating),
    review_count: row?.review_count ?? 0,
  };
}

export const approvedForProduct = (productId: number) => sql`r.product_id = ${productId} and r.status = 'approved'`;
export const approvedForProducer = (producerUserId: number) =>
  sql`r.producer_user_id = ${producerUserId} and r.status = 'approved'`;
export const byAuthor = (userId: number) => sql`r.reviewer_id = ${userId}`;
/** Approved reviews of a producer's farm and of its products. */
export const receivedBy = (producerUserId: number) => sql`r.status = 'approved' and (r.producer_user_id = ${producerUserId}
  or r.product_id in (select p.id from products p join producers pr on pr.id = p.producer_id where pr.user_id = ${producerUserId}))`;
export const byId = (id: number) => sql`r.id = ${id}`;

export type FarmProductReviewRow = Omit<ReviewListRow, 'status' | 'producer_id' | 'reviewed_item_name' | 'moderation_note'> & {
  product_id: number;
  product_name: string;
};

/**
 * Approved reviews of the farm's products that the public can see (the product listed, its farm
 * public): the same rule as the product page's, so the farm page never counts a review nobody can
 * open.
 */
const farmProductReviewsSql = (producerUserId: number) => sql`
  from reviews r
  join users ru on ru.id = r.reviewer_id
  join products p on p.id = r.product_id
  join producers pr on pr.id = p.producer_id ${producerOwnerJoinSql}
  where pr.user_id = ${producerUserId} and r.status = 'approved' and ${aliasedProductListed} and ${aliasedProducerListed}`;

/** One page of the farm's product reviews, newest first, each with its product's name. */
export async function listFarmProductReviews(
  db: Db,
  producerUserId: number,
  page: { limit: number; offset: number },
): Promise<FarmProductReviewRow[]> {
  const result = await db.execute<FarmProductReviewRow>(sql`
    select r.id, r.rating, r.title, r.content, ru.email as reviewer_email, r.created_at,
      p.id as product_id, p.name as product_name
    ${farmProductReviewsSql(producerUserId)}
    order by r.created_at desc, r.id desc
    limit ${page.limit} offset ${page.offset}`);
  return result.rows;
}

/** The average and count over all of the farm's product reviews (the farm page's header and list). */
export async function farmProductRating(
  db: Db,
  producerUserId: number,
): Promise<{ average_rating: number | null; review_count: number }> {
  const result = await db.execute<{ average_rating: number | null; review_count: number }>(sql`
    select avg(r.rating)::float8 as average_rating, count(*)::int as review_count ${farmProductReviewsSql(producerUserId)}`);
  const row = result.rows[0];
  return {
    average_rating: row?.average_rating == null ? null : Number(row.average_rating),
    review_count: Number(row?.review_count ?? 0),
  };
}

/** The owner of a product the public can see, or undefined when it is missing or hidden. */
export async function findVisibleProductOwner(db: Db, productId: number): Promise<{ ownerUserId: number } | undefined> {
  const result = await db.execute<{ owner_user_id: number }>(sql`
    select pr.user_id as owner_user_id from products p join producers pr on pr.id = p.producer_id ${producerOwnerJoinSql}
    where p.id = ${productId} and ${aliasedProductListed} and ${aliasedProducerListed}`);
  const row = result.rows[0];
  return row ? { ownerUserId: row.owner_user_id } : undefined;
}

/** A farm whose owner is an active producer account (a suspended or demoted owner's farm is hidden). */
export async function producerExists(db: Db, producerUserId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from producers pr join users u on u.id = pr.user_id
    where pr.user_id = ${producerUserId} and ${aliasedProducerAccountActive}`);
  return result.rows.length > 0;
}

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from products where id = ${productId}`);
  return result.rows.length > 0;
}

export async function findReview(db: Db, id: number): Promise<ReviewRowBase | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

export async function insertReview(db: Db, values: typeof reviews.$inferInsert): Promise<number> {
  const [row] = await db.insert(reviews).values(values).returning({ id: reviews.id });
  return row.id;
}

export async function updateReview(db: Db, id: number, values: Partial<typeof reviews.$inferInsert>): Promise<void> {
  await db
    .update(reviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reviews.id, id));
}

export async function deleteReview(db: Db, id: number): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

export async function logAdminAction(db: Db, values: typeof adminLogs.$inferInsert): Promise<void> {
  await db.insert(adminLogs).values(values);
}
