import { TENDER_KINDS, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import {
  QUICKBOOKS_ACCOUNTS,
  QUICKBOOKS_TENDER_ACCOUNTS,
  usDate,
  XERO_EXEMPT_TAX,
  XERO_SALES_ACCOUNT,
  xeroSalesTax,
} from '@farmstand/shared/books/accounts';
import type { StateCode } from '@farmstand/shared/constants/catalog';
import { allocateCents, centsText } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { TaxSummary } from '@farmstand/shared/schemas/books';
import { TAX_CLASSES, type TaxClass } from '@farmstand/shared/tax/classes';
import { classRatePercent, STATE_SALES_TAX } from '@farmstand/shared/tax/rates';
import { csvText } from '../../lib/csv';
import { tenderCents } from '../benefits';
import { itemAmounts } from '../orders';
import type { Sale } from './books.repository';

/**
 * The books as files (issue 50 item 3, decision 586), built from the same sales rows: every amount
 * is whole cents until it is written. A sale's goods are its lines and delivery fee
 * (`orders.total_cents`), its total adds the tax; exempt is what was not taxable, as the stand's
 * day books count it (stand.books.ts).
 */

/**
 * Excel reads a CSV as UTF-8 only with the byte-order mark; the imports of QuickBooks and Xero are
 * given none. It is added when a file is sent, never stored: PGlite drops a leading U+FEFF from text.
 */
export const BOM = '\uFEFF';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A sale's amounts in cents, and what each tender paid. */
export function saleAmounts({ order, tenders }: Pick<Sale, 'order' | 'tenders'>) {
  const paid = tenderCents(tenders);

  return {
    goodsCents: order.totalCents,
    taxableCents: order.taxableCents,
    exemptCents: order.totalCents - order.taxableCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents + order.taxCents,
    paid,
    paidCents: sum(TENDER_KINDS.map((k) => paid[k])),
  };
}

/** A rate's taxable sales and tax, in cents. */
export type RateFigures = { taxableCents: number; taxCents: number };

/**
 * A sale's taxable sales and tax at each of its state's rates (decision 586): each taxed line's own
 * taxable part and tax at its class's rate. Lines sold before their taxable part was kept (migration
 * 0045) share what the sale kept as taxable in proportion to their tax: exact in a state of one rate.
 */
export function saleRates(sale: Pick<Sale, 'order' | 'items'>, state: StateCode | null): Map<number, RateFigures> {
  const rates = new Map<number, RateFigures>();
  if (!state) return rates;
  const rateOf = (taxClass: string | null) =>
    taxClass && (TAX_CLASSES as readonly string[]).includes(taxClass) ? classRatePercent(state, taxClass as TaxClass) : 0;
  const taxed = sale.items.filter((item) => rateOf(item.taxClass) > 0);
  const known = sum(taxed.map((item) => item.taxableCents ?? 0));
  const unknown = taxed.filter((item) => item.taxableCents === null);
  const shares = allocateCents(
    Math.max(0, sale.order.taxableCents - known),
    unknown.map((item) => item.taxCents),
  );
  for (const item of taxed) {
    const rate = rateOf(item.taxClass);
    const at = rates.get(rate) ?? { taxableCents: 0, taxCents: 0 };
    at.taxableCents += item.taxableCents ?? shares[unknown.indexOf(item)];
    at.taxCents += item.taxCents;
    rates.set(rate, at);
  }
  return rates;
}

const money = (cents: number) => centsText(cents);
const weightsText = (item: Sale['items'][number]) =>
  item.weights && item.weights.length > 0 ? `${item.weights.join('; ')} ${item.weightUnit ?? ''}`.trim() : '';

const ORDERS_HEADER = [
  'Row',
  'Date',
  'Order',
  'Source',
  'Place',
  'Customer',
  'Product',
  'Variant',
  'Quantity',
  'Unit',
  'Unit price',
  'Weights',
  'Goods',
  'Delivery fee',
  'Taxable',
  'Exempt',
  'Tax',
  'Total',
  ...TENDER_KINDS.map((k) => TENDER_LABELS[k]),
  'Paid',
  'Market fee',
];

/**
 * The orders file: an "Order" row per sale (goods without the delivery fee, the fee, taxable,
 * exempt, tax, total, each tender used, paid, the market's basket fee), then a "Line" row per line
 * (quantity, unit price, the packs' weights, the line's amount and tax). Filter by the first column
 * to add up either.
 */
export function ordersCsv(sales: Sale[]): string {
  const rows: (string | number)[][] = [ORDERS_HEADER];
  for (const sale of sales) {
    const { order } = sale;
    const a = saleAmounts(sale);
    const who = [
      order.windowDate,
      order.id,
      order.source === 'stand' ? 'Stand sale' : 'Pickup',
      order.pointName,
      order.shopperName,
    ];
    rows.push([
      'Order',
      ...who,
      '',
      '',
      '',
      '',
      '',
      '',
      money(a.goodsCents - order.deliveryFeeCents),
      money(order.deliveryFeeCents),
      money(a.taxableCents),
      money(a.exemptCents),
      money(a.taxCents),
      money(a.totalCents),
      ...TENDER_KINDS.map((k) => money(a.paid[k])),
      money(a.paidCents),
      money(order.marketFeeCents),
    ]);
    for (const item of sale.items) {
      rows.push([
        'Line',
        ...who,
        item.productName,
        item.variantName ?? '',
        item.quantity,
        item.weightUnit ?? item.priceUnit ?? '',
        money(item.unitPriceCents),
        weightsText(item),
        money(itemAmounts(item).estimateCents),
        '',
        '',
        '',
        money(item.taxCents),
        '',
        ...TENDER_KINDS.map(() => ''),
        '',
        '',
      ]);
    }
  }
  return csvText(rows);
}

/** The sales of each local date, in date order. */
function byDay(sales: Sale[]): [string, Sale[]][] {
  const days = new Map<string, Sale[]>();
  for (const sale of sales) days.set(sale.order.windowDate, [...(days.get(sale.order.windowDate) ?? []), sale]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * QuickBooks Online's journal-entry import (Settings › Import data › Journal entries): one balanced
 * entry per day — each tender used debited to its account, what no tender recorded to Undeposited
 * Funds, the taxable and the exempt sales and the tax collected credited — the daily batch summary
 * that keeps the ledger clean (one entry a day, not one per shopper).
 */
export function quickbooksCsv(sales: Sale[]): string {
  const rows: (string | number)[][] = [
    ['Journal No', 'Journal Date', 'Account Name', 'Debits', 'Credits', 'Description', 'Name'],
  ];
  for (const [date, daySales] of byDay(sales)) {
    const amounts = daySales.map(saleAmounts);
    const no = `FS-${date.replaceAll('-', '')}-${Math.min(...daySales.map((s) => s.order.id))}`;
    const count = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;
    const line = (account: string, debit: number, credit: number, description: string) =>
      rows.push([no, usDate(date), account, debit > 0 ? money(debit) : '', credit > 0 ? money(credit) : '', description, '']);
    for (const kind of TENDER_KINDS) {
      const paid = amounts.filter((a) => a.paid[kind] > 0);
      if (paid.length > 0)
        line(
          QUICKBOOKS_TENDER_ACCOUNTS[kind],
          sum(paid.map((a) => a.paid[kind])),
          0,
          `${TENDER_LABELS[kind]}, ${count(paid.length)}`,
        );
    }
    const unpaid = sum(amounts.map((a) => a.totalCents)) - sum(amounts.map((a) => a.paidCents));
    if (unpaid > 0) line(QUICKBOOKS_ACCOUNTS.unrecorded, unpaid, 0, 'Paid at pickup, tender not recorded');
    if (unpaid < 0) line(QUICKBOOKS_ACCOUNTS.unrecorded, 0, -unpaid, 'Tenders recorded beyond the sales’ total');
    const taxable = sum(amounts.map((a) => a.taxableCents));
    const exempt = sum(amounts.map((a) => a.exemptCents));
    const tax = sum(amounts.map((a) => a.taxCents));
    if (taxable > 0) line(QUICKBOOKS_ACCOUNTS.sales, 0, taxable, `Taxable sales, Farmstand ${date}`);
    if (exempt > 0) line(QUICKBOOKS_ACCOUNTS.sales, 0, exempt, `Exempt sales, Farmstand ${date}`);
    if (tax > 0) line(QUICKBOOKS_ACCOUNTS.tax, 0, tax, `Sales tax collected, Farmstand ${date}`);
  }
  return csvText(rows);
}

const XERO_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
];

/**
 * Xero's sales invoice import (Business › Invoices › Import), its own template's columns: an
 * invoice per sale (FS-<order>, dated and due the day it was paid), a row per line with its tax
 * amount (tax exclusive), the delivery fee as a line; a weighed line is one line of its amount, its
 * packs' weights in the description.
 */
export function xeroCsv(sales: Sale[], state: string): string {
  const rows: (string | number)[][] = [XERO_HEADER];
  for (const sale of sales) {
    const { order } = sale;
    const row = (description: string, quantity: number, unitCents: number, taxCents: number, sku = '') =>
      rows.push([
        order.shopperName,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        `FS-${order.id}`,
        order.pointName,
        usDate(order.windowDate),
        usDate(order.windowDate),
        sku,
        description,
        quantity,
        money(unitCents),
        '',
        XERO_SALES_ACCOUNT,
        taxCents > 0 ? xeroSalesTax(state) : XERO_EXEMPT_TAX,
        money(taxCents),
        '',
        '',
        '',
        '',
        'USD',
        '',
      ]);
    let lines = 0;
    for (const item of sale.items) {
      const amount = itemAmounts(item).estimateCents;
      if (amount === 0 && item.taxCents === 0) continue;
      lines += amount;
      const name = lineName(item.productName, item.variantName);
      if (item.weightUnit !== null) row(`${name} (${weightsText(item)})`, 1, amount, item.taxCents);
      else row(name, item.quantity, item.unitPriceCents, item.taxCents);
    }
    if (order.deliveryFeeCents > 0) row('Delivery fee', 1, order.deliveryFeeCents, 0);
    // Never expected: the order's total is its lines and fee (orderAmounts); kept so the file adds up to the ledger.
    const rest = order.totalCents - lines - order.deliveryFeeCents;
    if (rest !== 0) row('Adjustment', 1, rest, 0);
  }
  return csvText(rows);
}

/** The tax quarter: a row per month, then the quarter; the receipts with tax are what the return's line 1 asks. */
export function taxSummaryCsv(summary: TaxSummary, farmName: string): string {
  const form = summary.state ? STATE_SALES_TAX[summary.state].returnForm : null;
  const row = (label: string, m: TaxSummary['total']) => [
    label,
    money(m.grossCents),
    money(m.taxableCents),
    money(m.exemptCents),
    money(m.snapPaidCents),
    money(m.taxCents),
    money(m.grossCents + m.taxCents),
  ];
  return (
    BOM +
    csvText([
      [
        `${summary.state ?? ''} sales tax, ${farmName}`.trim(),
        `${summary.year} Q${summary.quarter}`,
        `Months in ${summary.timeZone}`,
        form ? `For ${form.form}, ${form.title}` : 'Set your farm’s state to see its return',
      ],
      ['Month', 'Gross sales', 'Taxable sales', 'Exempt sales', 'SNAP-paid sales', 'Tax collected', 'Receipts with tax'],
      ...summary.months.map((m) => row(m.month, m)),
      row('Quarter', summary.total),
      // A state of two rates (Tennessee): the quarter's taxable sales and tax at each, as its return asks.
      ...(summary.total.byRate.length > 1
        ? summary.total.byRate.map((r) => [
            `Quarter at ${r.ratePercent} %`,
            '',
            money(r.taxableCents),
            '',
            '',
            money(r.taxCents),
            '',
          ])
        : []),
    ])
  );
}
