import type { MarketPage, MarketSummary } from '@farmstand/shared/schemas/markets';

/** A market as GET /api/markets answers it: Saturdays in Lexington, SNAP and Kentucky Double Dollars at the booth. */
export function testMarket(overrides: Partial<MarketSummary> = {}): MarketSummary {
  return {
    id: 1,
    slug: 'lexington-farmers-market',
    name: 'Lexington Farmers Market',
    city: 'Lexington',
    state: 'KY',
    latitude: 38.0406,
    longitude: -84.5037,
    daysText: ['Saturdays 7 AM–12 PM'],
    nextDate: '2026-12-12',
    vendorCount: 2,
    benefits: {
      snap: true,
      credit: true,
      wicFmnp: false,
      seniorFmnp: true,
      incentive: { name: 'Kentucky Double Dollars', capCents: 2000 },
    },
    distanceMiles: null,
    ...overrides,
  };
}

/** The same market's page, with one vendor offering eggs. */
export function testMarketPage(overrides: Partial<MarketPage> = {}): MarketPage {
  return {
    ...testMarket(),
    description: 'Local farmers every Saturday downtown.',
    address: '215 W Main St',
    zip: '40507',
    timeZone: 'America/New_York',
    seasonStart: '2026-04-04',
    seasonEnd: '2026-12-19',
    upcoming: ['2026-12-12', '2026-12-19'],
    closedDates: ['2030-12-26'],
    vendors: [
      {
        producerId: 7,
        farmName: 'Green Valley Farm',
        city: 'Paris',
        booth: 'B4',
        products: [{ id: 31, name: 'Pasture eggs', price: 6, unit: 'dozen', imageUrl: null }],
      },
    ],
    ...overrides,
  };
}
