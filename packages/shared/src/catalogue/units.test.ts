import { describe, expect, it } from 'vitest';
import { convertWeight, formatAmount, parseAmount } from './units';

describe('amounts as farmers write them', () => {
  it.each([
    ['2 lb', 2, 'lb'],
    ['2 lbs', 2, 'lb'],
    ['2 pounds', 2, 'lb'],
    ['16 oz', 16, 'oz'],
    ['16oz', 16, 'oz'],
    ['12 oz.', 12, 'oz'],
    ['1.5 kg', 1.5, 'kg'],
    ['500g', 500, 'g'],
    ['1/2 lb', 0.5, 'lb'],
    ['1 1/2 lb', 1.5, 'lb'],
    ['½ lb', 0.5, 'lb'],
    ['12 fl. oz', 12, 'fl oz'],
    ['1 pint', 1, 'pt'],
    ['12 ct', 12, 'count'],
    ['1,000 g', 1000, 'g'],
    ['.75 LB', 0.75, 'lb'],
    ['3', 3, null],
  ])('reads %s', (text, amount, unit) => {
    expect(parseAmount(text)).toEqual({ amount, unit });
  });

  it.each(['', 'lb', 'two pounds', '2 bushels', '1/0 lb', '1,5 kg', '2 lb 3 oz'])('refuses %s', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('converts weights to the pack unit, 3 decimals', () => {
    expect(convertWeight(16, 'oz', 'lb')).toBe(1);
    expect(convertWeight(1, 'kg', 'lb')).toBe(2.205);
    expect(convertWeight(500, 'g', 'oz')).toBe(17.637);
    expect(convertWeight(1, 'pt', 'lb')).toBeNull();
  });

  it('writes amounts without trailing zeros', () => {
    expect(formatAmount(16, 'oz')).toBe('16 oz');
    expect(formatAmount(1.5, 'lb')).toBe('1.5 lb');
    expect(formatAmount(0.125, null)).toBe('0.125');
  });
});
