import { and, asc, eq, inArray, isNotNull, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, orderTenders, pickupPoints, producerBenefits, producers, products, users } from '../../db/schema';

export type BenefitsRow = typeof producerBenefits.$inferSelect;
export type TendersRow = typeof orderTenders.$inferSelect;

/** The statuses of an order whose food was handed over or is being handed over: the ledger counts these. */
export const HANDED_OVER = ['accepted', 'ready', 'picked_up'] as const;

/** A farm profile as the benefits read it: its name and state, and its owner's e-mail. */
export async function findFarm(db: Db, userId: number) {
  const [row] = await db
    .select({ userId: producers.userId, farmName: producers.farmName, state: producers.state, email: users.email })
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .where(eq(producers.userId, userId))
    .limit(1);
  return row;
}

export async function findBenefits(db: Db, producerUserId: number): Promise<BenefitsRow | undefined> {
  const [row] = await db.select().from(producerBenefits).where(eq(producerBenefits.producerUserId, producerUserId)).limit(1);
  return row;
}

/** The farm's row locked, so two tenders recorded at once for one farm are checked one after the other. */
export async function lockBenefits(db: Db, producerUserId: number) {
  await db
    .select({ id: producerBenefits.producerUserId })
    .from(producerBenefits)
    .where(eq(producerBenefits.producerUserId, producerUserId))
    .for('update');
}

export type BenefitsValues = Omit<typeof producerBenefits.$inferInsert, 'producerUserId' | 'createdAt' | 'updatedAt'>;

export async function saveBenefits(db: Db, producerUserId: number, values: BenefitsValues, at: Date) {
  await db
    .insert(producerBenefits)
    .values({ producerUserId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: producerBenefits.producerUserId, set: { ...values, updatedAt: at } });
}

export async function setReview(
  db: Db,
  producerUserId: number,
  values: { status: 'verified' | 'rejected'; note: string | null; at: Date; by: number },
) {
  await db
    .update(producerBenefits)
    .set({
      snapStatus: values.status,
      snapNote: values.note,
      snapReviewedAt: values.at,
      snapReviewedBy: values.by,
      updatedAt: values.at,
    })
    .where(eq(producerBenefits.producerUserId, producerUserId));
}

/** Farms by SNAP status, oldest change first (the queue an admin works through). */
export async function listByStatus(db: Db, status: BenefitsRow['snapStatus']) {
  return db
    .select({ benefits: producerBenefits, farmName: producers.farmName, state: producers.state })
    .from(producerBenefits)
    .innerJoin(producers, eq(producers.userId, producerBenefits.producerUserId))
    .where(eq(producerBenefits.snapStatus, status))
    .orderBy(asc(producerBenefits.updatedAt), asc(producerBenefits.producerUserId));
}

/** The category, inspection and origin of the products an order names (removed products are missing). */
export async function productKinds(db: Db, ids: number[]) {
  type Kind = { category: string; inspection: string | null; originState: string | null; taxClass: string };
  if (ids.length === 0) return new Map<number, Kind>();
  const rows = await db
    .select({
      id: products.id,
      category: products.category,
      inspection: products.inspection,
      originState: products.originState,
      taxClass: products.taxClass,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map<number, Kind>(
    rows.map((r) => [r.id, { category: r.category, inspection: r.inspection, originState: r.originState, taxClass: r.taxClass }]),
  );
}

export async function findTenders(db: Db, orderId: number): Promise<TendersRow | undefined> {
  const [row] = await db.select().from(orderTenders).where(eq(orderTenders.orderId, orderId)).limit(1);
  return row;
}

/**
 * The incentive already recorded for this shopper at this participating market on other orders of
 * the same local pickup day, whichever farm recorded it: the incentive's daily cap is per shopper,
 * market and day (decision 540), not per farm.
 */
export async function incentiveRecordedThatDay(
  db: Db,
  where: { customerId: number; market: string; windowDate: string; exceptOrderId: number },
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderTenders.incentiveCents}), 0)::int` })
    .from(orderTenders)
    .innerJoin(orders, eq(orders.id, orderTenders.orderId))
    .where(
      and(
        eq(orders.customerId, where.customerId),
        eq(orderTenders.incentiveMarket, where.market),
        eq(orders.windowDate, where.windowDate),
        ne(orders.id, where.exceptOrderId),
        inArray(orders.status, [...HANDED_OVER]),
      ),
    );
  return Number(row?.cents ?? 0);
}

/**
 * The farm's active pickup places that say they are a participating market (decision 540), by
 * market then name, with the state whose incentive they are a market of (`incentiveAt`).
 */
export async function marketPlaces(
  db: Db,
  producerUserId: number,
): Promise<{ pointId: number; name: string; state: string | null; market: string }[]> {
  const rows = await db
    .select({
      pointId: pickupPoints.id,
      name: pickupPoints.name,
      state: pickupPoints.state,
      market: pickupPoints.incentiveMarket,
    })
    .from(pickupPoints)
    .where(
      and(
        eq(pickupPoints.producerUserId, producerUserId),
        eq(pickupPoints.active, true),
        isNotNull(pickupPoints.incentiveMarket),
      ),
    )
    .orderBy(asc(pickupPoints.incentiveMarket), asc(pickupPoints.name));
  return rows.flatMap((r) => (r.market ? [{ ...r, market: r.market }] : []));
}

export async function saveTenders(db: Db, values: typeof orderTenders.$inferInsert) {
  const { orderId: _, ...rest } = values;
  await db.insert(orderTenders).values(values).onConflictDoUpdate({ target: orderTenders.orderId, set: rest });
}

/**
 * The month's orders with recorded tenders (by the order's local pickup day, `YYYY-MM`), oldest
 * first; one farm's, or the whole platform's when `producerUserId` is null.
 */
export async function tendersOfMonth(db: Db, producerUserId: number | null, month: string) {
  return db
    .select({
      orderId: orders.id,
      windowDate: orders.windowDate,
      shopperName: orders.shopperName,
      tenders: orderTenders,
    })
    .from(orderTenders)
    .innerJoin(orders, eq(orders.id, orderTenders.orderId))
    .where(
      and(
        producerUserId === null ? undefined : eq(orders.producerUserId, producerUserId),
        like(orders.windowDate, `${month}-%`),
        inArray(orders.status, [...HANDED_OVER]),
      ),
    )
    .orderBy(asc(orders.windowDate), asc(orders.id));
}

/** Column of each tender kind, for sums over many orders. */
const KIND_COLUMNS = {
  snap: orderTenders.snapCents,
  wic_fmnp: orderTenders.wicFmnpCents,
  senior_fmnp: orderTenders.seniorFmnpCents,
  incentive: orderTenders.incentiveCents,
  cash: orderTenders.cashCents,
  card: orderTenders.cardCents,
  check: orderTenders.checkCents,
  farm_credit: orderTenders.farmCreditCents,
  other: orderTenders.otherCents,
} as const;

/** The platform's month per tender kind: cents and the orders that had some, summed in the database. */
export async function platformTotals(db: Db, month: string) {
  const columns = Object.fromEntries(
    Object.entries(KIND_COLUMNS).flatMap(([kind, column]) => [
      [`${kind}_cents`, sql<number>`coalesce(sum(${column}), 0)::bigint`],
      [`${kind}_orders`, sql<number>`count(*) filter (where ${column} > 0)::int`],
    ]),
  );
  const [row] = await db
    .select(columns)
    .from(orderTenders)
    .innerJoin(orders, eq(orders.id, orderTenders.orderId))
    .where(and(like(orders.windowDate, `${month}-%`), inArray(orders.status, [...HANDED_OVER])));
  return (kind: keyof typeof KIND_COLUMNS) => ({
    cents: Number(row?.[`${kind}_cents`] ?? 0),
    orders: Number(row?.[`${kind}_orders`] ?? 0),
  });
}

/**
 * For an order of a standing reservation: the products of the latest box of the CSA plan the
 * reservation follows (decision 541), none when no box was posted yet; null when it follows no plan.
 */
export async function latestShareBox(db: Db, standingId: number): Promise<number[] | null> {
  const { rows } = await db.execute<{ items: { productId: number }[] | null }>(sql`
    select (select b.items from csa_boxes b where b.plan_id = p.id order by b.week_of desc limit 1) as items
    from standing_orders s join csa_plans p on p.id = s.plan_id
    where s.id = ${standingId}`);
  if (rows.length === 0) return null;
  return (rows[0].items ?? []).map((item) => item.productId);
}
