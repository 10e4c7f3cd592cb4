import { describe, expect, it } from 'vitest';
import { formatPackQuantity, packingUnit } from './quantity';

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
