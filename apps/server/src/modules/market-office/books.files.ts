import { centsText } from '@farmstand/shared/format/money';
import {
  MARKET_CURRENCIES,
  MARKET_CURRENCY_LABELS,
  type ProgrammeReport,
  type Reconciliation,
  type VendorStatement,
} from '@farmstand/shared/schemas/market-office';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { z } from 'zod';
import { csvText } from '../../lib/csv';
import { lazyModule } from '../../lib/lazy-module';
import { printable } from '../../lib/pdf-text';

const loadPdfLib = lazyModule<typeof import('pdf-lib')>('pdf-lib');

/** The books as files (decisions 582, 583): CSV for a spreadsheet, the programme's report also as a PDF. */

export function reconciliationCsv(books: z.infer<typeof Reconciliation>): string {
  return csvText([
    ['Reconciliation', books.from, books.to],
    ['Currency', 'Opening', 'Issued', 'Returned', 'Redeemed', 'Outstanding', 'Balance'],
    ...books.currencies.map((c) => [
      MARKET_CURRENCY_LABELS[c.currency],
      centsText(c.openingCents),
      centsText(c.issuedCents),
      centsText(c.returnedCents),
      centsText(c.redeemedCents),
      centsText(c.outstandingCents),
      centsText(c.balanceCents),
    ]),
    [],
    ['Discrepancies'],
    ['Date', 'Farm', 'Currency', 'Kind', 'Expected', 'Actual', 'What'],
    ...books.discrepancies.map((d) => [
      d.marketDate,
      d.farmName ?? '',
      MARKET_CURRENCY_LABELS[d.currency],
      d.kind,
      centsText(d.expectedCents),
      centsText(d.actualCents),
      d.message,
    ]),
  ]);
}

/** A line per vendor per market day (sales, what is reimbursed per currency, fee), then the vendor's total line. */
export function statementsCsv(statements: z.infer<typeof VendorStatement>[], from: string, to: string): string {
  const head = [
    'Farm',
    'Date',
    'Attended',
    'Sales',
    ...MARKET_CURRENCIES.map((c) => MARKET_CURRENCY_LABELS[c]),
    'Reimbursed',
    'Fee',
    'Net',
  ];
  const rows: (string | number)[][] = [['Vendor statements', from, to], head];
  for (const s of statements) {
    for (const day of s.days) {
      const reimbursed = MARKET_CURRENCIES.reduce((sum, c) => sum + day.reimbursed[c], 0);
      rows.push([
        s.farmName,
        day.marketDate,
        day.attended ? 'yes' : 'no',
        centsText(day.salesCents),
        ...MARKET_CURRENCIES.map((c) => centsText(day.reimbursed[c])),
        centsText(reimbursed),
        centsText(day.feeCents),
        centsText(reimbursed - day.feeCents),
      ]);
    }
    // Market basket fees (decision 587): a line of their own, beside the market's own fee.
    if (s.basketFeeCents !== 0 || s.basketSalesCents !== 0)
      rows.push([
        s.farmName,
        'Market basket fees',
        '',
        centsText(s.basketSalesCents),
        ...MARKET_CURRENCIES.map(() => ''),
        '',
        centsText(s.basketFeeCents),
        centsText(-s.basketFeeCents),
      ]);
    rows.push([
      s.farmName,
      'Total',
      '',
      '',
      ...MARKET_CURRENCIES.map(() => ''),
      centsText(s.reimbursedCents),
      centsText(s.feeCents + s.basketFeeCents),
      centsText(s.netCents),
    ]);
  }
  return csvText(rows);
}

const cell = (report: z.infer<typeof ProgrammeReport>, row: Record<string, string | number>, key: string) => {
  const column = report.columns.find((c) => c.key === key);
  const value = row[key] ?? '';
  return column?.kind === 'cents' ? centsText(Number(value)) : String(value);
};

export function programmeReportCsv(report: z.infer<typeof ProgrammeReport>): string {
  const keys = report.columns.map((c) => c.key);
  return csvText([
    [
      `${report.programme ?? 'Benefit'} report`,
      report.market.name,
      `${report.market.city}, ${report.market.state}`,
      String(report.season),
    ],
    report.columns.map((c) => c.label),
    ...report.rows.map((row) => keys.map((key) => cell(report, row, key))),
    keys.map((key) => cell(report, report.totals, key)),
    [],
    ['Column', 'Where the figure comes from'],
    ...report.columns.map((c) => [c.label, c.source]),
    [],
    [report.note],
    ...report.sources.map((s) => [s.title, s.url]),
  ]);
}

export const programmeReportFileName = (report: z.infer<typeof ProgrammeReport>, extension: 'csv' | 'pdf') =>
  `farmstand-market-${report.market.id}-programme-report-${report.season}.${extension}`;

// --- the printable PDF: Letter, landscape ----------------------------------------------------------

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const SIZE = 8;
const LINE = SIZE * 1.6;

/** The season's report on Letter pages: the title, a row per month and the season's totals, then the notes and sources. */
export async function programmeReportPdf(report: z.infer<typeof ProgrammeReport>): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${report.programme ?? 'Benefit'} report: ${report.market.name}, ${report.season}`);
  pdf.setCreator('Farmstand');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const width = PAGE[0] - 2 * MARGIN;
  const columnWidth = width / report.columns.length;
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const newLine = (height = LINE) => {
    y -= height;
    if (y < MARGIN) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN - height;
    }
  };
  const text = (value: string, x: number, font: PDFFont = regular, size = SIZE) =>
    page.drawText(printable(value, supported), { x, y, size, font });
  /** A table line: the first column left, the figures right-aligned in their columns. */
  const tableRow = (cells: string[], font: PDFFont) => {
    cells.forEach((value, i) => {
      const shown = printable(value, supported);
      const x = i === 0 ? MARGIN : MARGIN + (i + 1) * columnWidth - font.widthOfTextAtSize(shown, SIZE) - 4;
      page.drawText(shown, { x, y, size: SIZE, font });
    });
  };
  /** The header's labels, wrapped over two lines where they are long. */
  const header = () => {
    const split = report.columns.map((c) => {
      const words = c.label.split(' ');
      const half = Math.ceil(words.length / 2);
      return words.length > 1 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [c.label, ''];
    });
    tableRow(
      split.map((s) => s[0]),
      bold,
    );
    newLine();
    tableRow(
      split.map((s) => s[1]),
      bold,
    );
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: PAGE[0] - MARGIN, y: y - 4 },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
  };

  y -= 14;
  text(`${report.programme ?? 'Benefit'} report, season ${report.season}`, MARGIN, bold, 14);
  newLine(18);
  text(`${report.market.name}, ${report.market.city}, ${report.market.state}`, MARGIN);
  newLine(LINE * 2);
  header();
  const keys = report.columns.map((c) => c.key);
  for (const row of report.rows) {
    const before = page;
    newLine();
    if (page !== before) {
      header();
      newLine();
    }
    tableRow(
      keys.map((key) => cell(report, row, key)),
      regular,
    );
  }
  newLine();
  tableRow(
    keys.map((key) => cell(report, report.totals, key)),
    bold,
  );
  newLine(LINE * 2);
  text('Where each figure comes from', MARGIN, bold);
  for (const column of report.columns) {
    newLine();
    text(`${column.label}: ${column.source}`, MARGIN);
  }
  /** A long text over as many lines as it needs, broken between words. */
  const paragraph = (value: string) => {
    let line = '';
    for (const word of printable(value, supported).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && regular.widthOfTextAtSize(next, SIZE) > width) {
        newLine();
        text(line, MARGIN);
        line = word;
      } else line = next;
    }
    newLine();
    text(line, MARGIN);
  };
  newLine(LINE);
  paragraph(report.note);
  for (const source of report.sources) paragraph(`${source.title}: ${source.url}`);
  return pdf.save();
}
