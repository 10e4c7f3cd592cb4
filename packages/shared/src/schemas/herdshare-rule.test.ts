import { describe, expect, it } from 'vitest';
import { mentionsMilkSale, REGULATED_TEXTS, regulatedCategoryViolation } from './products';

// A herdshare may carry a boarding or care fee only, never a milk price or a milk sale.
describe('herdshare milk-sale rule', () => {
  it.each([
    'Milk $8 per gallon',
    'Fresh raw milk, $4/qt',
    '$10 a gallon for share owners',
    'Raw milk $6 each half gallon',
    'We sell raw milk at the farm',
    'Milk for sale Saturdays',
    'Only $3 per pint',
    '$8/gal',
    '8 dollars a gallon',
    'Milk per gal, pick up Fridays',
    '$8.50 per gal.',
    'Raw milk available, 8 bucks a gallon',
    'gallon of milk $8',
    'Gallons $8',
    'Milk - $8',
    'milk: 8 dollars',
    'raw milk sales every week',
    '$8/gl',
  ])('refuses %j', (text) => {
    expect(mentionsMilkSale(text)).toBe(true);
    expect(regulatedCategoryViolation({ category: 'herdshare', description: text }, 'KY')).toBe(
      REGULATED_TEXTS.herdshareMilkSale,
    );
    expect(regulatedCategoryViolation({ category: 'herdshare', name: text }, 'KY')).toBe(REGULATED_TEXTS.herdshareMilkSale);
  });

  it.each([
    'Own a share of our Jersey herd. The monthly boarding fee pays for feeding, care and milking; fresh milk is a benefit of ownership and is never sold.',
    'Share owners collect their goats’ milk at the farm.',
    'Galloway beef and a small dairy herd',
    'We do not sell milk; the share pays for boarding.',
    'Milk is not for sale.',
    'Monthly care fee $30 per share',
    'Share of a 5-gallon bucket of feed',
  ])('accepts %j', (text) => {
    expect(mentionsMilkSale(text)).toBe(false);
    expect(regulatedCategoryViolation({ category: 'herdshare', description: text }, 'KY')).toBeNull();
  });

  it('applies to herdshares only', () => {
    expect(regulatedCategoryViolation({ category: 'dairy', description: 'Milk $8 per gallon' }, 'KY')).toBeNull();
  });
});
