import { and, asc, count, eq, gte, inArray, isNull, lt, notInArray, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orders,
  pickupPoints,
  pickupSchedules,
  pickupSettings,
  producers,
  productPlaceLimits,
  products,
  users,
} from '../../db/schema';
import { TurnLoader } from '../../lib/turn-loader';
import { type PointRow, placeSettings, type Settings } from './place-rules';

declare module '../../lib/context' {
  interface AppReads {
    /** An order's pickup point, its rules and farm. */
    pickupPoint: ReturnType<typeof pickupPointReader>;
  }
}

export type { PointRow, Settings };
export type ScheduleRow = typeof pickupSchedules.$inferSelect;
export type PointWithSchedule = PointRow & { schedule: ScheduleRow[] };

export const OPEN_STATUSES = ['requested', 'accepted', 'ready'] as const;

/** The farm profile fields pickup and delivery depend on. */
const farmFields = {
  userId: producers.userId,
  farmName: producers.farmName,
  latitude: producers.latitude,
  longitude: producers.longitude,
  deliveryAvailable: producers.deliveryAvailable,
  deliveryRadius: producers.deliveryRadius,
  state: producers.state,
  zip: producers.zip,
  phone: producers.phone,
  /** The owner's account e-mail, for order notices. */
  email: users.email,
};

export async function findFarm(db: Db, producerUserId: number) {
  const [row] = await db
    .select(farmFields)
    .from(producers)
    .innerJoin(users, eq(users.id, producers.userId))
    .where(eq(producers.userId, producerUserId))
    .limit(1);
  return row;
}
export type Farm = NonNullable<Awaited<ReturnType<typeof findFarm>>>;

/**
 * A producer who never saved order rules: orders close 24 hours ahead, no cap; unhandled orders
 * close as no-shows 12 hours after their window (never counted as sales unasked, decision 518); no
 * morning summary.
 */
const settingsOrDefaults = (row: Partial<{ [K in keyof Settings]: Settings[K] | null }> | null | undefined): Settings => ({
  cutoffHours: row?.cutoffHours ?? 24,
  capPerWindow: row?.capPerWindow ?? null,
  closeAfterHours: row?.closeAfterHours ?? 12,
  closeAs: row?.closeAs ?? 'no_show',
  morningSummary: row?.morningSummary ?? false,
  standingLeadHours: row?.standingLeadHours ?? 24,
  standingAccept: row?.standingAccept ?? false,
});

export async function findSettings(db: Db, producerUserId: number): Promise<Settings> {
  const [row] = await db.select().from(pickupSettings).where(eq(pickupSettings.producerUserId, producerUserId)).limit(1);
  return settingsOrDefaults(row);
}

export async function upsertSettings(
  db: Db,
  producerUserId: number,
  values: { cutoffHours: number; capPerWindow: number | null } & Partial<Settings>,
) {
  await db
    .insert(pickupSettings)
    .values({ producerUserId, ...values })
    .onConflictDoUpdate({ target: pickupSettings.producerUserId, set: { ...values, updatedAt: sql`now()` } });
}

async function attachSchedules(db: Db, points: PointRow[]): Promise<PointWithSchedule[]> {
  if (points.length === 0) return [];
  const slots = await db
    .select()
    .from(pickupSchedules)
    .where(
      inArray(
        pickupSchedules.pointId,
        points.map((p) => p.id),
      ),
    )
    .orderBy(asc(pickupSchedules.weekday), asc(pickupSchedules.startTime));
  return points.map((point) => ({ ...point, schedule: slots.filter((s) => s.pointId === point.id) }));
}

export async function listActivePoints(db: Db, producerUserId: number): Promise<PointWithSchedule[]> {
  const points = await db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.producerUserId, producerUserId), eq(pickupPoints.active, true)))
    .orderBy(asc(pickupPoints.id));
  return attachSchedules(db, points);
}

function pointsAndSettingsQuery(db: Db) {
  return db
    .select({
      point: pickupPoints,
      schedule: sql<{ id: number; weekday: number; startTime: string; endTime: string }[]>`coalesce((
        select json_agg(json_build_object('id', s.id, 'weekday', s.weekday, 'startTime', s.start_time, 'endTime', s.end_time)
          order by s.weekday, s.start_time)
        from pickup_schedules s where s.point_id = ${pickupPoints.id}), '[]'::json)`,
      settings: {
        cutoffHours: pickupSettings.cutoffHours,
        capPerWindow: pickupSettings.capPerWindow,
        closeAfterHours: pickupSettings.closeAfterHours,
        closeAs: pickupSettings.closeAs,
        morningSummary: pickupSettings.morningSummary,
        standingLeadHours: pickupSettings.standingLeadHours,
        standingAccept: pickupSettings.standingAccept,
      },
      farm: farmFields,
    })
    .from(pickupPoints)
    .leftJoin(pickupSettings, eq(pickupSettings.producerUserId, pickupPoints.producerUserId))
    .leftJoin(producers, eq(producers.userId, pickupPoints.producerUserId))
    .leftJoin(users, eq(users.id, producers.userId))
    .where(sql`${pickupPoints.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('pickup_points_and_settings');
}

type PointAndSettingsRow = Awaited<ReturnType<ReturnType<typeof pointsAndSettingsQuery>['execute']>>[number];

/**
 * A point with its schedule, and its producer's order rules and farm profile (with the owner's
 * e-mail), in one query; the schedule comes as JSON in the weekday/time order. The caller checks that
 * the point is the producer's it ordered from. Placing an order reads one on every request: the query
 * is built once per app on its database (`ctx.reads.pickupPoint`, app.ts), runs as a named prepared
 * statement and is shared by the placements of the same turn of the event loop.
 */
export function pickupPointReader(db: Db) {
  const query = pointsAndSettingsQuery(db);
  const loader = new TurnLoader<number, PointAndSettingsRow>(
    async (ids) => new Map((await query.execute({ ids })).map((row) => [row.point.id, row])),
  );
  return async (pointId: number) => {
    const row = await loader.load(pointId);
    if (!row) return undefined;
    const schedule = (typeof row.schedule === 'string' ? JSON.parse(row.schedule) : row.schedule) as ScheduleRow[];
    const point: PointWithSchedule = { ...row.point, schedule: schedule.map((slot) => ({ ...slot, pointId: row.point.id })) };
    return {
      point,
      /** The farm's order rules with the place's own cut-off and lead time over them (place-rules.ts). */
      settings: placeSettings(row.point, settingsOrDefaults(row.settings)),
      /** The producer's farm profile (with the owner's e-mail), or null when there is none. */
      farm: row.farm?.userId === undefined || row.farm.userId === null ? null : ({ ...row.farm } as Farm),
    };
  };
}

type PointValues = Omit<typeof pickupPoints.$inferInsert, 'id' | 'producerUserId' | 'createdAt' | 'updatedAt' | 'active'>;
type SlotValues = { weekday: number; start: string; end: string }[];

/** A new point with its schedule; the caller's transaction holds the producer's lock (the limit). */
export async function insertPoint(tx: Db, producerUserId: number, values: PointValues, schedule: SlotValues) {
  const [point] = await tx
    .insert(pickupPoints)
    .values({ producerUserId, ...values })
    .returning();
  await replaceSchedule(tx, point.id, schedule);
  return point.id;
}

export async function updatePoint(db: Db, pointId: number, values: PointValues, schedule: SlotValues) {
  await db.transaction(async (tx) => {
    await tx
      .update(pickupPoints)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(pickupPoints.id, pointId));
    await replaceSchedule(tx, pointId, schedule);
  });
}

async function replaceSchedule(db: Db, pointId: number, schedule: SlotValues) {
  await db.delete(pickupSchedules).where(eq(pickupSchedules.pointId, pointId));
  await db
    .insert(pickupSchedules)
    .values(schedule.map((slot) => ({ pointId, weekday: slot.weekday, startTime: slot.start, endTime: slot.end })));
}

export async function deactivatePoint(db: Db, pointId: number) {
  await db.update(pickupPoints).set({ active: false, updatedAt: sql`now()` }).where(eq(pickupPoints.id, pointId));
}

export async function countActivePoints(db: Db, producerUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.producerUserId, producerUserId), eq(pickupPoints.active, true)));
  return Number(row.n);
}

/** Orders still holding a place, per point and window start, between two instants (for "full" windows). */
export async function countOpenOrders(db: Db, producerUserId: number, from: Date, to: Date) {
  const rows = await db
    .select({ pointId: orders.pointId, windowStart: orders.windowStart, n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        gte(orders.windowStart, from),
        lt(orders.windowStart, to),
        inArray(orders.status, [...OPEN_STATUSES]),
      ),
    )
    .groupBy(orders.pointId, orders.windowStart);
  return new Map(rows.map((r) => [`${r.pointId}@${r.windowStart.toISOString()}`, Number(r.n)]));
}

/** Orders holding a place in one window; the caller holds the point's row lock when a cap applies. */
export async function countOpenOrdersInWindow(db: Db, pointId: number, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.pointId, pointId), eq(orders.windowStart, windowStart), inArray(orders.status, [...OPEN_STATUSES])));
  return Number(row.n);
}

/** Serialises placements into one point's windows so a cap can never be overrun by a race. */
export async function lockPoint(db: Db, pointId: number) {
  await db.select({ id: pickupPoints.id }).from(pickupPoints).where(eq(pickupPoints.id, pointId)).for('update');
}

/** The day limits per place (decision 543) of some products: product id → (place id → limit). */
export async function productsPlaceLimits(db: Db, productIds: number[]): Promise<Map<number, Map<number, number>>> {
  const result = new Map<number, Map<number, number>>();
  if (productIds.length === 0) return result;
  const rows = await db.select().from(productPlaceLimits).where(inArray(productPlaceLimits.productId, productIds));
  for (const row of rows) {
    const places = result.get(row.productId) ?? new Map<number, number>();
    places.set(row.pointId, row.dayLimit);
    result.set(row.productId, places);
  }
  return result;
}

/** A product's day limits per place: place id → limit. */
export async function productDayLimits(db: Db, productId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ pointId: productPlaceLimits.pointId, dayLimit: productPlaceLimits.dayLimit })
    .from(productPlaceLimits)
    .where(eq(productPlaceLimits.productId, productId));
  return new Map(rows.map((row) => [row.pointId, row.dayLimit]));
}

/** Replaces a product's day limits per place. */
export async function replaceProductDayLimits(db: Db, productId: number, limits: { pointId: number; dayLimit: number }[]) {
  await db.transaction(async (tx) => {
    await tx.delete(productPlaceLimits).where(eq(productPlaceLimits.productId, productId));
    if (limits.length > 0) await tx.insert(productPlaceLimits).values(limits.map((l) => ({ productId, ...l })));
  });
}

/** The product with its owner's user id, or undefined. */
export async function findProductOwner(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, dayLimit: products.dayLimit, producerUserId: producers.userId })
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/** Which of the farm's orders a day limit counts: one place's (its own limit), or all but the places with their own. */
export type DayScope = { pointId: number } | { exceptPointIds: number[] };

/**
 * Units of each product in the farm's orders of a local date that are open or picked up, per
 * product, within the scope of its day limit (decision 543).
 */
export async function dayTaken(
  db: Db,
  producerUserId: number,
  productIds: number[],
  windowDate: string,
  scope: DayScope = { exceptPointIds: [] },
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const taken = await db
    .select({ productId: orderItems.productId, quantity: sum(orderItems.quantity).mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        eq(orders.windowDate, windowDate),
        'pointId' in scope
          ? eq(orders.pointId, scope.pointId)
          : scope.exceptPointIds.length > 0
            ? or(isNull(orders.pointId), notInArray(orders.pointId, scope.exceptPointIds))
            : undefined,
        inArray(orders.status, ['requested', 'accepted', 'ready', 'picked_up']),
        // A day limit bounds what is reserved online; the stand's walk-up sales do not count (decision 575).
        eq(orders.source, 'online'),
        inArray(orderItems.productId, productIds),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(taken.map((row) => [row.productId as number, row.quantity]));
}

/**
 * The first basket line past its product's limit per pickup day ("20 pies per Saturday"), counting
 * the farm's orders of that local date that are open or picked up, or null; each line counts within
 * its `scope` (a place's own limit, decision 543; by default all the farm's orders). The limited
 * products' rows are locked first (in id order, so two baskets never wait on each other crosswise):
 * parallel placements count one after the other. Runs in the placement's transaction, only for a
 * basket with a limited product.
 */
export async function dayLimitRefusal(
  tx: Db,
  lines: { productId: number; quantity: number; dayLimit: number | null; name: string; scope?: DayScope }[],
  producerUserId: number,
  windowDate: string,
): Promise<{ name: string; limit: number; left: number } | null> {
  const limited = lines.filter((line) => line.dayLimit !== null);
  if (limited.length === 0) return null;
  const ids = limited.map((line) => line.productId);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
  for (const line of limited) {
    const taken = (await dayTaken(tx, producerUserId, [line.productId], windowDate, line.scope)).get(line.productId) ?? 0;
    const left = Math.max(0, (line.dayLimit ?? 0) - taken);
    if (line.quantity > left) return { name: line.name, limit: line.dayLimit ?? 0, left };
  }
  return null;
}
