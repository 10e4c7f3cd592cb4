import type { Reconciliation, VendorDayReport, VendorStatements } from '@farmstand/shared/schemas/market-office';
import type { Market, MarketVendors } from '@farmstand/shared/schemas/markets';
import type { z } from 'zod';

/** A market, its vendors and its books as the API answers them, for the office's tests. */

export const testMarket = (over: Partial<Market> = {}): Market => ({
  id: 7,
  slug: 'lexington-farmers-market',
  name: 'Lexington Farmers Market',
  description: 'Saturdays downtown.',
  address: '401 W Main St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  latitude: 38.05,
  longitude: -84.5,
  timeZone: 'America/New_York',
  seasonStart: '2026-04-04',
  seasonEnd: '2026-11-28',
  marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
  closedDates: ['2026-07-04'],
  boothSnap: true,
  boothCredit: true,
  boothWic: false,
  boothSenior: false,
  incentiveId: 'ky_double_dollars',
  matchCapCents: 2000,
  snapTokenCents: 100,
  creditTokenCents: 500,
  feeKind: 'per_day',
  feeCents: 2500,
  feePercentBp: 0,
  feeMinCents: null,
  feeMaxCents: null,
  shareContacts: false,
  basketOn: false,
  basketOpensDays: 6,
  basketClosesHours: 36,
  basketFeeKind: 'none',
  basketFeeCents: 0,
  basketFeePercentBp: 0,
  ...over,
});

export const testVendors = (): z.output<typeof MarketVendors> => ({
  vendors: [
    {
      producerId: 11,
      farmName: 'Bluegrass Greens',
      status: 'applied',
      message: 'We grow greens all season.',
      requestedAt: '2026-11-02T15:00:00.000Z',
      decidedAt: null,
      decisionNote: null,
      fnsNumber: null,
      place: null,
      documents: [
        {
          kind: 'home_processor',
          label: 'Home-based processor registration',
          number: 'HBP-1234',
          expiresOn: '2026-12-20',
          state: 'expiring',
          url: '/api/certifications/41/document',
        },
      ],
      warnings: ['Home-based processor registration expires Dec 20, 2026', 'No FNS number while the market swipes SNAP'],
    },
    {
      producerId: 12,
      farmName: 'Elkhorn Creek Farm',
      status: 'approved',
      message: '',
      requestedAt: '2026-03-01T15:00:00.000Z',
      decidedAt: '2026-03-05T15:00:00.000Z',
      decisionNote: null,
      fnsNumber: '1234567',
      place: { id: 3, name: 'Lexington market stall' },
      documents: [],
      warnings: [],
    },
  ],
});

export const testBooks = (): z.output<typeof Reconciliation> => ({
  from: '2026-04-04',
  to: '2026-11-28',
  currencies: [
    {
      currency: 'snap',
      openingCents: 0,
      issuedCents: 50000,
      returnedCents: 1000,
      redeemedCents: 45000,
      outstandingCents: 4000,
      balanceCents: 0,
    },
    {
      currency: 'incentive',
      openingCents: 0,
      issuedCents: 20000,
      returnedCents: 0,
      redeemedCents: 21000,
      outstandingCents: 0,
      balanceCents: -1000,
    },
  ],
  discrepancies: [
    {
      marketDate: '2026-10-03',
      producerId: 12,
      farmName: 'Elkhorn Creek Farm',
      currency: 'snap',
      kind: 'not_counted',
      expectedCents: 3000,
      actualCents: 0,
      message: 'Reported $30.00, not counted yet',
    },
  ],
});

export const testStatements = (): z.output<typeof VendorStatements> => ({
  statements: [
    {
      producerId: 12,
      farmName: 'Elkhorn Creek Farm',
      from: '2026-04-04',
      to: '2026-11-28',
      days: [
        {
          marketDate: '2026-10-03',
          attended: true,
          salesCents: 40000,
          feeCents: 2500,
          reimbursed: { snap: 3000, credit: 0, incentive: 2000, wic_fmnp: 0, senior_fmnp: 0 },
        },
      ],
      feeCents: 2500,
      basketFeeCents: 0,
      basketSalesCents: 0,
      reimbursedCents: 5000,
      netCents: 2500,
    },
  ],
});

export const testVendorDay = (): z.output<typeof VendorDayReport> => ({
  marketDate: '2026-10-03',
  attended: true,
  salesCents: 40000,
  redemptions: {
    snap: { reportedCents: 3000, countedCents: null },
    credit: { reportedCents: 0, countedCents: null },
    incentive: { reportedCents: 2000, countedCents: null },
    wic_fmnp: { reportedCents: 0, countedCents: null },
    senior_fmnp: { reportedCents: 0, countedCents: null },
  },
  fromRegister: { salesCents: 39000, redemptions: { snap: 3000, credit: 0, incentive: 2000, wic_fmnp: 0, senior_fmnp: 0 } },
  source: 'vendor',
});
