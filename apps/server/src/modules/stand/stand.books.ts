import { TENDER_KINDS, TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { centsText } from '@farmstand/shared/format/money';
import type { StandDay, StandDaySale } from '@farmstand/shared/schemas/stand';
import type { orders, orderTenders } from '../../db/schema';
import { csvText } from '../../lib/csv';
import { zonedFormatter } from '../../lib/time';
import { tenderCents } from '../benefits';

type Row = { order: typeof orders.$inferSelect; tenders: typeof orderTenders.$inferSelect | null };

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The day's books (issue 47 item 6, decision 576): each walk-up sale and each pickup handed over
 * that local day, then every total as the sum of those rows, so each reconciles to the cent with the
 * sales: per tender kind (the incentive once per market), cash expected in the box, goods, taxable,
 * exempt, tax. A sale's goods are its lines (a pickup's delivery fee included); its total adds the tax.
 */
export function dayBooks(
  date: string,
  farm: { farmName: string; timeZone: string; fnsNumber: string | null },
  rows: Row[],
): StandDay {
  const sales: (StandDaySale & { market: string | null })[] = rows.map(({ order, tenders }) => {
    const paid = tenderCents(tenders);
    return {
      order_id: order.id,
      kind: order.source === 'stand' ? 'sale' : 'pickup',
      at: (order.source === 'stand' ? order.createdAt : (tenders?.recordedAt ?? order.updatedAt)).toISOString(),
      name: order.shopperName,
      point_name: order.pointName,
      lines_cents: order.totalCents,
      taxable_cents: order.taxableCents,
      exempt_cents: order.totalCents - order.taxableCents,
      tax_cents: order.taxCents,
      total_cents: order.totalCents + order.taxCents,
      paid_cents: sum(TENDER_KINDS.map((k) => paid[k])),
      tenders: paid,
      market: tenders?.incentiveMarket ?? null,
    };
  });
  const tenders: StandDay['tenders'] = [];
  for (const kind of TENDER_KINDS) {
    const paid = sales.filter((s) => s.tenders[kind] > 0);
    const markets = kind === 'incentive' ? [...new Set(paid.map((s) => s.market))] : [null];
    for (const market of markets) {
      const these = kind === 'incentive' ? paid.filter((s) => s.market === market) : paid;
      if (these.length === 0) continue;
      tenders.push({
        kind,
        label: TENDER_LABELS[kind],
        market,
        sales: these.length,
        cents: sum(these.map((s) => s.tenders[kind])),
      });
    }
  }
  const total = (key: 'lines_cents' | 'taxable_cents' | 'exempt_cents' | 'tax_cents' | 'total_cents' | 'paid_cents') =>
    sum(sales.map((s) => s[key]));
  return {
    date,
    farm_name: farm.farmName,
    fns_number: farm.fnsNumber,
    time_zone: farm.timeZone,
    sales_count: sales.filter((s) => s.kind === 'sale').length,
    pickups_count: sales.filter((s) => s.kind === 'pickup').length,
    lines_cents: total('lines_cents'),
    taxable_cents: total('taxable_cents'),
    exempt_cents: total('exempt_cents'),
    tax_cents: total('tax_cents'),
    total_cents: total('total_cents'),
    paid_cents: total('paid_cents'),
    cash_expected_cents: sum(sales.map((s) => s.tenders.cash)),
    tenders,
    sales: sales.map(({ market: _, ...sale }) => sale),
  };
}

const timeFormat = zonedFormatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The day's books as CSV: a line per sale (time in the farm's zone), then the day's totals. */
export function dayBooksCsv(books: StandDay): { filename: string; body: string } {
  const money = (value: number) => centsText(value);
  const header = [
    'Order',
    'Kind',
    'Time',
    'Name',
    'Place',
    'Goods',
    'Taxable',
    'Exempt',
    'Tax',
    'Total',
    ...TENDER_KINDS.map((k) => TENDER_LABELS[k]),
    'Paid',
  ];
  const lines = books.sales.map((s) => [
    s.order_id,
    s.kind === 'sale' ? 'Stand sale' : 'Pickup',
    timeFormat(books.time_zone).format(Date.parse(s.at)),
    s.name,
    s.point_name,
    money(s.lines_cents),
    money(s.taxable_cents),
    money(s.exempt_cents),
    money(s.tax_cents),
    money(s.total_cents),
    ...TENDER_KINDS.map((k) => money(s.tenders[k] ?? 0)),
    money(s.paid_cents),
  ]);
  const byKind = (kind: TenderKind) => sum(books.tenders.filter((t) => t.kind === kind).map((t) => t.cents));
  const totals = [
    'Total',
    `${books.sales_count} sales, ${books.pickups_count} pickups`,
    '',
    '',
    '',
    money(books.lines_cents),
    money(books.taxable_cents),
    money(books.exempt_cents),
    money(books.tax_cents),
    money(books.total_cents),
    ...TENDER_KINDS.map((k) => money(byKind(k))),
    money(books.paid_cents),
  ];
  return { filename: `farmstand-stand-${books.date}.csv`, body: csvText([header, ...lines, totals]) };
}
