import { describe, expect, it } from 'vitest';
import { PROGRAMME_REPORT_COLUMNS, PROGRAMME_REPORT_SOURCES, programmeReport } from './programme-report';

describe('the programme’s report (decision 583)', () => {
  it('states each column with its label and where its figure comes from, and cites its sources', () => {
    for (const column of PROGRAMME_REPORT_COLUMNS) {
      expect(column.label.length).toBeGreaterThan(0);
      expect(column.source.length).toBeGreaterThan(10);
    }
    expect(new Set(PROGRAMME_REPORT_COLUMNS.map((c) => c.key)).size).toBe(PROGRAMME_REPORT_COLUMNS.length);
    for (const source of PROGRAMME_REPORT_SOURCES) expect(source.url).toMatch(/^https:\/\//);
  });

  it('adds a month’s booth, redemptions and vendor days into one row, customers once per card per market day', () => {
    const line = { kind: 'issue' as const, overCapCents: 0 };
    const { rows, totals } = programmeReport({
      marketDates: ['2030-06-08', '2030-06-15', '2030-07-06'],
      booth: [
        { ...line, marketDate: '2030-06-08', currency: 'snap', amountCents: 1000, matchCents: 1000, shopperKey: '1111' },
        { ...line, marketDate: '2030-06-08', currency: 'snap', amountCents: 500, matchCents: 400, shopperKey: '1111' },
        { ...line, marketDate: '2030-06-15', currency: 'senior_fmnp', amountCents: 500, matchCents: 400, shopperKey: '1111' },
        { ...line, marketDate: '2030-06-15', currency: 'credit', amountCents: 2000, matchCents: 0, shopperKey: null },
        {
          ...line,
          marketDate: '2030-06-15',
          kind: 'return',
          currency: 'snap',
          amountCents: 200,
          matchCents: 0,
          shopperKey: null,
        },
      ],
      redemptions: [
        { marketDate: '2030-06-08', currency: 'snap', reportedCents: 900, countedCents: 800 },
        { marketDate: '2030-07-06', currency: 'incentive', reportedCents: 400, countedCents: null },
      ],
      vendorDays: [
        { marketDate: '2030-06-08', producerId: 1, attended: true, salesCents: 10_000 },
        { marketDate: '2030-06-15', producerId: 1, attended: true, salesCents: 5000 },
        { marketDate: '2030-06-15', producerId: 2, attended: false, salesCents: 0 },
        { marketDate: '2030-07-06', producerId: 2, attended: true, salesCents: 7000 },
      ],
    });
    expect(rows[0]).toEqual({
      month: '2030-06',
      marketDays: 2,
      vendors: 1,
      vendorSalesCents: 15_000,
      customers: 2,
      snapTransactions: 2,
      snapIssuedCents: 1300,
      snapRedeemedCents: 800,
      incentiveIssuedCents: 1800,
      incentiveRedeemedCents: 0,
      wicIssuedCents: 0,
      wicRedeemedCents: 0,
      seniorIssuedCents: 500,
      seniorRedeemedCents: 0,
    });
    expect(rows[1]).toMatchObject({ month: '2030-07', marketDays: 1, vendors: 1, incentiveRedeemedCents: 400 });
    expect(totals).toMatchObject({ month: 'Season', marketDays: 3, vendors: 2, vendorSalesCents: 22_000, customers: 2 });
  });
});
