import { daysBetweenDates } from '@farmstand/shared/format/date-only';
import { marketDates } from '@farmstand/shared/markets/calendar';
import { vendorStatement } from '@farmstand/shared/markets/fees';
import {
  programmeReport as buildProgrammeReport,
  PROGRAMME_REPORT_COLUMNS,
  PROGRAMME_REPORT_NOTE,
  PROGRAMME_REPORT_SOURCES,
} from '@farmstand/shared/markets/programme-report';
import { reconcile } from '@farmstand/shared/markets/reconcile';
import type { ProgrammeReport, Reconciliation, VendorStatement } from '@farmstand/shared/schemas/market-office';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { type MarketRow, marketAccess } from '../markets';
import { marketIncentive, marketToday } from './booth.service';
import * as repo from './market-office.repository';
import { NOT_A_VENDOR, registerDays } from './reports.service';

/**
 * The market's books (issue 48 items 2, 4 and 5; decisions 582 and 583): the reconciliation of
 * each currency with its discrepancies, the vendors' statements and the programme's report.
 */

/** A range of the books: from the season's start (or `from`) to today (or `to`), at most about a year. */
function rangeOf(ctx: AppContext, market: MarketRow, from?: string, to?: string) {
  const range = { from: from ?? market.seasonStart, to: to ?? marketToday(ctx, market) };
  if (range.from > range.to) throw badRequest('The range starts after it ends: check the dates', 'from');
  if (daysBetweenDates(range.from, range.to) > 400) throw badRequest('Ask for at most a year at a time', 'to');
  return range;
}

export async function reconciliation(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  query: { from?: string; to?: string },
): Promise<z.infer<typeof Reconciliation>> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const { from, to } = rangeOf(ctx, market, query.from, query.to);
  const [booth, redemptions, vendors] = await Promise.all([
    repo.boothLines(ctx.db, market.id, { to }),
    repo.redemptionLines(ctx.db, market.id, { to }),
    repo.vendorsOf(ctx.db, market.id),
  ]);
  const registers = await registerDays(ctx, vendors, from, to);
  return { from, to, ...reconcile({ from, to, booth, redemptions, registers }) };
}

/** The season's days of a vendor up to `to` (for the season's fee) and its redemptions in [from, to]. */
function statementOf(
  market: MarketRow,
  vendor: { producerId: number; farmName: string | null },
  range: { from: string; to: string },
  days: Awaited<ReturnType<typeof repo.vendorDayLines>>,
  redemptions: Awaited<ReturnType<typeof repo.redemptionLines>>,
  basket: Awaited<ReturnType<typeof repo.basketPartLines>>,
): z.infer<typeof VendorStatement> {
  const statement = vendorStatement({ ...range, rules: market, days, redemptions, basket });
  return { producerId: vendor.producerId, farmName: vendor.farmName ?? '', ...range, ...statement };
}

/** Days from the first of January of the range's first year: a per-season fee is charged on the season's first attended day. */
const seasonRange = (range: { from: string; to: string }) => ({ from: `${range.from.slice(0, 4)}-01-01`, to: range.to });

export async function statements(ctx: AppContext, user: AuthUser, marketId: number, query: { from?: string; to?: string }) {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const range = rangeOf(ctx, market, query.from, query.to);
  const [vendors, days, redemptions, basket] = await Promise.all([
    repo.vendorsOf(ctx.db, market.id),
    repo.vendorDayLines(ctx.db, market.id, seasonRange(range)),
    repo.redemptionLines(ctx.db, market.id, range),
    repo.basketPartLines(ctx.db, market.id, range),
  ]);
  const result: z.infer<typeof VendorStatement>[] = [];
  for (const vendor of vendors) {
    const own = days.filter((d) => d.producerId === vendor.producerId);
    const redeemed = redemptions.filter((r) => r.producerId === vendor.producerId);
    const parts = basket.filter((b) => b.producerId === vendor.producerId);
    const inRange = own.some((d) => d.marketDate >= range.from) || redeemed.length > 0 || parts.length > 0;
    if (!inRange) continue;
    result.push(statementOf(market, vendor, range, own, redeemed, parts));
  }
  return { statements: result };
}

/** The signed-in vendor's own statement. */
export async function ownStatement(ctx: AppContext, user: AuthUser, marketId: number, query: { from?: string; to?: string }) {
  const { market } = await marketAccess(ctx, user, marketId, 'vendor');
  const vendor = await repo.findVendor(ctx.db, market.id, user.id);
  if (vendor?.vendor.status !== 'approved') throw notFound(NOT_A_VENDOR);
  const range = rangeOf(ctx, market, query.from, query.to);
  const [days, redemptions, basket] = await Promise.all([
    repo.vendorDayLines(ctx.db, market.id, seasonRange(range), user.id),
    repo.redemptionLines(ctx.db, market.id, range, user.id),
    repo.basketPartLines(ctx.db, market.id, range, user.id),
  ]);
  return statementOf(market, { producerId: user.id, farmName: vendor.farmName }, range, days, redemptions, basket);
}

/** The programme's report of a season (a calendar year; this year without one). */
export async function programmeReport(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  season: number | undefined,
): Promise<z.infer<typeof ProgrammeReport>> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const year = season ?? Number(marketToday(ctx, market).slice(0, 4));
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [booth, redemptions, vendorDays, incentive] = await Promise.all([
    repo.boothLines(ctx.db, market.id, range),
    repo.redemptionLines(ctx.db, market.id, range),
    repo.vendorDayLines(ctx.db, market.id, range),
    marketIncentive(ctx, market),
  ]);
  const { rows, totals } = buildProgrammeReport({
    marketDates: marketDates(market, range.from, range.to),
    booth,
    redemptions,
    vendorDays,
  });
  return {
    market: { id: market.id, name: market.name, city: market.city, state: market.state },
    season: year,
    programme: incentive?.name ?? null,
    columns: PROGRAMME_REPORT_COLUMNS,
    rows,
    totals,
    sources: PROGRAMME_REPORT_SOURCES.map((s) => ({ title: s.title, url: s.url })),
    note: PROGRAMME_REPORT_NOTE,
  };
}
