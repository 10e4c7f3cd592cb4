import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminLogs, producers, products, users } from '../../db/schema';
import { productListed } from '../producers';
import { listReviews } from '../reviews';

/** Counts may come back as text (bigint) from either engine; this makes them numbers. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export type DashboardCounts = {
  total_users: number;
  new_users_30d: number;
  total_producers: number;
  total_products: number;
  available_products: number;
  active_subscriptions: number;
  trial_subscriptions: number;
  total_orders: number;
  revenue_cents: number;
  pending_reviews: number;
  average_rating: number | null;
};

/** Every dashboard figure in one round trip; deleted users and deleted products do not count. */
export async function dashboardCounts(db: Db): Promise<DashboardCounts> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select
      (select count(*) from users where status <> 'deleted') as total_users,
      (select count(*) from users where status <> 'deleted' and created_at >= now() - interval '30 days') as new_users_30d,
      (select count(*) from users where status <> 'deleted' and user_type = 'producer') as total_producers,
      (select count(*) from products where active) as total_products,
      (select count(*) from products where ${productListed} and availability = 'available') as available_products,
      (select count(*) from subscriptions where status = 'active') as active_subscriptions,
      (select count(*) from subscriptions where status = 'trialing') as trial_subscriptions,
      (select count(*) from orders) as total_orders,
      (select coalesce(sum(amount_cents), 0) from payments) as revenue_cents,
      (select count(*) from reviews where status = 'pending') as pending_reviews,
      (select avg(rating)::float8 from reviews where status = 'approved') as average_rating`);
  const row = result.rows[0] ?? {};
  return {
    total_users: num(row.total_users),
    new_users_30d: num(row.new_users_30d),
    total_producers: num(row.total_producers),
    total_products: num(row.total_products),
    available_products: num(row.available_products),
    active_subscriptions: num(row.active_subscriptions),
    trial_subscriptions: num(row.trial_subscriptions),
    total_orders: num(row.total_orders),
    revenue_cents: num(row.revenue_cents),
    pending_reviews: num(row.pending_reviews),
    average_rating: row.average_rating === null || row.average_rating === undefined ? null : Number(row.average_rating),
  };
}

export type Page = { limit: number; offset: number };

/** Users an admin manages: soft-deleted accounts are gone from the list. */
export async function listUsers(db: Db, search: string | undefined, page: Page) {
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const where = and(
    ne(users.status, 'deleted'),
    pattern ? or(ilike(users.email, pattern), ilike(producers.farmName, pattern)) : undefined,
  );
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      farm_name: producers.farmName,
      user_type: users.userType,
      email_verified: users.emailVerified,
      status: users.status,
      created_at: users.createdAt,
    })
    .from(users)
    .leftJoin(producers, eq(producers.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(users).leftJoin(producers, eq(producers.userId, users.id)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Every product that was not deleted by its owner, removed ones included so they can be restored. */
export async function listProducts(db: Db, search: string | undefined, page: Page) {
  const where = and(eq(products.active, true), search ? ilike(products.name, `%${escapeLike(search)}%`) : undefined);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      farm_name: producers.farmName,
      producer_user_id: producers.userId,
      price_cents: products.priceCents,
      price_unit: products.priceUnit,
      availability: products.availability,
      active: products.active,
      moderation_status: products.moderationStatus,
      created_at: products.createdAt,
      // What the label-ready flag is computed from.
      label: {
        netQuantity: products.netQuantity,
        netUnit: products.netUnit,
        ingredientList: products.ingredientList,
        ingredients: products.ingredients,
        allergens: products.allergens,
        allergensConfirmedAbsent: products.allergensConfirmedAbsent,
        address: producers.address,
        city: producers.city,
        state: producers.state,
        zip: producers.zip,
        phone: producers.phone,
      },
    })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A product with who to tell about its moderation: its producer's account and farm. */
export async function findProduct(db: Db, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      active: products.active,
      ownerUserId: producers.userId,
      ownerEmail: users.email,
      farmName: producers.farmName,
    })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(users, eq(users.id, producers.userId))
    .where(eq(products.id, id));
  return row;
}

export async function setProductModeration(
  db: Db,
  id: number,
  moderation: { status: 'approved' | 'removed'; reason: string | null },
): Promise<void> {
  await db
    .update(products)
    .set({ moderationStatus: moderation.status, moderationReason: moderation.reason, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export const listPendingReviews = (db: Db) => listReviews(db, sql`r.status = 'pending'`);

export async function listAdminLogs(db: Db, page: Page) {
  const rows = await db
    .select({
      id: adminLogs.id,
      admin_email: users.email,
      action: adminLogs.action,
      target_type: adminLogs.targetType,
      target_id: adminLogs.targetId,
      created_at: adminLogs.createdAt,
    })
    .from(adminLogs)
    .leftJoin(users, eq(users.id, adminLogs.adminId))
    .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(adminLogs);
  return { rows, total: total?.n ?? 0 };
}

/** `%` and `_` typed by the admin are searched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
