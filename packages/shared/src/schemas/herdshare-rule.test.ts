import { describe, expect, it } from 'vitest';
import { mentionsMilkSale, REGULATED_TEXTS, regulatedCategoryViolation } from './products';

// Issue 10 item 9: a herdshare may carry a boarding or care fee only, never a milk price or a milk sale.
describe('herdshare milk-sale rule', () => {
  it.each([
    'Milk $8 per gallon',
    'Fresh raw milk, $4/qt',
    '$10 a gallon for share owners',
    'Raw milk $6 each half gallon',
    'We sell raw milk at the farm',
    'Milk for sale Saturdays',
    'Only $3 per pint',
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
  ])('accepts %j', (text) => {
    expect(mentionsMilkSale(text)).toBe(false);
    expect(regulatedCategoryViolation({ category: 'herdshare', description: text }, 'KY')).toBeNull();
  });

  it('applies to herdshares only', () => {
    expect(regulatedCategoryViolation({ category: 'dairy', description: 'Milk $8 per gallon' }, 'KY')).toBeNull();
  });
});
