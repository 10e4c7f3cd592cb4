import { describe, expect, it } from 'vitest';
import { type BoothLine, type RedemptionLine, reconcile } from './reconcile';

const issue = (
  marketDate: string,
  currency: BoothLine['currency'],
  amountCents: number,
  matchCents = 0,
  overCapCents = 0,
): BoothLine => ({
  marketDate,
  kind: 'issue',
  currency,
  amountCents,
  matchCents,
  overCapCents,
  shopperKey: '1234',
});
const back = (marketDate: string, currency: BoothLine['currency'], amountCents: number): BoothLine => ({
  ...issue(marketDate, currency, amountCents),
  kind: 'return',
  shopperKey: null,
});
const redeemed = (
  marketDate: string,
  currency: RedemptionLine['currency'],
  reportedCents: number,
  countedCents: number | null,
): RedemptionLine => ({
  marketDate,
  producerId: 7,
  farmName: 'Blue Door Farm',
  currency,
  reportedCents,
  countedCents,
});

describe('the market’s books (decision 582)', () => {
  it('balances issued − returned − redeemed − outstanding per currency, from what shoppers held before the range', () => {
    const books = reconcile({
      from: '2030-06-15',
      to: '2030-06-22',
      booth: [issue('2030-06-08', 'snap', 2000, 1000), issue('2030-06-15', 'snap', 1500, 1000), back('2030-06-22', 'snap', 300)],
      redemptions: [
        redeemed('2030-06-08', 'snap', 1500, 1500),
        redeemed('2030-06-15', 'snap', 1200, 1000),
        redeemed('2030-06-15', 'incentive', 800, null),
      ],
      registers: [],
    });
    const snap = books.currencies.find((c) => c.currency === 'snap');
    expect(snap).toEqual({
      currency: 'snap',
      openingCents: 500,
      issuedCents: 1500,
      returnedCents: 300,
      redeemedCents: 1000,
      outstandingCents: 700,
      balanceCents: 0,
    });
    expect(books.currencies.find((c) => c.currency === 'incentive')).toMatchObject({
      openingCents: 1000,
      issuedCents: 1000,
      redeemedCents: 800,
      outstandingCents: 1200,
    });
    expect(books.discrepancies.map((d) => [d.kind, d.currency, d.expectedCents, d.actualCents])).toEqual([
      ['count_differs', 'snap', 1200, 1000],
      ['not_counted', 'incentive', 800, 0],
    ]);
    expect(books.discrepancies[0].message).toBe('Blue Door Farm reported $12.00 of SNAP tokens; the market counted $10.00');
  });

  it('lists a match over the cap, a report off the register, and more redeemed than issued', () => {
    const books = reconcile({
      from: '2030-06-15',
      to: '2030-06-15',
      booth: [issue('2030-06-15', 'wic_fmnp', 1000, 1000, 400)],
      redemptions: [redeemed('2030-06-15', 'wic_fmnp', 1200, 1200)],
      registers: [
        {
          marketDate: '2030-06-15',
          producerId: 7,
          farmName: 'Blue Door Farm',
          redemptions: { snap: 0, credit: 0, incentive: 0, wic_fmnp: 1000, senior_fmnp: 0 },
        },
      ],
    });
    expect(books.currencies.find((c) => c.currency === 'wic_fmnp')).toMatchObject({ outstandingCents: 0, balanceCents: -200 });
    expect(books.discrepancies.map((d) => [d.kind, d.currency, d.producerId, d.expectedCents, d.actualCents])).toEqual([
      ['over_cap', 'incentive', null, 600, 1000],
      ['redeemed_exceeds_issued', 'wic_fmnp', null, 1000, 1200],
      ['register_differs', 'wic_fmnp', 7, 1000, 1200],
    ]);
  });
});
