import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { producers, products, subscriptions, users } from '../../db/schema';
import { producerAccountActive } from '../producers';
import { productIsPublic } from '../products';

/** A public page for the sitemap: its path and when it last changed. */
export type SitemapEntry = { path: string; updatedAt: Date | null };

/**
 * The producer pages the public can open: the account is active and the
 * profile complete (the same fields producers.presenter isProfileComplete checks). Lapsed
 * subscriptions keep their page, so they stay in the sitemap too.
 */
const producerPagePublic = sql<boolean>`(${producerAccountActive}
  and coalesce(trim(${producers.farmName}), '') <> '' and coalesce(trim(${producers.address}), '') <> ''
  and coalesce(trim(${producers.city}), '') <> '' and coalesce(trim(${producers.state}), '') <> ''
  and coalesce(trim(${producers.zip}), '') <> '')`;

export async function countPublicPages(db: Db): Promise<{ products: number; producers: number }> {
  const [productCount] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId))
    .where(productIsPublic);
  const [producerCount] = await db
    .select({ n: count() })
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .where(producerPagePublic);
  return { products: Number(productCount?.n ?? 0), producers: Number(producerCount?.n ?? 0) };
}

/** Public producer pages in id order, a slice at a time (one sitemap file each). */
export async function listPublicProducerPages(db: Db, offset: number, limit: number): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ userId: producers.userId, updatedAt: producers.updatedAt })
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .where(producerPagePublic)
    .orderBy(asc(producers.userId))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ path: `/producer/${row.userId}`, updatedAt: row.updatedAt }));
}

/** Public product pages in id order, a slice at a time. */
export async function listPublicProductPages(db: Db, offset: number, limit: number): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId))
    .where(and(productIsPublic))
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ path: `/product/${row.id}`, updatedAt: row.updatedAt }));
}
