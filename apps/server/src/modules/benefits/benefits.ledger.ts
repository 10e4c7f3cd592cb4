import { TENDER_KINDS, TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { centsText, formatCents } from '@farmstand/shared/format/money';
import type { Ledger } from '@farmstand/shared/schemas/benefits';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { csvField } from '../../lib/csv';
import { lazyModule } from '../../lib/lazy-module';
import { printable } from '../../lib/pdf-text';
import { sumTenders, tenderCents } from './benefits.presenter';
import type { TendersRow } from './benefits.repository';

const loadPdfLib = lazyModule<typeof import('pdf-lib')>('pdf-lib');

type MonthRow = { orderId: number; windowDate: string; shopperName: string; tenders: TendersRow };

/**
 * One farm's month of recorded tenders (decision 516): a row per tender kind with the orders that
 * had some and the cents (the incentive once per market it was given through; kinds nobody paid
 * with are left out), then each order with its tenders and their sum; `markets` holds each order's
 * incentive market for the CSV and PDF.
 */
export function buildLedger(
  month: string,
  farmName: string,
  rows: MonthRow[],
): { ledger: Ledger; markets: Map<number, string | null> } {
  const orders = rows.map((row) => {
    const tenders = tenderCents(row.tenders);
    return {
      order_id: row.orderId,
      picked_up_on: row.windowDate,
      shopper: row.shopperName,
      tenders,
      total_cents: sumTenders(tenders),
      market: row.tenders.incentiveMarket,
    };
  });
  const summary: Ledger['rows'] = [];
  for (const kind of TENDER_KINDS) {
    const paid = orders.filter((o) => o.tenders[kind] > 0);
    const markets = kind === 'incentive' ? [...new Set(paid.map((o) => o.market))] : [null];
    for (const market of markets) {
      const these = kind === 'incentive' ? paid.filter((o) => o.market === market) : paid;
      if (these.length === 0) continue;
      summary.push({
        kind,
        label: TENDER_LABELS[kind],
        market,
        orders: these.length,
        cents: these.reduce((sum, o) => sum + o.tenders[kind], 0),
      });
    }
  }
  return {
    ledger: { month, farm_name: farmName, rows: summary, orders: orders.map(({ market: _, ...order }) => order) },
    markets: new Map(orders.map((o) => [o.order_id, o.market])),
  };
}

export const ledgerFileName = (month: string, extension: 'csv' | 'pdf') => `farmstand-benefits-${month}.${extension}`;

const CSV_KINDS: TenderKind[] = ['snap', 'wic_fmnp', 'senior_fmnp', 'incentive'];
const CSV_OTHERS: TenderKind[] = ['cash', 'card', 'check', 'farm_credit', 'other'];

/**
 * The month as one table, an order a line (CRLF line ends): its number, the local pickup day,
 * the shopper, each tender in dollars, the incentive's market, and the sum of its tenders.
 */
export function ledgerCsv(ledger: Ledger, markets: Map<number, string | null>): string {
  const header = [
    'Order',
    'Picked up on',
    'Shopper',
    ...CSV_KINDS.map((k) => TENDER_LABELS[k]),
    'Incentive market',
    ...CSV_OTHERS.map((k) => TENDER_LABELS[k]),
    'Total',
  ];
  const lines = [header.map(csvField).join(',')];
  for (const order of ledger.orders) {
    const cents = (k: TenderKind) => centsText(order.tenders[k] ?? 0);
    lines.push(
      [
        String(order.order_id),
        order.picked_up_on,
        csvField(order.shopper),
        ...CSV_KINDS.map(cents),
        csvField(order.tenders.incentive ? (markets.get(order.order_id) ?? '') : ''),
        ...CSV_OTHERS.map(cents),
        centsText(order.total_cents),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

// --- the printable PDF -------------------------------------------------------------------------

/** US Letter in points. */
const PAGE: [number, number] = [612, 792];
const MARGIN = 48;
const SIZE = 10;
const LINE = SIZE * 1.5;

/** "June 2030" for "2030-06". */
export const monthName = (month: string) => formatDateOnly(`${month}-01`, { month: 'long', year: 'numeric' });

/** Shortens a text with "..." until it fits `width` points. */
function fit(text: string, font: PDFFont, width: number): string {
  if (font.widthOfTextAtSize(text, SIZE) <= width) return text;
  let cut = text.length;
  while (cut > 1 && font.widthOfTextAtSize(`${text.slice(0, cut)}...`, SIZE) > width) cut--;
  return `${text.slice(0, cut)}...`;
}

/**
 * The ledger on Letter pages to print or keep: the farm and month, the totals per tender (and per
 * market for the incentive) with their orders, then every order with its pickup day, shopper,
 * tenders and sum. Amounts as $X.YY, days as the farm's local dates.
 */
export async function ledgerPdf(ledger: Ledger, markets: Map<number, string | null>): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Benefits ledger: ${ledger.farm_name}, ${monthName(ledger.month)}`);
  pdf.setCreator('Farmstand');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const right = PAGE[0] - MARGIN;

  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const newLine = (height = LINE) => {
    y -= height;
    if (y < MARGIN) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN - height;
    }
  };
  /** Draws cells at x positions; a cell with `alignRight` ends at its x. */
  const row = (cells: { text: string; x: number; width: number; font?: PDFFont; alignRight?: boolean }[]) => {
    for (const cell of cells) {
      const font = cell.font ?? regular;
      const text = fit(printable(cell.text, supported), font, cell.width);
      const x = cell.alignRight ? cell.x - font.widthOfTextAtSize(text, SIZE) : cell.x;
      page.drawText(text, { x, y, size: SIZE, font });
    }
  };
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: right, y: y - 4 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) });
  };

  y -= 16;
  page.drawText(printable(`Benefits ledger: ${monthName(ledger.month)}`, supported), { x: MARGIN, y, size: 16, font: bold });
  newLine(20);
  row([{ text: ledger.farm_name, x: MARGIN, width: right - MARGIN }]);
  newLine();
  row([
    {
      text: 'What was tendered at pickup, as recorded by the farm. Farmstand never takes or holds a benefit.',
      x: MARGIN,
      width: right - MARGIN,
    },
  ]);

  newLine(LINE * 2);
  row([{ text: 'Totals', x: MARGIN, width: 200, font: bold }]);
  newLine();
  const summaryHead = [
    { text: 'Tender', x: MARGIN, width: 170, font: bold },
    { text: 'Market', x: MARGIN + 180, width: 170, font: bold },
    { text: 'Orders', x: right - 110, width: 60, font: bold, alignRight: true },
    { text: 'Amount', x: right, width: 100, font: bold, alignRight: true },
  ];
  row(summaryHead);
  rule();
  if (ledger.rows.length === 0) {
    newLine();
    row([{ text: 'No tenders were recorded this month.', x: MARGIN, width: right - MARGIN }]);
  }
  for (const line of ledger.rows) {
    newLine();
    row([
      { text: line.label, x: MARGIN, width: 170 },
      { text: line.market ?? '', x: MARGIN + 180, width: 170 },
      { text: String(line.orders), x: right - 110, width: 60, alignRight: true },
      { text: formatCents(line.cents), x: right, width: 100, alignRight: true },
    ]);
  }

  if (ledger.orders.length > 0) {
    newLine(LINE * 2);
    row([{ text: 'Orders', x: MARGIN, width: 200, font: bold }]);
    newLine();
    const head = () => {
      row([
        { text: 'Order', x: MARGIN, width: 50, font: bold },
        { text: 'Picked up on', x: MARGIN + 55, width: 80, font: bold },
        { text: 'Shopper', x: MARGIN + 140, width: 110, font: bold },
        { text: 'Tenders', x: MARGIN + 255, width: 170, font: bold },
        { text: 'Total', x: right, width: 80, font: bold, alignRight: true },
      ]);
      rule();
    };
    head();
    for (const order of ledger.orders) {
      const paid = TENDER_KINDS.filter((k) => (order.tenders[k] ?? 0) > 0).map((k) => {
        const market = k === 'incentive' ? markets.get(order.order_id) : null;
        return `${TENDER_LABELS[k]}${market ? ` (${market})` : ''} ${formatCents(order.tenders[k] ?? 0)}`;
      });
      const before = page;
      newLine();
      if (page !== before) {
        head();
        newLine();
      }
      row([
        { text: `#${order.order_id}`, x: MARGIN, width: 50 },
        { text: formatDateOnly(order.picked_up_on), x: MARGIN + 55, width: 80 },
        { text: order.shopper, x: MARGIN + 140, width: 110 },
        { text: paid[0] ?? '', x: MARGIN + 255, width: 170 },
        { text: formatCents(order.total_cents), x: right, width: 80, alignRight: true },
      ]);
      // Further tenders of the order, one a line under the first.
      for (const more of paid.slice(1)) {
        newLine();
        row([{ text: more, x: MARGIN + 255, width: 170 }]);
      }
    }
  }
  return pdf.save();
}
