import type { BoothEntry } from '@farmstand/shared/schemas/market-office';
import { describe, expect, it } from 'vitest';
import { boothCatalog } from './booth.fixture';
import { capLeft, estimateMatch, withEntries } from './estimate';

const catalog = boothCatalog;

const AT = '2026-06-06T14:00:00.000Z';
const dateOf = (at: string) => at.slice(0, 10);
let n = 0;
const entry = (overrides: Partial<BoothEntry>): BoothEntry => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  at: AT,
  device: 'Booth phone',
  kind: 'issue',
  currency: 'snap',
  amountCents: 2000,
  match: 'auto',
  shopperKey: '4321',
  ...overrides,
});

describe('the booth phone’s match estimate without signal', () => {
  it('matches a SNAP swipe in full while the shopper is under the cap', () => {
    expect(estimateMatch(catalog(), { currency: 'snap', amountCents: 2000, shopperKey: '4321' })).toBe(2000);
  });

  it('gives only what is left of the cap, counting what the shopper was matched today at any phone', () => {
    const kept = catalog({ matchedToday: [{ shopperKey: '4321', matchedCents: 1500 }] });
    expect(estimateMatch(kept, { currency: 'snap', amountCents: 2000, shopperKey: '4321' })).toBe(1000);
    expect(estimateMatch(kept, { currency: 'snap', amountCents: 2000, shopperKey: '9999' })).toBe(2000);
    expect(capLeft(kept, '4321')).toBe(1000);
  });

  it('rounds the match down to whole incentive tokens', () => {
    const twoDollarTokens = catalog({
      incentive: { name: 'Double Dollars', capCents: 2500, matchPercent: 50, tokenCents: 200, matches: ['snap'] },
    });
    // 50 % of $7 is $3.50: one $2 token.
    expect(estimateMatch(twoDollarTokens, { currency: 'snap', amountCents: 700, shopperKey: '4321' })).toBe(200);
  });

  it('matches nothing for a card swipe, without the card’s last four digits, or where the market has no incentive', () => {
    expect(estimateMatch(catalog(), { currency: 'credit', amountCents: 2000, shopperKey: '4321' })).toBe(0);
    expect(estimateMatch(catalog(), { currency: 'snap', amountCents: 2000, shopperKey: null })).toBe(0);
    expect(estimateMatch(catalog({ incentive: null }), { currency: 'snap', amountCents: 2000, shopperKey: '4321' })).toBe(0);
  });

  it('counts the entries this phone queued today toward the cap, so two swipes offline never pass it', () => {
    const kept = withEntries(catalog(), [entry({ match: 2000 })], dateOf);
    expect(estimateMatch(kept, { currency: 'wic_fmnp', amountCents: 1000, shopperKey: '4321' })).toBe(500);
    const again = withEntries(kept, [entry({ match: 500, currency: 'wic_fmnp', amountCents: 1000 })], dateOf);
    expect(capLeft(again, '4321')).toBe(0);
    expect(estimateMatch(again, { currency: 'snap', amountCents: 1000, shopperKey: '4321' })).toBe(0);
  });

  it('counts a queued “auto” entry at its estimate, and ignores returns and entries of another day', () => {
    const kept = withEntries(
      catalog(),
      [
        entry({ match: 'auto', amountCents: 1000 }),
        entry({ kind: 'return', amountCents: 500, match: 0 }),
        entry({ at: '2026-06-05T14:00:00.000Z', match: 2000 }),
      ],
      dateOf,
    );
    expect(kept.matchedToday).toEqual([{ shopperKey: '4321', matchedCents: 1000 }]);
  });
});
