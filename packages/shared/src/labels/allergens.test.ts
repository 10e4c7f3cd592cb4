import { describe, expect, it } from 'vitest';
import { declaredMajorAllergens, impliedAllergens, undeclaredAllergens } from './allergens';
import { MAJOR_ALLERGENS } from './rules';

const allergensOf = (words: string[]) => impliedAllergens(words).map((found) => found.allergen);

describe('allergens implied by ingredients', () => {
  it('finds wheat, milk, eggs and peanuts in a peanut cookie', () => {
    expect(impliedAllergens(['wheat flour', 'butter', 'eggs', 'peanuts', 'sugar'])).toEqual([
      { allergen: 'milk', ingredients: ['butter'] },
      { allergen: 'eggs', ingredients: ['eggs'] },
      { allergen: 'peanuts', ingredients: ['peanuts'] },
      { allergen: 'wheat', ingredients: ['wheat flour'] },
    ]);
  });

  it('reads the common words for each major allergen', () => {
    expect(allergensOf(['all-purpose flour'])).toEqual(['wheat']);
    expect(allergensOf(['goat milk'])).toEqual(['milk']);
    expect(allergensOf(['heavy cream', 'cheddar cheese', 'whey'])).toEqual(['milk']);
    expect(allergensOf(['shrimp'])).toEqual(['crustacean shellfish']);
    expect(allergensOf(['anchovies'])).toEqual(['fish']);
    expect(allergensOf(['pecans', 'walnuts'])).toEqual(['tree nuts']);
    expect(allergensOf(['soy lecithin'])).toEqual(['soybeans']);
    expect(allergensOf(['soy sauce'])).toEqual(['wheat', 'soybeans']);
    expect(allergensOf(['tahini'])).toEqual(['sesame']);
  });

  it('does not mistake look-alikes for allergens', () => {
    expect(
      allergensOf([
        'eggplant',
        'buckwheat',
        'nutmeg',
        'apple butter',
        'cocoa butter',
        'coconut milk',
        'cream of tartar',
        'rice flour',
        'butternut squash',
        'doughnut glaze',
        'tomatoes',
        'vinegar',
      ]),
    ).toEqual([]);
    expect(allergensOf(['peanut butter'])).toEqual(['peanuts']);
    expect(allergensOf(['almond milk'])).toEqual(['tree nuts']);
    expect(allergensOf(['almond flour'])).toEqual(['tree nuts']);
  });

  it('reads each major allergen name as declaring itself, and the common words too', () => {
    for (const allergen of MAJOR_ALLERGENS) expect(declaredMajorAllergens([allergen])).toEqual(new Set([allergen]));
    expect(declaredMajorAllergens(['Soy', 'egg', 'almonds', 'mustard'])).toEqual(new Set(['eggs', 'tree nuts', 'soybeans']));
  });

  it('leaves out allergens that are ticked or confirmed absent', () => {
    const cookie = { ingredients: ['wheat flour', 'butter', 'eggs', 'peanuts'], allergens: ['wheat', 'eggs'] };
    expect(undeclaredAllergens({ ...cookie, allergens_confirmed_absent: [] }).map((f) => f.allergen)).toEqual([
      'milk',
      'peanuts',
    ]);
    expect(undeclaredAllergens({ ...cookie, allergens_confirmed_absent: ['milk', 'peanuts'] })).toEqual([]);
  });
});
