import { describe, expect, it } from 'vitest';
import { standingLineText } from './standing.presenter';

type Offer = {
  name: string;
  priceCents: number | null;
  priceUnit: string | null;
  weightUnit: 'lb' | 'oz' | null;
  packMin: number | null;
  packMax: number | null;
};
const offer = (name: string, extra: Partial<Offer> = {}): Offer => ({
  name,
  priceCents: 400,
  priceUnit: null,
  weightUnit: null,
  packMin: null,
  packMax: null,
  ...extra,
});

describe('a standing line in mails and skip pages', () => {
  const names = {
    products: new Map([
      [1, offer('Heirloom tomatoes')],
      [2, offer('Farm Fresh Eggs', { priceUnit: 'dozen' })],
    ]),
    variants: new Map([[10, offer('Two-pound pack', { weightUnit: 'lb', packMin: 1.5, packMax: 2.5 })]]),
  };

  it('writes a by-weight line as packs with their weight range, never as a bare count', () => {
    expect(standingLineText(names, { productId: 1, variantId: 10, quantity: 2 })).toBe(
      '2 packs × 1.5–2.5 lb (3–5 lb) Heirloom tomatoes (Two-pound pack)',
    );
  });

  it('writes a counted line in its own unit, and a product no longer on sale by a placeholder', () => {
    expect(standingLineText(names, { productId: 2, variantId: null, quantity: 2 })).toBe('2 dozen Farm Fresh Eggs');
    expect(standingLineText(names, { productId: 99, variantId: null, quantity: 1 })).toBe('1 × A product');
  });
});
