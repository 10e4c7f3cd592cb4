import { describe, expect, it } from 'vitest';
import { quickbooksCsv, saleRates, taxSummaryCsv, xeroCsv } from './books.files';
import type { Sale } from './books.repository';

/** The bookkeeping files from sales rows (decision 586): every journal entry balances, whatever was recorded as paid. */
const order = (id: number, windowDate: string, totalCents: number, taxCents = 0, taxableCents = 0) =>
  ({
    id,
    windowDate,
    totalCents,
    taxCents,
    taxableCents,
    deliveryFeeCents: 0,
    marketFeeCents: 0,
    shopperName: 'Dana Shopper',
    pointName: 'Lexington Farmers Market',
    source: 'online',
  }) as Sale['order'];
const tenders = (cents: Partial<Record<'cashCents' | 'snapCents' | 'cardCents', number>>) =>
  ({
    snapCents: 0,
    wicFmnpCents: 0,
    seniorFmnpCents: 0,
    incentiveCents: 0,
    cashCents: 0,
    cardCents: 0,
    checkCents: 0,
    farmCreditCents: 0,
    otherCents: 0,
    ...cents,
  }) as Sale['tenders'];
const rows = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
const cents = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100));

describe('the QuickBooks Online journal', () => {
  it('debits what no tender recorded to Undeposited Funds, so a pickup paid without tenders still balances', () => {
    const csv = quickbooksCsv([
      { order: order(5, '2030-06-08', 1000), tenders: null, items: [] },
      { order: order(6, '2030-06-08', 2000, 120, 2000), tenders: tenders({ snapCents: 500, cardCents: 1000 }), items: [] },
    ]);
    const lines = rows(csv);
    expect(lines.map((l) => [l[0], l[1], l[2], l[3], l[4]])).toEqual([
      ['FS-20300608-5', '06/08/2030', 'SNAP Receivable', '5.00', ''],
      ['FS-20300608-5', '06/08/2030', 'Card Clearing', '10.00', ''],
      ['FS-20300608-5', '06/08/2030', 'Undeposited Funds', '16.20', ''],
      ['FS-20300608-5', '06/08/2030', 'Sales of Product Income', '', '20.00'],
      ['FS-20300608-5', '06/08/2030', 'Sales of Product Income', '', '10.00'],
      ['FS-20300608-5', '06/08/2030', 'Sales Tax Payable', '', '1.20'],
    ]);
  });

  it('credits tenders recorded beyond the total, and never writes a negative amount', () => {
    const lines = rows(
      quickbooksCsv([{ order: order(7, '2030-06-09', 1000), tenders: tenders({ cashCents: 1500 }), items: [] }]),
    );
    const debits = lines.reduce((a, l) => a + cents(l[3]), 0);
    const credits = lines.reduce((a, l) => a + cents(l[4]), 0);
    expect(debits).toBe(1500);
    expect(credits).toBe(1500);
    expect(lines.flatMap((l) => [l[3], l[4]]).some((v) => v.startsWith('-') || v.startsWith("'"))).toBe(false);
  });

  it('is the header alone when there is nothing new', () => {
    expect(quickbooksCsv([])).toBe('Journal No,Journal Date,Account Name,Debits,Credits,Description,Name\r\n');
    expect(xeroCsv([], 'KY').split('\r\n')[0].startsWith('*ContactName,')).toBe(true);
  });
});

describe('the sales-tax quarter file', () => {
  const month = { grossCents: 1000, taxableCents: 400, exemptCents: 600, snapPaidCents: 0, taxCents: 16, byRate: [] };
  const summary = (state: 'KY' | 'TN' | null) => ({
    year: 2030,
    quarter: 2,
    timeZone: 'America/Chicago',
    state,
    months: [{ month: '2030-04', ...month }],
    total: month,
  });
  const firstRow = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n')[0];

  it('names the return of the farm’s own state', () => {
    expect(firstRow(taxSummaryCsv(summary('TN'), 'Cumberland Farm'))).toBe(
      '"TN sales tax, Cumberland Farm",2030 Q2,Months in America/Chicago,"For Form SLS 450, State and Local Sales and Use Tax Return"',
    );
    expect(firstRow(taxSummaryCsv(summary('KY'), 'Bluegrass Farm'))).toContain('For Form 51A102, Sales and Use Tax Return');
  });

  it('asks for the farm’s state when its profile has none, naming no state’s form', () => {
    const row = firstRow(taxSummaryCsv(summary(null), 'Nowhere Farm'));
    expect(row).toContain('Set your farm’s state to see its return');
    expect(row).not.toContain('Form');
  });
});

describe('taxable sales by rate', () => {
  const line = (taxClass: string | null, taxableCents: number | null, taxCents: number) =>
    ({ taxClass, taxableCents, taxCents }) as Sale['items'][number];

  it('splits a Tennessee sale into food at 4 % and the rest at 7 %, each line by its own taxable part', () => {
    const sale = {
      order: order(1, '2030-06-05', 2500, 75, 1500),
      items: [line('food', 1000, 40), line('candy', 500, 35), line(null, null, 0)],
    };
    expect(saleRates(sale, 'TN')).toEqual(
      new Map([
        [4, { taxableCents: 1000, taxCents: 40 }],
        [7, { taxableCents: 500, taxCents: 35 }],
      ]),
    );
    expect(saleRates(sale, null)).toEqual(new Map());
  });

  it('shares what a sale kept as taxable among lines sold before their own part was kept, by their tax', () => {
    const sale = { order: order(2, '2030-06-05', 1500, 75, 1500), items: [line('food', null, 40), line('candy', null, 35)] };
    expect(saleRates(sale, 'TN')).toEqual(
      new Map([
        [4, { taxableCents: 800, taxCents: 40 }],
        [7, { taxableCents: 700, taxCents: 35 }],
      ]),
    );
    const kentucky = { order: order(3, '2030-06-05', 1500, 60, 1000), items: [line('candy', null, 60), line('food', null, 0)] };
    expect(saleRates(kentucky, 'KY')).toEqual(new Map([[6, { taxableCents: 1000, taxCents: 60 }]]));
  });

  it('writes the quarter at each rate when the state has two', () => {
    const month = {
      grossCents: 2500,
      taxableCents: 1500,
      exemptCents: 1000,
      snapPaidCents: 0,
      taxCents: 75,
      byRate: [
        { ratePercent: 4, taxableCents: 1000, taxCents: 40 },
        { ratePercent: 7, taxableCents: 500, taxCents: 35 },
      ],
    };
    const csv = taxSummaryCsv(
      {
        year: 2030,
        quarter: 2,
        timeZone: 'America/Chicago',
        state: 'TN',
        months: [{ month: '2030-06', ...month }],
        total: month,
      },
      'Cumberland Farm',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.slice(-2)).toEqual(['Quarter at 4 %,,10.00,,,0.40,', 'Quarter at 7 %,,5.00,,,0.35,']);
  });
});
