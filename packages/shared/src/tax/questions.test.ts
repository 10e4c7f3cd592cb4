import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '../constants/catalog';
import { TAX_CLASSES, type TaxClass } from './classes';
import {
  answersForClass,
  defaultTaxAnswers,
  defaultTaxClass,
  NO_TAX_ANSWERS,
  TAX_QUESTIONS,
  type TaxAnswers,
  taxClassFor,
} from './questions';
import { isTaxed } from './rates';

type Row = [item: string, answers: Partial<TaxAnswers>, expected: TaxClass, lawReason: string];

/**
 * Kentucky items a farm stand sells, the farmer's answers, the class the law gives them and why
 * (KRS 139.485, the Streamlined definitions Kentucky adopted; KDOR KY-TAM-20-01 on prepared food).
 */
const KENTUCKY_ITEMS: Row[] = [
  ['Tomatoes by the pound', {}, 'food', 'Unprepared food for people: exempt, KRS 139.485(1)'],
  ['Sweet corn by the dozen', {}, 'food', 'Unprepared food: exempt, KRS 139.485(1)'],
  ['Roasted sweet corn served hot', { soldHeated: true }, 'prepared_food', 'Sold heated: prepared food, KRS 139.485(3)(f)1'],
  ['Washed salad greens, one kind', {}, 'food', 'Only washed and bagged, not mixed: food, KRS 139.485(1)'],
  [
    'Spring mix the farm tosses from four greens',
    { mixedBySeller: true },
    'prepared_food',
    'Ingredients combined by the seller as one item: prepared food, KRS 139.485(3)(f)',
  ],
  [
    'Cut watermelon in a clamshell',
    {},
    'food',
    'Food only cut and repackaged by the seller is not prepared food, KRS 139.485(3)(f)',
  ],
  [
    'Fruit tray of melon, berries and grapes',
    { mixedBySeller: true },
    'prepared_food',
    'Two or more foods combined by the seller: prepared food, KRS 139.485(3)(f)',
  ],
  [
    'Fresh salsa made at the stand',
    { mixedBySeller: true },
    'prepared_food',
    'Ingredients mixed by the seller: prepared food, KRS 139.485(3)(f)',
  ],
  ['A dozen eggs', {}, 'food', 'Raw eggs the buyer cooks: food, KRS 139.485(1)'],
  ['Whole pasture-raised chicken', {}, 'food', 'Raw poultry the buyer cooks: food, KRS 139.485(1)'],
  ['Ground beef, frozen', {}, 'food', 'Raw meat the buyer cooks: food, KRS 139.485(1)'],
  [
    'Pork sausage, raw, seasoned',
    {},
    'food',
    'Raw meat with seasoning the buyer must cook is excluded from prepared food, KRS 139.485(3)(f)',
  ],
  [
    'Smoked ham, ready to eat, sliced',
    {},
    'food',
    'A processor-made meat sold unheated without utensils: manufacturer exception, KRS 139.485(3)(f)',
  ],
  [
    'Grilled bratwurst in a bun',
    { soldHeated: true, mixedBySeller: true },
    'prepared_food',
    'Sold heated: prepared food, KRS 139.485(3)(f)1',
  ],
  ['Raw cow milk (herd share)', {}, 'food', 'The milk of a share is food for people: exempt, KRS 139.485(1)'],
  ['Goat cheese', {}, 'food', 'Dairy sold unheated without utensils: food, KRS 139.485(1)'],
  ['Butter', {}, 'food', 'Dairy: food, KRS 139.485(1)'],
  [
    'Chocolate milk',
    { softDrink: true, milkOrHalfJuice: true },
    'food',
    'A drink with milk is not a soft drink, KRS 139.485(3)(e)',
  ],
  ['Lemonade, sweetened', { softDrink: true }, 'soft_drink', 'Sweetened non-alcoholic drink: soft drink, KRS 139.485(3)(e)'],
  [
    'Sweet tea in a bottle',
    { softDrink: true },
    'soft_drink',
    'Sweetened drink without milk or juice: soft drink, KRS 139.485(3)(e)',
  ],
  ['Unsweetened iced tea in a bottle', {}, 'food', 'No sweetener: not a soft drink, food, KRS 139.485(3)(e)'],
  ['Apple cider, 100 % juice, cold', {}, 'food', 'Juice with no added sweetener: food, KRS 139.485(1)'],
  [
    'Apple cider, sweetened, 100 % juice',
    { softDrink: true, milkOrHalfJuice: true },
    'food',
    'More than half juice: not a soft drink, KRS 139.485(3)(e)',
  ],
  [
    'Hot mulled cider by the cup',
    { soldHeated: true, softDrink: true, milkOrHalfJuice: true },
    'prepared_food',
    'Sold heated: prepared food, KRS 139.485(3)(f)1',
  ],
  [
    'Loaf of sourdough bread',
    { bakeryItem: true, mixedBySeller: true, containsFlour: true },
    'food',
    'Bakery item sold without utensils: not prepared food, KRS 139.485(3)(f)',
  ],
  [
    'Blackberry pie, whole',
    { bakeryItem: true, mixedBySeller: true, containsFlour: true },
    'food',
    'Bakery item without utensils: food, KRS 139.485(3)(f)',
  ],
  [
    'Slice of pie on a plate with a fork',
    { bakeryItem: true, mixedBySeller: true, withUtensils: true },
    'prepared_food',
    'Sold with utensils the seller provides: prepared food, KRS 139.485(3)(f)3',
  ],
  [
    'Warm cinnamon rolls',
    { bakeryItem: true, mixedBySeller: true, soldHeated: true },
    'prepared_food',
    'Bakery item sold heated: prepared food, KRS 139.485(3)(f)1',
  ],
  [
    'Chocolate chip cookies, bagged',
    { bakeryItem: true, mixedBySeller: true, containsFlour: true },
    'food',
    'Bakery item without utensils: food, KRS 139.485(3)(f)',
  ],
  [
    'Brownies (bars)',
    { bakeryItem: true, mixedBySeller: true, containsFlour: true, candy: true },
    'food',
    'Bars are a bakery item, and a sweet with flour is not candy, KRS 139.485(3)(c),(f)',
  ],
  [
    'Peanut brittle',
    { candy: true, mixedBySeller: true, bakeryItem: false },
    'prepared_food',
    'Mixed by the seller as one item: prepared food (candy too; both taxed), KRS 139.485(3)(f)',
  ],
  [
    'Bourbon balls from a candy maker (processor)',
    { candy: true },
    'candy',
    'Sweetener with other ingredients in pieces, no flour or refrigeration: candy, KRS 139.485(3)(c)',
  ],
  ['Fudge, boxed', { candy: true }, 'candy', 'Sweet in pieces without flour: candy, KRS 139.485(3)(c)'],
  ['Honey-roasted pecans', { candy: true }, 'candy', 'Nuts in honey in pieces: candy, KRS 139.485(3)(c)'],
  [
    'Chocolate truffles kept cold',
    { candy: true, needsRefrigeration: true },
    'food',
    'A sweet requiring refrigeration is not candy, KRS 139.485(3)(c)2',
  ],
  ['Honey, jar', {}, 'food', 'Honey alone is food, not candy (no other ingredients, not pieces), KRS 139.485(1)'],
  ['Honeycomb', {}, 'food', 'Honey in the comb: food, KRS 139.485(1)'],
  ['Sorghum syrup', {}, 'food', 'Syrup is a food ingredient: exempt, KRS 139.485(1)'],
  [
    'Strawberry jam from a registered processor',
    {},
    'food',
    'Made as a food processor, sold without utensils: the manufacturer exception from prepared food, KRS 139.485(3)(f)',
  ],
  ['Dill pickles, jar', {}, 'food', 'Put up as a food processor, sold unheated without utensils: food, KRS 139.485(3)(f)'],
  ['Dried apple slices', {}, 'food', 'Dried fruit: food, KRS 139.485(2)'],
  ['Pasture-raised lard', {}, 'food', 'Cooking fat: food ingredient, KRS 139.485(2)'],
  ['Goat milk soap', { notFood: true }, 'non_food', 'Not food: taxed as tangible personal property, KRS 139.200'],
  ['Beeswax candles', { notFood: true }, 'non_food', 'Not food: taxed, KRS 139.200'],
  ['Cut flower bouquet', { notFood: true }, 'non_food', 'Flowers are not eaten: taxed, KRS 139.200'],
  ['Wool yarn skein', { notFood: true }, 'non_food', 'A craft good: taxed, KRS 139.200'],
  ['Tomato seedlings', { notFood: true }, 'non_food', 'Plants are not food and food ingredients: taxed, KRS 139.200'],
  ['Raw milk for pets', { notFood: true }, 'non_food', 'Pet food is not food for humans: taxed, KRS 139.485(2)'],
  ['Lavender sachet', { notFood: true }, 'non_food', 'Not food: taxed, KRS 139.200'],
  ['Pumpkin for carving', {}, 'food', 'A pumpkin is sold as food; KRS 139.485(2) reads the kind of item, not its use'],
  [
    'Chicken salad sandwich',
    { mixedBySeller: true },
    'prepared_food',
    'Ingredients combined by the seller as one item: prepared food, KRS 139.485(3)(f)',
  ],
];

describe('tax class from the farmer answers (Kentucky items)', () => {
  it('lists at least 40 Kentucky items, each with its reason in the law', () => {
    expect(KENTUCKY_ITEMS.length).toBeGreaterThanOrEqual(40);
    for (const [item, , , reason] of KENTUCKY_ITEMS) expect(reason, item).toMatch(/KRS 139\.\d+/);
  });

  it.each(KENTUCKY_ITEMS)('%s is %2$s… → %3$s', (_item, answers, expected) => {
    const answer = taxClassFor(answers);
    expect(answer.taxClass).toBe(expected);
    expect(answer.reason).toMatch(/KRS 139\.\d+/);
  });

  it('gives each class a reason in plain words that names it', () => {
    const words: Record<TaxClass, RegExp> = {
      food: /^Food/,
      candy: /^Candy/,
      soft_drink: /^Soft drink/,
      prepared_food: /^Prepared food/,
      non_food: /^Not food/,
    };
    for (const [, answers] of KENTUCKY_ITEMS) {
      const { taxClass, reason } = taxClassFor(answers);
      expect(reason).toMatch(words[taxClass]);
    }
  });

  it('taxes in Kentucky every class but food', () => {
    for (const c of TAX_CLASSES) expect(isTaxed('KY', c)).toBe(c !== 'food');
  });

  it('asks every question the answers have', () => {
    expect(TAX_QUESTIONS.map((q) => q.key).sort()).toEqual(Object.keys(NO_TAX_ANSWERS).sort());
  });
});

describe('default tax class by category', () => {
  it('makes crafts and pet food taxable, every food category food', () => {
    const expected: Record<string, TaxClass> = { other: 'non_food', pet_food: 'non_food' };
    for (const category of PRODUCT_CATEGORIES) expect(defaultTaxClass(category), category).toBe(expected[category] ?? 'food');
  });

  it('starts bread and baked goods as bakery items', () => {
    expect(defaultTaxAnswers('bread').bakeryItem).toBe(true);
    expect(defaultTaxAnswers('baked_goods').bakeryItem).toBe(true);
  });
});

describe('answers for a stored class', () => {
  it('gives back every class for every category, starting from the category’s own answers', () => {
    for (const category of PRODUCT_CATEGORIES)
      for (const taxClass of TAX_CLASSES) expect(taxClassFor(answersForClass(taxClass, category)).taxClass).toBe(taxClass);
    expect(answersForClass('food', 'bread')).toEqual(defaultTaxAnswers('bread'));
  });
});
