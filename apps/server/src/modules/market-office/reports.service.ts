import { isMarketDay } from '@farmstand/shared/markets/calendar';
import type { RegisterDay } from '@farmstand/shared/markets/reconcile';
import {
  MARKET_CURRENCIES,
  type MarketCurrency,
  type RedemptionCountInput,
  type VendorDayReport,
  type VendorDayReportInput,
} from '@farmstand/shared/schemas/market-office';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { tenderCents } from '../benefits';
import { type MarketRow, marketAccess } from '../markets';
import { marketToday } from './booth.service';
import * as repo from './market-office.repository';

/**
 * Vendors' day reports and the market's counts (issue 48 item 4, decision 582): a vendor reports
 * its own market days (pre-filled from its own register at its place there); a manager enters a
 * report for a vendor and counts what each vendor handed in.
 */

type Report = z.infer<typeof VendorDayReport>;
/** A manager or admin asking for "my" report or statement at a market they don't sell at. */
export const NOT_A_VENDOR = 'Your farm is not an approved vendor of this market: a manager reads vendors’ reports under Vendors';
const zeroes = (): Record<MarketCurrency, number> => ({ snap: 0, credit: 0, incentive: 0, wic_fmnp: 0, senior_fmnp: 0 });

/** A market day that has come: reports and counts are for those only. */
function assertReportable(ctx: AppContext, market: MarketRow, date: string) {
  if (!isMarketDay(market, date)) throw badRequest(`${date} is not a market day at ${market.name}`, 'date');
  if (date > marketToday(ctx, market)) throw badRequest('That market day has not come yet: report it after the market', 'date');
}

/**
 * What the farms' own registers recorded at their linked places on dates in [from, to], per farm
 * and day: SNAP, the incentive, WIC and Senior FMNP tenders, and sales (goods and tax). Card tokens
 * are the market's, not the farm's card reader: never pre-filled.
 */
export async function registerDays(
  ctx: AppContext,
  vendors: { producerId: number; pointId: number | null; farmName: string | null }[],
  from: string,
  to: string,
): Promise<(RegisterDay & { salesCents: number })[]> {
  const linked = vendors.filter((v) => v.pointId !== null);
  const rows = await repo.registerOrders(
    ctx.db,
    linked.map((v) => v.pointId as number),
    from,
    to,
  );
  const days = new Map<string, RegisterDay & { salesCents: number }>();
  for (const row of rows) {
    const vendor = linked.find((v) => v.pointId === row.pointId && v.producerId === row.producerId);
    if (!vendor) continue;
    const key = `${row.producerId}/${row.windowDate}`;
    let day = days.get(key);
    if (!day) {
      day = {
        marketDate: row.windowDate,
        producerId: row.producerId,
        farmName: vendor.farmName ?? '',
        redemptions: zeroes(),
        salesCents: 0,
      };
      days.set(key, day);
    }
    day.salesCents += row.totalCents + row.taxCents;
    if (row.tenders) {
      const paid = tenderCents(row.tenders);
      day.redemptions.snap += paid.snap;
      day.redemptions.incentive += paid.incentive;
      day.redemptions.wic_fmnp += paid.wic_fmnp;
      day.redemptions.senior_fmnp += paid.senior_fmnp;
    }
  }
  return [...days.values()];
}

async function vendorOf(ctx: AppContext, market: MarketRow, producerId: number) {
  const row = await repo.findVendor(ctx.db, market.id, producerId);
  if (!row || (row.vendor.status !== 'approved' && row.vendor.status !== 'removed'))
    throw notFound('That farm is not a vendor of this market');
  return row;
}

async function present(
  ctx: AppContext,
  market: MarketRow,
  producerId: number,
  pointId: number | null,
  date: string,
): Promise<Report> {
  const { day, redemptions } = await repo.findVendorDay(ctx.db, market.id, producerId, date);
  const [register] = await registerDays(ctx, [{ producerId, pointId, farmName: null }], date, date);
  return {
    marketDate: date,
    attended: day?.attended ?? true,
    salesCents: day?.salesCents ?? 0,
    redemptions: Object.fromEntries(
      MARKET_CURRENCIES.map((currency) => {
        const row = redemptions.find((r) => r.currency === currency);
        return [currency, { reportedCents: row?.reportedCents ?? 0, countedCents: row?.countedCents ?? null }];
      }),
    ) as Report['redemptions'],
    fromRegister: register ? { salesCents: register.salesCents, redemptions: register.redemptions } : null,
    source: day?.source ?? null,
  };
}

/** The signed-in farm's own vendor row at this market: a manager or admin who is not its vendor has no report here. */
async function ownVendor(ctx: AppContext, user: AuthUser, marketId: number) {
  const { market } = await marketAccess(ctx, user, marketId, 'vendor');
  const row = await repo.findVendor(ctx.db, market.id, user.id);
  if (row?.vendor.status !== 'approved') throw notFound(NOT_A_VENDOR);
  return { market, pointId: row.vendor.pointId };
}

export async function ownReport(ctx: AppContext, user: AuthUser, marketId: number, date: string): Promise<Report> {
  const { market, pointId } = await ownVendor(ctx, user, marketId);
  if (!isMarketDay(market, date)) throw badRequest(`${date} is not a market day at ${market.name}`, 'date');
  return present(ctx, market, user.id, pointId, date);
}

async function save(
  ctx: AppContext,
  user: AuthUser,
  market: MarketRow,
  producerId: number,
  date: string,
  input: z.infer<typeof VendorDayReportInput>,
  source: 'vendor' | 'manager',
) {
  assertReportable(ctx, market, date);
  await ctx.db.transaction(async (tx) => {
    await repo.saveVendorDay(tx, {
      marketId: market.id,
      marketDate: date,
      producerUserId: producerId,
      attended: input.attended,
      salesCents: input.salesCents,
      reportedBy: user.id,
      source,
    });
    // Every currency is written: one left out of the report is reported as none.
    await repo.saveReported(
      tx,
      MARKET_CURRENCIES.map((currency) => ({
        marketId: market.id,
        marketDate: date,
        producerUserId: producerId,
        currency,
        reportedCents: input.redemptions[currency] ?? 0,
      })),
    );
  });
}

/** The vendor reports its own market day; sending it again replaces it (the market's count stays). */
export async function saveOwnReport(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  date: string,
  input: z.infer<typeof VendorDayReportInput>,
): Promise<Report> {
  const { market, pointId } = await ownVendor(ctx, user, marketId);
  await save(ctx, user, market, user.id, date, input, 'vendor');
  return present(ctx, market, user.id, pointId, date);
}

export async function vendorReport(ctx: AppContext, user: AuthUser, marketId: number, producerId: number, date: string) {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const { vendor } = await vendorOf(ctx, market, producerId);
  if (!isMarketDay(market, date)) throw badRequest(`${date} is not a market day at ${market.name}`, 'date');
  return present(ctx, market, producerId, vendor.pointId, date);
}

/** A manager enters a vendor's report for them. */
export async function saveVendorReport(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  producerId: number,
  date: string,
  input: z.infer<typeof VendorDayReportInput>,
): Promise<Report> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const { vendor } = await vendorOf(ctx, market, producerId);
  await save(ctx, user, market, producerId, date, input, 'manager');
  return present(ctx, market, producerId, vendor.pointId, date);
}

/** The market's count of what a vendor handed in (the currencies given; the others stay as they were). */
export async function saveCount(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  producerId: number,
  date: string,
  input: z.infer<typeof RedemptionCountInput>,
): Promise<Report> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const { vendor } = await vendorOf(ctx, market, producerId);
  assertReportable(ctx, market, date);
  const counted = MARKET_CURRENCIES.filter((c) => input.counted[c] !== undefined);
  if (counted.length === 0) throw badRequest('Enter the count of at least one currency', 'counted');
  await repo.saveCounted(
    ctx.db,
    counted.map((currency) => ({
      marketId: market.id,
      marketDate: date,
      producerUserId: producerId,
      currency,
      countedCents: input.counted[currency] as number,
    })),
  );
  return present(ctx, market, producerId, vendor.pointId, date);
}
