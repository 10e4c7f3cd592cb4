import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminLogs, certifications, producers, products, reviews, subscriptions, users } from '../../db/schema';
import { boundingBox, distanceToSql } from '../../lib/geo';
import { certificationStatusSql } from './certification-validity';
import { aliasedProductListed } from './listing-visibility.sql';
import { producerAccountActive, producerListed } from './producers.visibility';

export type ProducerRow = typeof producers.$inferSelect;
export type CertificationRow = typeof certifications.$inferSelect;
export type ProducerInsert = Omit<typeof producers.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** A profile with what its pages show next to it: the owner's e-mail and account standing. */
export type ProducerWithOwner = ProducerRow & {
  email: string;
  accountActive: boolean;
  listed: boolean;
};

const withOwner = {
  producer: producers,
  email: users.email,
  accountActive: producerAccountActive,
  listed: producerListed,
};

export async function findProducerByUserId(db: Db, userId: number): Promise<ProducerWithOwner | undefined> {
  const [row] = await db
    .select(withOwner)
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId))
    .where(eq(producers.userId, userId));
  return row ? { ...row.producer, email: row.email, accountActive: row.accountActive, listed: row.listed } : undefined;
}

/** Locks the profile row so concurrent product creations count the limit one at a time. */
export async function lockProducerByUserId(db: Db, userId: number): Promise<ProducerRow | undefined> {
  const [row] = await db.select().from(producers).where(eq(producers.userId, userId)).for('update');
  return row;
}

export async function insertProducer(db: Db, userId: number, values: ProducerInsert): Promise<ProducerRow> {
  const [row] = await db
    .insert(producers)
    .values({ ...values, userId })
    .returning();
  return row;
}

export async function updateProducer(db: Db, userId: number, values: Partial<ProducerInsert>): Promise<void> {
  await db
    .update(producers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(producers.userId, userId));
}

export async function listCertifications(db: Db, producerId: number, statuses?: CertificationRow['status'][]) {
  return db
    .select()
    .from(certifications)
    .where(and(eq(certifications.producerId, producerId), statuses ? inArray(certifications.status, statuses) : undefined))
    .orderBy(asc(certifications.createdAt), asc(certifications.id));
}

export async function insertCertification(
  db: Db,
  values: Omit<typeof certifications.$inferInsert, 'id' | 'createdAt' | 'status'>,
): Promise<CertificationRow> {
  const [row] = await db.insert(certifications).values(values).returning();
  return row;
}

export async function findCertification(db: Db, id: number): Promise<CertificationRow | undefined> {
  const [row] = await db.select().from(certifications).where(eq(certifications.id, id));
  return row;
}

export async function deleteCertification(db: Db, id: number): Promise<void> {
  await db.delete(certifications).where(eq(certifications.id, id));
}

/** Approved reviews of the producer itself (reviews of single products stay on the product page). */
export async function producerRating(db: Db, producerUserId: number) {
  const [row] = await db
    .select({
      average: sql<string | null>`avg(${reviews.rating})`,
      count: count(),
    })
    .from(reviews)
    .where(and(eq(reviews.producerUserId, producerUserId), eq(reviews.status, 'approved')));
  const average = row?.average === null || row?.average === undefined ? null : Math.round(Number(row.average) * 10) / 10;
  return { average_rating: average, review_count: row?.count ?? 0 };
}

/** Active (not deleted) products in the given categories, for the regulated-state check on a move. */
export async function countActiveProductsInCategories(db: Db, producerId: number, categories: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.producerId, producerId), eq(products.active, true), inArray(products.category, categories)));
  return row?.n ?? 0;
}

export type ProducerListFilters = {
  center?: { latitude: number; longitude: number; radius: number };
  category?: string;
  certified?: boolean;
  /** The farms' local day, for the expiry rule. */
  today: string;
  limit: number;
  offset: number;
};

/**
 * Listed producers (account active, subscription in good standing) with their public product
 * count; a radius is a bounding box on the (latitude, longitude) index, then an exact haversine.
 */
export async function listProducers(db: Db, filters: ProducerListFilters) {
  const publicProducts = sql`(select count(*)::int from ${products} p where p.producer_id = ${producers.id}
    and ${aliasedProductListed})`;
  const conditions = [producerListed];
  let distance = sql<number | null>`null::double precision`;
  if (filters.center) {
    const { radius } = filters.center;
    // The shared, clamped haversine: rounding can put sqrt() a hair above 1 for far-apart points,
    // and asin() of that is an error in SQL (a 100,000-mile radius reaches the antipode).
    distance = distanceToSql(filters.center, 'producers');
    const box = boundingBox(filters.center, radius);
    if (box) {
      conditions.push(
        sql`${producers.latitude} between ${box.minLat}::double precision and ${box.maxLat}::double precision`,
        sql`${producers.longitude} between ${box.minLng}::double precision and ${box.maxLng}::double precision`,
      );
    }
    conditions.push(sql`${distance} <= ${radius}::double precision`);
  }
  if (filters.category) {
    conditions.push(sql`exists (select 1 from ${products} p where p.producer_id = ${producers.id}
      and ${aliasedProductListed} and p.category = ${filters.category})`);
  }
  if (filters.certified) {
    conditions.push(sql`exists (select 1 from ${certifications} c where c.producer_id = ${producers.id}
      and ${certificationStatusSql(filters.today)} = 'verified')`);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ producer: producers, productCount: publicProducts.mapWith(Number), distance })
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId))
    .where(where)
    .orderBy(filters.center ? sql`${distance} asc` : asc(producers.farmName), asc(producers.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const [total] = await db
    .select({ n: count() })
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Decisions and resubmissions, as kept in admin_logs (the admin panel's history reads the same rows). */
export const DECISION_ACTIONS = {
  approve_producer: 'approve',
  reject_producer: 'reject',
  request_more_info_producer: 'request_more_info',
  reopen_producer: 'reopen',
} as const;

/** The newest admin decision on the application, for the farmer's status card. */
export async function latestVerificationDecision(db: Db, userId: number) {
  const { rows } = await db.execute<{
    action: keyof typeof DECISION_ACTIONS;
    note: string | null;
    created_at: Date | string;
  }>(sql`
    select action, details->>'notes' as note, created_at from admin_logs
    where target_type = 'producer' and target_id = ${String(userId)}
      and action in (${sql.join(
        Object.keys(DECISION_ACTIONS).map((a) => sql`${a}`),
        sql`, `,
      )})
    order by created_at desc, id desc limit 1`);
  const row = rows[0];
  return row ? { decision: DECISION_ACTIONS[row.action], note: row.note, created_at: row.created_at } : undefined;
}

/** Back to the admin queue; the farmer's note goes into the application's history (actor: the farmer). */
export async function resubmitApplication(db: Db, producerId: number, userId: number, note: string) {
  await db.update(producers).set({ verificationStatus: 'pending', updatedAt: sql`now()` }).where(eq(producers.id, producerId));
  await db.insert(adminLogs).values({
    adminId: userId,
    action: 'resubmit_producer',
    targetType: 'producer',
    targetId: String(userId),
    details: { notes: note },
  });
}
