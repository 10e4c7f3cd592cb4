import { toDollars } from '@farmstand/shared/format/money';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { messages, orderEvents, orderItems, orderMessages, orders, producers, productVariants, users } from '../../db/schema';
import { TurnLoader } from '../../lib/turn-loader';
import type { MessageWithProduct } from '../messages';
import { returnStock } from '../products';

declare module '../../lib/context' {
  interface AppReads {
    /** An order's products. */
    productsForOrder: ReturnType<typeof productsForOrderReader>;
  }
}

/** What the ordering rules need to know about each product and who sells it (one query for the basket). */
export type ProductForOrder = {
  id: number;
  name: string;
  category: string;
  priceCents: number | null;
  priceUnit: string | null;
  availability: string;
  stockQuantity: number | null;
  dayLimit: number | null;
  /** Sold by weight (decision 510): price per this unit, packs of packMin–packMax. */
  weightUnit: 'lb' | 'oz' | null;
  packMin: number | null;
  packMax: number | null;
  /** Sold only through its variants (the product row names them). */
  hasVariants: boolean;
  /** A share of an animal (decision 512): reserved through /api/shares, never in an order. */
  isShare: boolean;
  seasonalStart: string | null;
  seasonalEnd: string | null;
  active: boolean;
  moderationStatus: 'approved' | 'removed';
  producerUserId: number;
  producerStatus: 'active' | 'suspended' | 'deleted';
  producerType: string;
  subscription: {
    status: 'none' | 'trialing' | 'active' | 'past_due' | 'canceled';
    trialEndsAt: Date | null;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  } | null;
};

/** Written for the driver (no query builder, no result mapping: read on every order). */
const PRODUCTS_FOR_ORDER = `
  select p.id, p.name, p.category, p.price_cents, p.price_unit, p.availability, p.stock_quantity, p.day_limit,
    p.weight_unit, p.pack_min::float8 as pack_min, p.pack_max::float8 as pack_max, p.variant_names is not null as has_variants,
    p.share is not null as is_share,
    p.seasonal_start::text as seasonal_start, p.seasonal_end::text as seasonal_end, p.active, p.moderation_status,
    pr.user_id as producer_user_id, u.status as producer_status, u.user_type as producer_type, s.user_id as subscriber, s.status as subscription_status,
    s.trial_ends_at, s.current_period_end, s.cancel_at_period_end
  from products p
  join producers pr on pr.id = p.producer_id
  join users u on u.id = pr.user_id
  left join subscriptions s on s.user_id = pr.user_id
  where p.id = any($1::int[])`;

type ProductForOrderRaw = {
  id: number;
  name: string;
  category: string;
  price_cents: number | null;
  price_unit: string | null;
  availability: string;
  stock_quantity: number | null;
  day_limit: number | null;
  weight_unit: 'lb' | 'oz' | null;
  pack_min: number | null;
  pack_max: number | null;
  has_variants: boolean;
  is_share: boolean;
  seasonal_start: string | null;
  seasonal_end: string | null;
  active: boolean;
  moderation_status: ProductForOrder['moderationStatus'];
  producer_user_id: number;
  producer_status: ProductForOrder['producerStatus'];
  producer_type: string;
  subscriber: number | null;
  subscription_status: NonNullable<ProductForOrder['subscription']>['status'];
  trial_ends_at: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function toProductForOrder(row: ProductForOrderRaw): ProductForOrder {
  return {
    id: Number(row.id),
    name: row.name,
    category: row.category,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    priceUnit: row.price_unit,
    availability: row.availability,
    stockQuantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
    dayLimit: row.day_limit === null ? null : Number(row.day_limit),
    weightUnit: row.weight_unit,
    packMin: row.pack_min === null ? null : Number(row.pack_min),
    packMax: row.pack_max === null ? null : Number(row.pack_max),
    hasVariants: row.has_variants === true,
    isShare: row.is_share === true,
    seasonalStart: row.seasonal_start,
    seasonalEnd: row.seasonal_end,
    active: row.active,
    moderationStatus: row.moderation_status,
    producerUserId: Number(row.producer_user_id),
    producerStatus: row.producer_status,
    producerType: row.producer_type,
    subscription:
      row.subscriber === null
        ? null
        : {
            status: row.subscription_status,
            trialEndsAt: dateOrNull(row.trial_ends_at),
            currentPeriodEnd: dateOrNull(row.current_period_end),
            cancelAtPeriodEnd: row.cancel_at_period_end,
          },
  };
}

/**
 * The basket's products with their seller and subscription: the products of these ids that exist (an
 * unknown id is left out). Read on every order: a named prepared statement (planned once per
 * connection), shared by the orders placed in the same turn of the event loop (one statement for all
 * of them); each caller gets its own objects. Made once per app on its database
 * (`ctx.reads.productsForOrder`, app.ts).
 */
export function productsForOrderReader(db: Db): (ids: number[]) => Promise<ProductForOrder[]> {
  const loader = new TurnLoader<number, ProductForOrderRaw>(async (ids) => {
    const rows = await runNamed<ProductForOrderRaw>(db, 'orders_products_for_order', PRODUCTS_FOR_ORDER, [ids]);
    return new Map(rows.map((row) => [Number(row.id), row]));
  });
  return async (ids) => {
    const rows = await loader.loadMany(ids);
    return rows.filter((row): row is ProductForOrderRaw => row !== undefined).map(toProductForOrder);
  };
}
export type OrderProduct = ProductForOrder;

export type VariantForOrder = typeof productVariants.$inferSelect;

/** The variants a basket names, read only when a line names one or a product has variants. */
export async function variantsForOrder(db: Db, ids: number[]): Promise<Map<number, VariantForOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(productVariants).where(inArray(productVariants.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;

export async function insertEvents(db: Db, values: (typeof orderEvents.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(orderEvents).values(values);
}

/** A messages row as SQL returns it, in the shape the messages presenter takes. */
export function rawToMessage(raw: RawMessage): MessageWithProduct {
  return {
    id: Number(raw.id),
    conversationId: Number(raw.conversation_id),
    senderId: Number(raw.sender_id),
    content: raw.content,
    inquiryId: raw.inquiry_id === null ? null : Number(raw.inquiry_id),
    readAt: raw.read_at === null ? null : new Date(raw.read_at),
    createdAt: new Date(raw.created_at),
    productId: null,
    productName: null,
    productImage: null,
  };
}

export type RawMessage = {
  id: number;
  conversation_id: number;
  sender_id: number;
  content: string;
  inquiry_id: number | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

/**
 * A message in the order's thread, in one statement: into the pair's conversation (made on first
 * contact, its last_message_at moved), linked to the order, and the order's conversation set.
 * Returned in the shape the messages presenter takes.
 */
export async function insertOrderMessage(
  db: Db,
  input: { orderId: number; senderId: number; recipientId: number; content: string },
): Promise<MessageWithProduct> {
  const [low, high] =
    input.senderId < input.recipientId ? [input.senderId, input.recipientId] : [input.recipientId, input.senderId];
  const [raw] = await runNamed<RawMessage>(db, 'orders_insert_message', INSERT_ORDER_MESSAGE, [
    low,
    high,
    input.senderId,
    input.content,
    input.orderId,
  ]);
  if (!raw) throw new Error('the order message was not stored');
  return rawToMessage(raw);
}

/**
 * The thread's opening message: the conversation (made or touched), the message, its link to the
 * order and the order's thread, in one named statement (placing an order has a 50 ms p95 budget,
 * bench/README.md "50-orders").
 */
const INSERT_ORDER_MESSAGE = `
  with conversation as (
    insert into conversations (user_low_id, user_high_id) values ($1, $2)
    on conflict (user_low_id, user_high_id) do update set last_message_at = now()
    returning id
  ), message as (
    insert into messages (conversation_id, sender_id, content)
    select id, $3::int, $4::text from conversation
    returning id, conversation_id, sender_id, content, inquiry_id, read_at, created_at
  ), linked as (
    insert into order_messages (order_id, message_id) select $5::int, id from message
  ), thread as (
    update orders set conversation_id = (select conversation_id from message)
    where id = $5 and conversation_id is null
  )
  select * from message`;

export async function findOrderRow(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** Names that go with orders: the farm, the shopper's account e-mail. */
export type OrderDetails = OrderRow & { farmName: string; customerEmail: string; items: ItemRow[]; events: EventRow[] };

async function withDetails(db: Db, rows: OrderRow[]): Promise<OrderDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.flatMap((r) => [r.customerId, r.producerUserId]))];
  const [items, events, farms, emails] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ userId: producers.userId, farmName: producers.farmName })
      .from(producers)
      .where(inArray(producers.userId, userIds)),
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
  ]);
  const farmOf = new Map(farms.map((f) => [f.userId, f.farmName]));
  const emailOf = new Map(emails.map((u) => [u.id, u.email]));
  return rows.map((row) => ({
    ...row,
    farmName: farmOf.get(row.producerUserId) ?? 'Producer',
    customerEmail: emailOf.get(row.customerId) ?? '',
    items: items.filter((i) => i.orderId === row.id),
    events: events.filter((e) => e.orderId === row.id),
  }));
}

export async function findOrder(db: Db, id: number): Promise<OrderDetails | undefined> {
  const row = await findOrderRow(db, id);
  if (!row) return undefined;
  const [details] = await withDetails(db, [row]);
  return details;
}

/** The parts of market orders (decision 584) with their lines and events, by market order then farm. */
export async function marketOrderParts(db: Db, marketOrderIds: number[]): Promise<OrderDetails[]> {
  if (marketOrderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.marketOrderId, marketOrderIds))
    .orderBy(asc(orders.marketOrderId), asc(orders.producerUserId), asc(orders.id));
  return withDetails(db, rows);
}

const OPEN = ['requested', 'accepted', 'ready'] as const;

export async function listForShopper(db: Db, customerId: number, scope: 'upcoming' | 'past', limit: number, offset: number) {
  const isOpen = inArray(orders.status, [...OPEN]);
  // A farm's walk-up sales name the farm as their customer (decision 575): never its own shopping.
  const where = and(
    eq(orders.customerId, customerId),
    eq(orders.source, 'online'),
    scope === 'upcoming' ? isOpen : sql`not ${isOpen}`,
  );
  const order = scope === 'upcoming' ? [asc(orders.windowStart), asc(orders.id)] : [desc(orders.windowStart), desc(orders.id)];
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  return { rows: await withDetails(db, rows), total: Number(total) };
}

export type OrderFilters = {
  producerUserId?: number;
  from?: string;
  to?: string;
  status?: OrderRow['status'];
  producer?: string;
  shopper?: string;
  /** Reserved online, or sold at the stand (decision 575); both when left out (the admin's list). */
  source?: OrderRow['source'];
};

function filterSql(filters: OrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.producerUserId === undefined ? undefined : eq(orders.producerUserId, filters.producerUserId),
    filters.from ? gte(orders.windowDate, filters.from) : undefined,
    filters.to ? lte(orders.windowDate, filters.to) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.source ? eq(orders.source, filters.source) : undefined,
    filters.producer ? inArray(orders.producerUserId, producerIdsLike(filters.producer)) : undefined,
    filters.shopper
      ? or(
          ilike(orders.shopperName, `%${escapeLike(filters.shopper)}%`),
          inArray(orders.customerId, sql`(select id from users where email ilike ${`%${escapeLike(filters.shopper)}%`})`),
        )
      : undefined,
  ];
  return and(...conditions.filter(Boolean));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const producerIdsLike = (name: string) => sql`(select user_id from producers where farm_name ilike ${`%${escapeLike(name)}%`})`;

/** The producer's orders by window (oldest window first) or everyone's for the admin (newest first). */
export async function listFiltered(db: Db, filters: OrderFilters, limit: number, offset: number, newestFirst: boolean) {
  const where = filterSql(filters);
  const order = newestFirst ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.windowStart), asc(orders.id)];
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  return { rows: await withDetails(db, rows), total: Number(total) };
}

/**
 * Moves an order only if it is still in one of `from` (a conditional UPDATE): of two people acting
 * at once, one wins and the other sees the new state.
 */
export async function moveStatus(
  db: Db,
  id: number,
  from: readonly OrderRow['status'][],
  to: OrderRow['status'],
  at: Date,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: at, ...extra })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning();
  return row;
}

export async function setReserved(db: Db, itemId: number, reservedQuantity: number) {
  await db.update(orderItems).set({ reservedQuantity }).where(eq(orderItems.id, itemId));
}

/** Gives the lines' reserved units back to stock (products/stock.ts); the lines then hold none. */
export async function returnReserved(db: Db, items: readonly ItemRow[]) {
  const held = items.filter((item) => item.productId !== null && item.reservedQuantity > 0);
  await returnStock(
    db,
    held.map((item) => ({ productId: item.productId, variantId: item.variantId, quantity: item.reservedQuantity })),
  );
  for (const item of held) await setReserved(db, item.id, 0);
}

export async function findItems(db: Db, orderId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.id));
}

/** Unanswered requests past their 48 hours become expired; scoped to one user or order when given. */
export async function expireOverdue(
  db: Db,
  at: Date,
  scope: { customerId?: number; producerUserId?: number; orderId?: number } = {},
) {
  const conditions = [eq(orders.status, 'requested'), lte(orders.expiresAt, at)];
  if (scope.customerId !== undefined) conditions.push(eq(orders.customerId, scope.customerId));
  if (scope.producerUserId !== undefined) conditions.push(eq(orders.producerUserId, scope.producerUserId));
  if (scope.orderId !== undefined) conditions.push(eq(orders.id, scope.orderId));
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: at })
      .where(and(...conditions))
      .returning({ id: orders.id, customerId: orders.customerId, producerUserId: orders.producerUserId });
    // A market part holds its stock from placement (decision 584): an unanswered one gives it back.
    if (expired.length > 0)
      await returnReserved(
        tx,
        await tx
          .select()
          .from(orderItems)
          .where(
            and(
              inArray(
                orderItems.orderId,
                expired.map((o) => o.id),
              ),
              gt(orderItems.reservedQuantity, 0),
            ),
          ),
      );
    await insertEvents(
      tx,
      expired.map((o) => ({
        orderId: o.id,
        fromStatus: 'requested',
        toStatus: 'expired',
        actorId: null,
        actorRole: 'system' as const,
        createdAt: at,
      })),
    );
    return expired;
  });
}

/** Total quantity per product per window of one local day (open and picked-up orders). */
export async function pickList(db: Db, producerUserId: number, date: string) {
  return db
    .select({
      pointName: orders.pointName,
      pointKind: orders.pointKind,
      windowStart: orders.windowStart,
      windowEnd: orders.windowEnd,
      timeZone: orders.timeZone,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      name: orderItems.productName,
      variantName: orderItems.variantName,
      priceUnit: orderItems.priceUnit,
      weightUnit: orderItems.weightUnit,
      packMin: orderItems.packMin,
      packMax: orderItems.packMax,
      quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
      orderCount: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        eq(orders.windowDate, date),
        inArray(orders.status, ['accepted', 'ready', 'picked_up']),
        // The stand's walk-up sales are handed over already: nothing to pick (decision 575).
        eq(orders.source, 'online'),
        // A line dropped in a short harvest stays on its order with nothing to pick.
        gt(orderItems.quantity, 0),
      ),
    )
    .groupBy(
      orders.pointName,
      orders.pointKind,
      orders.windowStart,
      orders.windowEnd,
      orders.timeZone,
      orderItems.productId,
      orderItems.variantId,
      orderItems.productName,
      orderItems.variantName,
      orderItems.priceUnit,
      orderItems.weightUnit,
      orderItems.packMin,
      orderItems.packMax,
    )
    .orderBy(asc(orders.windowStart), asc(orders.pointName), asc(orderItems.productName), asc(orderItems.variantName));
}

/** Orders per window in the pick list's day (a window's count is over orders, not lines). */
export async function windowOrderCounts(db: Db, producerUserId: number, date: string) {
  return db
    .select({ pointName: orders.pointName, windowStart: orders.windowStart, n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.producerUserId, producerUserId),
        eq(orders.windowDate, date),
        inArray(orders.status, ['accepted', 'ready', 'picked_up']),
        // The stand's walk-up sales are handed over already: nothing to pick (decision 575).
        eq(orders.source, 'online'),
      ),
    )
    .groupBy(orders.pointName, orders.windowStart);
}

/**
 * Orders per pickup week (the Monday of the order's local pickup day), oldest first, from the week of
 * `since` (a local date) on, upcoming weeks included; the value is the orders accepted or further,
 * each at its total, which is the weighed amount once its by-weight lines are weighed (decision 546).
 * Of one farm (its user id), or of every farm (null: the admin's analytics, decision 552).
 */
export async function ordersPerWeek(db: Db, producerUserId: number | null, since: string) {
  const farm = producerUserId === null ? sql`true` : sql`producer_user_id = ${producerUserId}`;
  const result = await db.execute<{ week_start: string; orders: string; reserved_value: string | null }>(sql`
    select to_char(date_trunc('week', window_date::date), 'YYYY-MM-DD') as week_start,
           count(*)::text as orders,
           coalesce(sum(total_cents) filter (where status in ('accepted', 'ready', 'picked_up')), 0)::text as reserved_value
    from orders
    where ${farm} and window_date::date >= date_trunc('week', ${since}::date)
    group by 1 order by 1`);
  return result.rows.map((r) => ({
    week_start: r.week_start,
    orders: Number(r.orders),
    reserved_value: toDollars(Number(r.reserved_value ?? 0)),
  }));
}

/** Messages of the order's own thread, oldest first, in the shape the messages presenter takes. */
export async function listOrderMessages(db: Db, orderId: number) {
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      inquiryId: messages.inquiryId,
    })
    .from(orderMessages)
    .innerJoin(messages, eq(messages.id, orderMessages.messageId))
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((r) => ({ ...r, productId: null, productName: null, productImage: null }));
}
