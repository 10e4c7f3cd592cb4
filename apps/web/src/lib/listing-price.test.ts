import { describe, expect, it } from 'vitest';
import { listingPrice } from './listing-price';

const piece = { price: 4.5, price_unit: 'dozen', price_from: false, weight_unit: null, pack_min: null, pack_max: null };
const byWeight = { price: 9.99, price_unit: null, price_from: false, weight_unit: 'lb' as const, pack_min: 1.3, pack_max: 1.6 };

describe('the price on cards and lists', () => {
  it('reads a plain price with its unit', () => {
    expect(listingPrice(piece)).toBe('$4.50/dozen');
  });
  it('reads a by-weight price per pound or ounce', () => {
    expect(listingPrice(byWeight)).toBe('$9.99/lb');
    expect(listingPrice({ ...byWeight, weight_unit: 'oz', price: 1.25 })).toBe('$1.25/oz');
  });
  it('says "from" when the variants differ in price', () => {
    expect(listingPrice({ ...piece, price_from: true })).toBe('from $4.50/dozen');
    expect(listingPrice({ ...byWeight, price_from: true })).toBe('from $9.99/lb');
  });
  it('keeps a share\'s "lb hanging weight" on one line', () => {
    expect(listingPrice({ ...piece, price: 4.75, price_unit: 'lb hanging weight' })).toBe('$4.75/lb\u00a0hanging\u00a0weight');
  });
  it('has no price to show when there is none', () => {
    expect(listingPrice({ ...piece, price: null })).toBeNull();
  });
});
