import type { Catalog } from './estimate';

/** Lexington's booth: SNAP $1 tokens, card $5 tokens, WIC coupons; Double Dollars match SNAP and WIC 100 %, $25 cap, $1 tokens. */
export function boothCatalog(overrides: Partial<Catalog> = {}): Catalog {
  return {
    market: { id: 1, name: 'Lexington Farmers Market', timeZone: 'America/New_York' },
    today: '2026-06-06',
    isMarketDay: true,
    currencies: [
      { currency: 'snap', label: 'SNAP tokens', tokenCents: 100 },
      { currency: 'credit', label: 'Card tokens', tokenCents: 500 },
      { currency: 'wic_fmnp', label: 'WIC FMNP coupons', tokenCents: 100 },
    ],
    incentive: {
      name: 'Kentucky Double Dollars',
      capCents: 2500,
      matchPercent: 100,
      tokenCents: 100,
      matches: ['snap', 'wic_fmnp'],
    },
    matchedToday: [],
    ...overrides,
  };
}
