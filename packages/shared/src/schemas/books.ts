import { z } from 'zod';
import { STATES } from '../constants/catalog';
import { dbId, optionalQuery } from './common';

/**
 * Books in and out (issue 50): a farm's catalogue as a spreadsheet (export, edit, import with a dry
 * run), its sales, tenders and tax out to its bookkeeping, and the quarterly sales-tax summary for
 * its state's return. Amounts are integer cents.
 */

const DATE = z.iso
  .date({ error: 'Dates are YYYY-MM-DD' })
  .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', 'Choose dates from the year 2000 to 2100');

/** One problem of an imported catalogue: the file's row (1 = the header) and column, in words. */
export const ImportProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

/** `POST /api/products/catalogue?dryRun=true|false&zeroMissing=true|false`, the CSV file as the body. */
export const CatalogueImportQuery = z.object({
  dryRun: optionalQuery(z.enum(['true', 'false'])).transform((v) => v !== 'false'),
  zeroMissing: optionalQuery(z.enum(['true', 'false'])).transform((v) => v === 'true'),
});

/** What an import did (or, on a dry run, would do): nothing is written while `problems` is not empty. */
export const CatalogueImportResult = z.object({
  dryRun: z.boolean(),
  written: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Products and variants absent from the file whose stock was (or would be) set to zero. */
  zeroed: z.number().int(),
  problems: z.array(ImportProblem),
  /** Each row's outcome, in file order: what changes (for the dry run's table). */
  changes: z.array(
    z.object({ row: z.number().int(), key: z.string(), name: z.string(), action: z.enum(['create', 'update', 'unchanged']) }),
  ),
});
export type CatalogueImportResult = z.infer<typeof CatalogueImportResult>;

/** A range of local dates (the pickup place's or the farm's zone), and optionally one pickup place. */
export const BooksRangeQuery = z.object({
  from: DATE,
  to: DATE,
  pointId: optionalQuery(dbId('A pickup place id is a positive whole number')),
});
export type BooksRangeQuery = z.infer<typeof BooksRangeQuery>;

export const BOOK_EXPORT_FORMATS = ['orders', 'quickbooks', 'xero'] as const;
export type BookExportFormat = (typeof BOOK_EXPORT_FORMATS)[number];

/** An export already made: what it covered, for the list the farm downloads again from. */
export const BookExport = z.object({
  id: z.number(),
  format: z.enum(BOOK_EXPORT_FORMATS),
  from: z.string(),
  to: z.string(),
  pointId: z.number().nullable(),
  orderCount: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
});
export const BookExports = z.object({ exports: z.array(BookExport) });

/** `GET /api/books/tax-summary?year=&quarter=` (JSON or `.csv`): a farm's sales-tax quarter. */
export const TaxSummaryQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  quarter: z.coerce.number().int().min(1).max(4),
});
export const TaxSummaryMonth = z.object({
  month: z.string(),
  grossCents: z.number().int(),
  taxableCents: z.number().int(),
  exemptCents: z.number().int(),
  snapPaidCents: z.number().int(),
  taxCents: z.number().int(),
  /** The taxable sales and the tax at each of the state's rates, lowest first (Tennessee: food at 4 %, the rest at 7 %). */
  byRate: z.array(z.object({ ratePercent: z.number(), taxableCents: z.number().int(), taxCents: z.number().int() })),
});
export const TaxSummary = z.object({
  year: z.number().int(),
  quarter: z.number().int(),
  timeZone: z.string(),
  /** The farm's state (its profile's), whose return the figures feed; null when the profile has none. */
  state: z.enum(STATES).nullable(),
  months: z.array(TaxSummaryMonth),
  total: TaxSummaryMonth.omit({ month: true }),
});
export type TaxSummary = z.infer<typeof TaxSummary>;
