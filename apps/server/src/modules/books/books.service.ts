import { isStateCode } from '@farmstand/shared/constants/catalog';
import { defaultTimeZone } from '@farmstand/shared/constants/time-zones';
import { addDaysToDate, daysBetweenDates } from '@farmstand/shared/format/date-only';
import type { BookExport, BookExportFormat, BooksRangeQuery, TaxSummary } from '@farmstand/shared/schemas/books';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findFarm } from '../pickup';
import { BOM, ordersCsv, quickbooksCsv, type RateFigures, saleAmounts, saleRates, taxSummaryCsv, xeroCsv } from './books.files';
import * as repo from './books.repository';

/**
 * A farm's sales out to its bookkeeping (issue 50 items 3–4, decision 586): the orders file,
 * QuickBooks Online's daily journal entries and Xero's sales invoices, each recording the orders it
 * covered so a later export of the same format never lists them again; the tax quarter is read
 * live from the same sales.
 */

/** Days one file may cover: a year, so a file stays a size a spreadsheet opens. */
const MAX_RANGE_DAYS = 366;
const LISTED_EXPORTS = 100;

async function farmOf(ctx: AppContext, user: AuthUser) {
  const farm = await findFarm(ctx.db, user.id);
  if (!farm) throw notFound('Set up your farm profile first: the books are your farm’s sales');
  return { ...farm, state: farm.state ?? '', timeZone: defaultTimeZone(farm.state, farm.zip) };
}

async function checkedRange(ctx: AppContext, user: AuthUser, query: BooksRangeQuery): Promise<repo.SalesRange> {
  const days = daysBetweenDates(query.from, query.to);
  if (!(days >= 0)) throw badRequest('The start date must be on or before the end date', 'from');
  if (days >= MAX_RANGE_DAYS) throw badRequest('Choose at most a year of days for one file', 'to');
  if (query.pointId !== undefined && !(await repo.findPoint(ctx.db, user.id, query.pointId)))
    throw notFound('That pickup place is not one of your farm’s');
  return { from: query.from, to: query.to, ...(query.pointId === undefined ? {} : { pointId: query.pointId }) };
}

const FILE_NAMES: Record<BookExportFormat, string> = { orders: 'orders', quickbooks: 'quickbooks', xero: 'xero' };
/** The file as sent: the orders file (for a spreadsheet) with the byte-order mark, the imports' files as stored. */
const sent = (format: BookExportFormat, content: string) => (format === 'orders' ? BOM + content : content);

/**
 * Exports the sales of the range not yet exported in this format and records what it covered, in
 * one transaction under the farm's lock: two exports at once never share an order, and a second
 * export of the same days answers a file with the header only (nothing recorded).
 */
export async function exportSales(ctx: AppContext, user: AuthUser, format: BookExportFormat, query: BooksRangeQuery) {
  const [range, farm] = await Promise.all([checkedRange(ctx, user, query), farmOf(ctx, user)]);
  return ctx.db.transaction(async (tx) => {
    await repo.lockFarm(tx, user.id);
    const sales = await repo.salesOf(tx, user.id, range, format);
    const content =
      format === 'orders' ? ordersCsv(sales) : format === 'quickbooks' ? quickbooksCsv(sales) : xeroCsv(sales, farm.state);
    const name = `farmstand-${FILE_NAMES[format]}-${range.from}-${range.to}`;
    if (sales.length === 0)
      return { id: null, filename: `${name}-nothing-new.csv`, content: sent(format, content), orderCount: 0 };
    const id = await repo.insertExport(
      tx,
      {
        producerUserId: user.id,
        format,
        fromDate: range.from,
        toDate: range.to,
        pointId: range.pointId ?? null,
        orderCount: sales.length,
        totalCents: sales.reduce((total, sale) => total + saleAmounts(sale).totalCents, 0),
        content,
        createdBy: user.id,
      },
      sales.map((sale) => sale.order.id),
    );
    return { id, filename: `${name}-${id}.csv`, content: sent(format, content), orderCount: sales.length };
  });
}

const presentExport = (row: Awaited<ReturnType<typeof repo.listExports>>[number]): z.infer<typeof BookExport> => ({
  id: row.id,
  format: row.format,
  from: row.fromDate,
  to: row.toDate,
  pointId: row.pointId,
  orderCount: row.orderCount,
  totalCents: row.totalCents,
  createdAt: row.createdAt.toISOString(),
});

export async function listExports(ctx: AppContext, user: AuthUser) {
  return { exports: (await repo.listExports(ctx.db, user.id, LISTED_EXPORTS)).map(presentExport) };
}

/** An earlier export's file, as it was given; another farm's is not found. */
export async function exportFile(ctx: AppContext, user: AuthUser, id: number) {
  const row = await repo.findExport(ctx.db, user.id, id);
  if (!row) throw notFound('No such export of your farm');
  return {
    filename: `farmstand-${FILE_NAMES[row.format]}-${row.fromDate}-${row.toDate}-${row.id}.csv`,
    content: sent(row.format, row.content),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The farm's sales-tax quarter by month (decision 586): gross, taxable, exempt (exempt classes and
 * SNAP-paid parts), SNAP-paid and the tax collected, each the sum of the sales' stored amounts (the
 * per-line tax of the stand, decision 576), a sale's month being its local date at its place.
 */
export async function taxSummary(ctx: AppContext, user: AuthUser, year: number, quarter: number): Promise<TaxSummary> {
  const farm = await farmOf(ctx, user);
  const firstMonth = (quarter - 1) * 3 + 1;
  const months = [0, 1, 2].map((i) => `${year}-${pad(firstMonth + i)}`);
  const from = `${months[0]}-01`;
  const to = addDaysToDate(quarter === 4 ? `${year + 1}-01-01` : `${year}-${pad(firstMonth + 3)}-01`, -1);
  const sales = await repo.salesOf(ctx.db, user.id, { from, to });
  const state = isStateCode(farm.state) ? farm.state : null;
  const figures = (of: repo.Sale[]) => {
    const amounts = of.map(saleAmounts);
    const total = (pick: (a: (typeof amounts)[number]) => number) => amounts.reduce((sum, a) => sum + pick(a), 0);
    const byRate = new Map<number, RateFigures>();
    for (const sale of of)
      for (const [rate, at] of saleRates(sale, state)) {
        const sofar = byRate.get(rate) ?? { taxableCents: 0, taxCents: 0 };
        byRate.set(rate, { taxableCents: sofar.taxableCents + at.taxableCents, taxCents: sofar.taxCents + at.taxCents });
      }
    return {
      grossCents: total((a) => a.goodsCents),
      taxableCents: total((a) => a.taxableCents),
      exemptCents: total((a) => a.exemptCents),
      snapPaidCents: total((a) => a.paid.snap),
      taxCents: total((a) => a.taxCents),
      byRate: [...byRate].sort(([a], [b]) => a - b).map(([ratePercent, at]) => ({ ratePercent, ...at })),
    };
  };
  return {
    year,
    quarter,
    timeZone: farm.timeZone,
    state,
    months: months.map((month) => ({ month, ...figures(sales.filter((s) => s.order.windowDate.startsWith(month))) })),
    total: figures(sales),
  };
}

export async function taxSummaryFile(ctx: AppContext, user: AuthUser, year: number, quarter: number) {
  const [summary, farm] = await Promise.all([taxSummary(ctx, user, year, quarter), farmOf(ctx, user)]);
  return { filename: `farmstand-sales-tax-${year}-q${quarter}.csv`, content: taxSummaryCsv(summary, farm.farmName) };
}
