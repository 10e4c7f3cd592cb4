import type { MarketCurrency } from '@farmstand/shared/schemas/market-office';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  boothEntries,
  boothMatchTotals,
  marketOrders,
  marketVendors,
  orders,
  orderTenders,
  producers,
  vendorDays,
  vendorRedemptions,
} from '../../db/schema';

/** The market office's reads and writes (decisions 582, 583): the booth's entries and cap totals, vendors' days and redemptions. */

type Range = { from?: string; to: string };
const inRange = (column: AnyPgColumn, range: Range) =>
  range.from ? and(gte(column, range.from), lte(column, range.to)) : lte(column, range.to);

/** Claims an entry id for this market in the caller's transaction; null when it was applied before (or by another phone now). */
export async function claimEntry(db: Db, row: typeof boothEntries.$inferInsert): Promise<number | null> {
  const [claimed] = await db
    .insert(boothEntries)
    .values(row)
    .onConflictDoNothing({ target: [boothEntries.marketId, boothEntries.entryId] })
    .returning({ id: boothEntries.id });
  return claimed?.id ?? null;
}

export async function findEntry(db: Db, marketId: number, entryId: string) {
  const [row] = await db
    .select()
    .from(boothEntries)
    .where(and(eq(boothEntries.marketId, marketId), eq(boothEntries.entryId, entryId)))
    .limit(1);
  return row;
}

export async function saveEntryResult(db: Db, id: number, values: { matchCents: number; overCapCents: number; result: object }) {
  await db.update(boothEntries).set(values).where(eq(boothEntries.id, id));
}

type ShopperDay = { marketId: number; marketDate: string; shopperKey: string };
const shopperDayTarget = [boothMatchTotals.marketId, boothMatchTotals.marketDate, boothMatchTotals.shopperKey];

/**
 * Adds `cents` to the shopper's match of the day only if the total stays within `capCents`: one
 * conditional upsert (INSERT … ON CONFLICT DO UPDATE … WHERE), so two phones at once cannot pass the
 * cap. Returns the new total, or null when it would pass the cap (the row is then locked by this
 * transaction until it ends, so the caller may read it and add what is left).
 */
export async function addMatchWithinCap(db: Db, key: ShopperDay, cents: number, capCents: number): Promise<number | null> {
  const [row] = await db
    .insert(boothMatchTotals)
    .values({ ...key, matchedCents: cents })
    .onConflictDoUpdate({
      target: shopperDayTarget,
      set: { matchedCents: sql`${boothMatchTotals.matchedCents} + ${cents}` },
      setWhere: sql`${boothMatchTotals.matchedCents} + ${cents} <= ${capCents}`,
    })
    .returning({ matched: boothMatchTotals.matchedCents });
  return row ? row.matched : null;
}

/** Adds a match already handed out (offline), over the cap or not; returns the new total. */
export async function addMatch(db: Db, key: ShopperDay, cents: number): Promise<number> {
  const [row] = await db
    .insert(boothMatchTotals)
    .values({ ...key, matchedCents: cents })
    .onConflictDoUpdate({ target: shopperDayTarget, set: { matchedCents: sql`${boothMatchTotals.matchedCents} + ${cents}` } })
    .returning({ matched: boothMatchTotals.matchedCents });
  return row.matched;
}

export async function matchedOf(db: Db, key: ShopperDay): Promise<number> {
  const [row] = await db
    .select({ matched: boothMatchTotals.matchedCents })
    .from(boothMatchTotals)
    .where(
      and(
        eq(boothMatchTotals.marketId, key.marketId),
        eq(boothMatchTotals.marketDate, key.marketDate),
        eq(boothMatchTotals.shopperKey, key.shopperKey),
      ),
    )
    .limit(1);
  return row?.matched ?? 0;
}

export async function matchedOn(db: Db, marketId: number, marketDate: string) {
  return db
    .select({ shopperKey: boothMatchTotals.shopperKey, matchedCents: boothMatchTotals.matchedCents })
    .from(boothMatchTotals)
    .where(and(eq(boothMatchTotals.marketId, marketId), eq(boothMatchTotals.marketDate, marketDate)))
    .orderBy(asc(boothMatchTotals.shopperKey));
}

/** The booth's entries of a market day, in the order they happened. */
export async function entriesOn(db: Db, marketId: number, marketDate: string) {
  return db
    .select()
    .from(boothEntries)
    .where(and(eq(boothEntries.marketId, marketId), eq(boothEntries.marketDate, marketDate)))
    .orderBy(asc(boothEntries.happenedAt), asc(boothEntries.id));
}

/** The booth's entries as the books read them, up to `to` (and from `from` when given). */
export async function boothLines(db: Db, marketId: number, range: Range) {
  return db
    .select({
      marketDate: boothEntries.marketDate,
      kind: boothEntries.kind,
      currency: boothEntries.currency,
      amountCents: boothEntries.amountCents,
      matchCents: boothEntries.matchCents,
      overCapCents: boothEntries.overCapCents,
      shopperKey: boothEntries.shopperKey,
    })
    .from(boothEntries)
    .where(and(eq(boothEntries.marketId, marketId), inRange(boothEntries.marketDate, range)))
    .orderBy(asc(boothEntries.marketDate), asc(boothEntries.id));
}

/** Every vendor's redemptions up to `to` (from `from` when given), with the farm's name. */
export async function redemptionLines(db: Db, marketId: number, range: Range, producerId?: number) {
  return db
    .select({
      marketDate: vendorRedemptions.marketDate,
      producerId: vendorRedemptions.producerUserId,
      farmName: sql<string>`coalesce(${producers.farmName}, '')`,
      currency: vendorRedemptions.currency,
      reportedCents: vendorRedemptions.reportedCents,
      countedCents: vendorRedemptions.countedCents,
    })
    .from(vendorRedemptions)
    .leftJoin(producers, eq(producers.userId, vendorRedemptions.producerUserId))
    .where(
      and(
        eq(vendorRedemptions.marketId, marketId),
        inRange(vendorRedemptions.marketDate, range),
        producerId === undefined ? undefined : eq(vendorRedemptions.producerUserId, producerId),
      ),
    )
    .orderBy(asc(vendorRedemptions.marketDate), asc(vendorRedemptions.producerUserId));
}

/**
 * The market-basket parts picked up on market days in the range (issue 49, decision 587): per part,
 * its farm, market day, what the shopper paid the farm and the basket fee it accrued.
 */
export async function basketPartLines(db: Db, marketId: number, range: Range, producerId?: number) {
  return db
    .select({
      marketDate: marketOrders.marketDate,
      producerId: orders.producerUserId,
      salesCents: orders.totalCents,
      feeCents: orders.marketFeeCents,
    })
    .from(orders)
    .innerJoin(marketOrders, eq(marketOrders.id, orders.marketOrderId))
    .where(
      and(
        eq(marketOrders.marketId, marketId),
        inRange(marketOrders.marketDate, range),
        eq(orders.status, 'picked_up'),
        producerId === undefined ? undefined : eq(orders.producerUserId, producerId),
      ),
    );
}

/** Vendors' market days (attended, sales) up to `to` (from `from` when given). */
export async function vendorDayLines(db: Db, marketId: number, range: Range, producerId?: number) {
  return db
    .select({
      marketDate: vendorDays.marketDate,
      producerId: vendorDays.producerUserId,
      attended: vendorDays.attended,
      salesCents: vendorDays.salesCents,
    })
    .from(vendorDays)
    .where(
      and(
        eq(vendorDays.marketId, marketId),
        inRange(vendorDays.marketDate, range),
        producerId === undefined ? undefined : eq(vendorDays.producerUserId, producerId),
      ),
    )
    .orderBy(asc(vendorDays.marketDate), asc(vendorDays.producerUserId));
}

/** What shoppers hold of a currency now: issued (the incentive: matches given) − returned − redeemed. */
export async function outstandingOf(db: Db, marketId: number, currency: MarketCurrency): Promise<number> {
  const issued = currency === 'incentive' ? boothEntries.matchCents : boothEntries.amountCents;
  const [booth] = await db
    .select({
      cents: sql<number>`coalesce(sum(case when ${boothEntries.kind} = 'issue' then ${issued} else -${boothEntries.amountCents} end), 0)::int`,
    })
    .from(boothEntries)
    .where(
      and(
        eq(boothEntries.marketId, marketId),
        currency === 'incentive'
          ? sql`(${boothEntries.kind} = 'issue' or ${boothEntries.currency} = 'incentive')`
          : eq(boothEntries.currency, currency),
      ),
    );
  const [redeemed] = await db
    .select({
      cents: sql<number>`coalesce(sum(coalesce(${vendorRedemptions.countedCents}, ${vendorRedemptions.reportedCents})), 0)::int`,
    })
    .from(vendorRedemptions)
    .where(and(eq(vendorRedemptions.marketId, marketId), eq(vendorRedemptions.currency, currency)));
  return Number(booth?.cents ?? 0) - Number(redeemed?.cents ?? 0);
}

export async function findVendor(db: Db, marketId: number, producerUserId: number) {
  const [row] = await db
    .select({ vendor: marketVendors, farmName: producers.farmName })
    .from(marketVendors)
    .leftJoin(producers, eq(producers.userId, marketVendors.producerUserId))
    .where(and(eq(marketVendors.marketId, marketId), eq(marketVendors.producerUserId, producerUserId)))
    .limit(1);
  return row;
}

/** The market's vendors (any status) with their farm's name and linked place. */
export async function vendorsOf(db: Db, marketId: number) {
  return db
    .select({ producerId: marketVendors.producerUserId, pointId: marketVendors.pointId, farmName: producers.farmName })
    .from(marketVendors)
    .leftJoin(producers, eq(producers.userId, marketVendors.producerUserId))
    .where(eq(marketVendors.marketId, marketId))
    .orderBy(asc(producers.farmName), asc(marketVendors.producerUserId));
}

export async function findVendorDay(db: Db, marketId: number, producerUserId: number, marketDate: string) {
  const where = (t: typeof vendorDays | typeof vendorRedemptions) =>
    and(eq(t.marketId, marketId), eq(t.producerUserId, producerUserId), eq(t.marketDate, marketDate));
  const [day] = await db.select().from(vendorDays).where(where(vendorDays)).limit(1);
  const redemptions = await db.select().from(vendorRedemptions).where(where(vendorRedemptions));
  return { day, redemptions };
}

export async function saveVendorDay(db: Db, row: typeof vendorDays.$inferInsert) {
  await db
    .insert(vendorDays)
    .values(row)
    .onConflictDoUpdate({
      target: [vendorDays.marketId, vendorDays.marketDate, vendorDays.producerUserId],
      set: {
        attended: row.attended,
        salesCents: row.salesCents,
        reportedBy: row.reportedBy,
        source: row.source,
        updatedAt: sql`now()`,
      },
    });
}

const redemptionTarget = [
  vendorRedemptions.marketId,
  vendorRedemptions.marketDate,
  vendorRedemptions.producerUserId,
  vendorRedemptions.currency,
];

/** A vendor's reported amounts of a day (every currency given), leaving the market's count as it was. */
export async function saveReported(db: Db, rows: (typeof vendorRedemptions.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db
    .insert(vendorRedemptions)
    .values(rows)
    .onConflictDoUpdate({
      target: redemptionTarget,
      set: { reportedCents: sql`excluded.reported_cents`, updatedAt: sql`now()` },
    });
}

/** The market's count of a vendor's day, per currency given, leaving the report as it was. */
export async function saveCounted(db: Db, rows: (typeof vendorRedemptions.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db
    .insert(vendorRedemptions)
    .values(rows)
    .onConflictDoUpdate({
      target: redemptionTarget,
      set: { countedCents: sql`excluded.counted_cents`, updatedAt: sql`now()` },
    });
}

/**
 * The farms' own register at their linked places (stand sales and pickups handed over, decision
 * 576) on dates in [from, to]: each order's tenders and total, for the vendor reports' pre-fill.
 */
export async function registerOrders(db: Db, pointIds: number[], from: string, to: string) {
  if (pointIds.length === 0) return [];
  return db
    .select({
      producerId: orders.producerUserId,
      pointId: orders.pointId,
      windowDate: orders.windowDate,
      totalCents: orders.totalCents,
      taxCents: orders.taxCents,
      tenders: orderTenders,
    })
    .from(orders)
    .leftJoin(orderTenders, eq(orderTenders.orderId, orders.id))
    .where(
      and(
        inArray(orders.pointId, pointIds),
        isNotNull(orders.pointId),
        gte(orders.windowDate, from),
        lte(orders.windowDate, to),
        eq(orders.status, 'picked_up'),
      ),
    );
}
