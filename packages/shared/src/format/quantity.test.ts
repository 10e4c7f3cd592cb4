import { describe, expect, it } from 'vitest';
import { formatLineQuantity, formatOrderLine, formatPackQuantity, packingUnit, totalWeight } from './quantity';

describe('formatPackQuantity', () => {
  it('joins a count-style unit to its number: "2 × 18-count"', () => {
    expect(formatPackQuantity(2, '18 count')).toBe('2 × 18-count');
    expect(formatPackQuantity(3, '8 oz jar')).toBe('3 × 8-oz jar');
    expect(formatPackQuantity(1, '12 fl oz bottle')).toBe('1 × 12-fl-oz bottle');
  });

  it('reads a plain unit after its number ("3 lb", "1 dozen"), a sized package after "×"', () => {
    expect(formatPackQuantity(3, 'lb')).toBe('3 lb');
    expect(formatPackQuantity(1, 'dozen')).toBe('1 dozen');
    expect(formatPackQuantity(2, 'half dozen')).toBe('2 half dozen');
  });
  it('writes a plain unit in the plural for more than one, and measures that stay alike as they are', () => {
    expect(formatPackQuantity(2, 'bunch')).toBe('2 bunches');
    expect(formatPackQuantity(1, 'bunch')).toBe('1 bunch');
    expect(formatPackQuantity(3, 'quart')).toBe('3 quarts');
    expect(formatPackQuantity(2, 'loaf')).toBe('2 loaves');
    expect(formatPackQuantity(2, 'box')).toBe('2 boxes');
    expect(formatPackQuantity(4, 'lb')).toBe('4 lb');
    expect(formatPackQuantity(4, 'oz')).toBe('4 oz');
    expect(formatPackQuantity(2, 'dozen')).toBe('2 dozen');
    expect(formatPackQuantity(2, 'pints')).toBe('2 pints');
    expect(formatPackQuantity(5, '9-inch pie')).toBe('5 × 9-inch pie');
  });

  it('drops a leading "per" and treats "each" or no unit as a bare count', () => {
    expect(formatPackQuantity(2, 'per dozen')).toBe('2 dozen');
    expect(formatPackQuantity(4, 'each')).toBe('4');
    expect(formatPackQuantity(4, null)).toBe('4');
    expect(formatPackQuantity(4, '  ')).toBe('4');
  });

  it('tidies spacing in a unit', () => {
    expect(packingUnit('  16   oz   jar ')).toBe('16-oz jar');
  });
});

const byWeight = (quantity: number, min: number, max: number, unit: 'lb' | 'oz' = 'lb') => ({
  quantity,
  price_unit: unit,
  weight_unit: unit,
  pack_min: min,
  pack_max: max,
});

describe('formatLineQuantity', () => {
  it('counts by-weight packs with their weight range and the total weight, never packs as pounds', () => {
    expect(formatLineQuantity(byWeight(2, 1.5, 2.5))).toBe('2 packs × 1.5–2.5 lb (3–5 lb)');
    expect(formatLineQuantity(byWeight(1, 9, 11))).toBe('1 pack × 9–11 lb');
    expect(formatLineQuantity(byWeight(3, 1.3, 1.6))).toBe('3 packs × 1.3–1.6 lb (3.9–4.8 lb)');
    expect(formatLineQuantity(byWeight(2, 1.5, 1.5))).toBe('2 packs × 1.5 lb (3 lb)');
    expect(formatLineQuantity(byWeight(4, 12, 16, 'oz'))).toBe('4 packs × 12–16 oz (48–64 oz)');
    expect(formatLineQuantity(byWeight(2, 1.5, 2.5))).not.toMatch(/^2 lb/);
  });

  it('writes weighed packs with their weights and their sum', () => {
    expect(formatLineQuantity({ ...byWeight(2, 1.3, 1.6), weights: [1.42, 1.51] })).toBe(
      '2 packs weighed 1.42, 1.51 lb (2.93 lb)',
    );
    expect(formatLineQuantity({ ...byWeight(1, 9, 11), weights: [10.2] })).toBe('1 pack weighed 10.2 lb');
  });

  it('keeps count-based products in their own unit', () => {
    const count = { quantity: 2, price_unit: '18 count', weight_unit: null, pack_min: null, pack_max: null };
    expect(formatLineQuantity(count)).toBe('2 × 18-count');
    expect(formatLineQuantity({ ...count, price_unit: 'per lb' })).toBe('2 lb');
  });
});

describe('totalWeight', () => {
  it('adds by-weight lines of one unit in that unit', () => {
    expect(totalWeight([byWeight(2, 1.5, 2.5), byWeight(1, 9, 11)])).toBe('12–16 lb');
  });

  it('never adds different units or pieces to a weight', () => {
    expect(totalWeight([byWeight(2, 1.5, 2.5), byWeight(1, 12, 16, 'oz')])).toBeNull();
    expect(
      totalWeight([byWeight(2, 1.5, 2.5), { quantity: 3, price_unit: 'lb', weight_unit: null, pack_min: null, pack_max: null }]),
    ).toBeNull();
    expect(totalWeight([])).toBeNull();
  });
});

describe('formatOrderLine', () => {
  const line = { name: 'Heirloom Tomatoes', variantName: null, priceUnit: null, weightUnit: null, packMin: null, packMax: null };
  it('writes one line with the variant, the pack and its range', () => {
    expect(formatOrderLine({ ...line, quantity: 2, variantName: 'Cherry' })).toBe('2 × Heirloom Tomatoes (Cherry)');
    expect(formatOrderLine({ ...line, quantity: 2, name: 'Brown Eggs', priceUnit: '18 count' })).toBe('2 × 18-count Brown Eggs');
    expect(formatOrderLine({ ...line, quantity: 2, name: 'Pork shoulder', weightUnit: 'lb', packMin: 1.5, packMax: 2.5 })).toBe(
      '2 packs × 1.5–2.5 lb (3–5 lb) Pork shoulder',
    );
  });
});
