import { describe, expect, it } from 'vitest';
import { isInspectedCategory, meatListingViolation } from './meat-rules';

const listing = (over: Partial<Parameters<typeof meatListingViolation>[0]> = {}) => ({
  category: 'meat',
  inspection: 'usda' as const,
  establishment_number: 'EST. 45678',
  ...over,
});

describe('meat and poultry listing rules', () => {
  it('accepts USDA- or state-inspected cuts with the establishment number of the legend', () => {
    expect(meatListingViolation(listing())).toBeNull();
    expect(meatListingViolation(listing({ inspection: 'state', establishment_number: '1234' }))).toBeNull();
    expect(meatListingViolation(listing({ category: 'poultry', establishment_number: 'P-45678' }))).toBeNull();
  });

  it('asks how meat or poultry was inspected when it does not say', () => {
    for (const category of ['meat', 'poultry']) {
      const broken = meatListingViolation(listing({ category, inspection: null, establishment_number: null }));
      expect(broken?.path).toBe('inspection');
      expect(broken?.message).toMatch(/USDA inspected or state inspected/);
    }
  });

  it('needs the establishment number for inspected meat, and one with digits', () => {
    for (const missing of [null, '', '   ']) {
      const broken = meatListingViolation(listing({ establishment_number: missing }));
      expect(broken?.path).toBe('establishment_number');
      expect(broken?.message).toMatch(/establishment number from the inspection legend/);
    }
    const words = meatListingViolation(listing({ inspection: 'state', establishment_number: 'inspected' }));
    expect(words?.path).toBe('establishment_number');
    expect(words?.message).toMatch(/has digits/);
  });

  it('refuses custom-exempt retail cuts and says what to sell instead', () => {
    for (const category of ['meat', 'poultry']) {
      const broken = meatListingViolation(listing({ category, inspection: 'custom_exempt', establishment_number: null }));
      expect(broken?.path).toBe('inspection');
      expect(broken?.message).toMatch(/Not for Sale/);
      expect(broken?.message).toMatch(/share of a live animal/);
    }
  });

  it('keeps the poultry producer exemption to poultry, without an establishment number', () => {
    expect(
      meatListingViolation(listing({ category: 'poultry', inspection: 'poultry_exempt', establishment_number: null })),
    ).toBeNull();
    const beef = meatListingViolation(listing({ inspection: 'poultry_exempt', establishment_number: null }));
    expect(beef?.message).toMatch(/poultry only/);
    const numbered = meatListingViolation(listing({ category: 'poultry', inspection: 'poultry_exempt' }));
    expect(numbered?.path).toBe('establishment_number');
    expect(numbered?.message).toMatch(/no establishment number/);
  });

  it('refuses inspection fields on other categories and passes them without', () => {
    expect(meatListingViolation({ category: 'eggs', inspection: null, establishment_number: null })).toBeNull();
    expect(meatListingViolation({ category: 'eggs', inspection: 'usda', establishment_number: null })?.message).toMatch(
      /meat and poultry only/,
    );
    expect(meatListingViolation({ category: 'jellies', inspection: null, establishment_number: 'EST. 1' })?.path).toBe(
      'inspection',
    );
  });

  it('names meat and poultry as the inspected categories', () => {
    expect(isInspectedCategory('meat')).toBe(true);
    expect(isInspectedCategory('poultry')).toBe(true);
    expect(isInspectedCategory('eggs')).toBe(false);
  });
});
