import type { ProductCategory } from '../constants/catalog';
import type { TaxClass } from './classes';

/**
 * A product's tax class from a few questions a farmer can answer (issue 47, decision 574). The
 * definitions are the Streamlined Sales and Use Tax Agreement's, which Kentucky adopted in
 * KRS 139.485 and the neighbours in their own codes: "food and food ingredients" is what people eat
 * or drink for taste or nutrition, and it does not include candy, soft drinks or prepared food.
 * Prepared food is food sold heated, sold with utensils the seller provides, or two or more
 * ingredients mixed or combined by the seller for sale as one item; bakery items sold without
 * utensils, food only cut, repackaged or pasteurized, and raw meat, poultry, fish and eggs the
 * shopper cooks are not prepared food. The order of the questions is the law's: what is not food is
 * never food; prepared food is taxed whatever else it is; then soft drinks and candy.
 */

export type TaxAnswers = {
  /** Not eaten or drunk by people: soap, candles, crafts, cut flowers, yarn, pet food, plants. */
  notFood: boolean;
  /** Sold hot, or warmed by you (a hot cider, a warm pie). */
  soldHeated: boolean;
  /** You hand out plates, forks, spoons, napkins, cups or straws with it. */
  withUtensils: boolean;
  /**
   * You mix or combine two or more ingredients and sell them as one item ready to eat (a sandwich,
   * fresh salsa, a salad, a fruit tray). Not: only cut, washed, repackaged or pasteurized; raw meat,
   * sausage or eggs the shopper cooks; jarred or canned goods made as a registered food processor
   * and sold without utensils (jam, pickles, cheese: the manufacturer exception, decision 574).
   */
  mixedBySeller: boolean;
  /** A bakery item: bread, rolls, biscuits, muffins, pies, cakes, cookies, bars, tortillas. */
  bakeryItem: boolean;
  /** Sweets in bars, drops or pieces: fudge, brittle, caramels, candied nuts, honey candy. */
  candy: boolean;
  /** It contains flour (then a sweet is not candy). */
  containsFlour: boolean;
  /** It must be kept refrigerated (then a sweet is not candy). */
  needsRefrigeration: boolean;
  /** A sweetened drink without alcohol (lemonade, sweet tea, soda). */
  softDrink: boolean;
  /** The drink contains milk (or soy, rice or similar milk) or is more than half fruit or vegetable juice. */
  milkOrHalfJuice: boolean;
};

export const NO_TAX_ANSWERS: TaxAnswers = {
  notFood: false,
  soldHeated: false,
  withUtensils: false,
  mixedBySeller: false,
  bakeryItem: false,
  candy: false,
  containsFlour: false,
  needsRefrigeration: false,
  softDrink: false,
  milkOrHalfJuice: false,
};

/** The questions in the order a farmer reads them, with the words the editor shows. */
export const TAX_QUESTIONS: readonly { key: keyof TaxAnswers; label: string; hint: string }[] = [
  {
    key: 'notFood',
    label: 'It is not food people eat or drink',
    hint: 'Soap, candles, crafts, cut flowers, plants, yarn, pet food.',
  },
  { key: 'soldHeated', label: 'Sold hot or warmed by you', hint: 'Hot cider, a warm pie, roasted corn.' },
  {
    key: 'withUtensils',
    label: 'Sold with plates, forks, napkins or cups you hand out',
    hint: 'A slice on a plate with a fork.',
  },
  {
    key: 'mixedBySeller',
    label: 'You mix two or more ingredients into one item',
    hint: 'A sandwich, fresh salsa, a salad, a fruit tray. Not: only cut, washed or repackaged; raw meat or eggs to cook; jars you put up as a registered processor (jam, pickles).',
  },
  { key: 'bakeryItem', label: 'A bakery item', hint: 'Bread, rolls, biscuits, muffins, pies, cakes, cookies, bars.' },
  { key: 'candy', label: 'Candy: sweets in bars, drops or pieces', hint: 'Fudge, brittle, caramels, candied nuts.' },
  { key: 'containsFlour', label: 'Contains flour', hint: 'A sweet with flour is not candy.' },
  { key: 'needsRefrigeration', label: 'Needs refrigeration', hint: 'A sweet kept cold is not candy.' },
  { key: 'softDrink', label: 'A sweetened drink', hint: 'Lemonade, sweet tea, soda.' },
  {
    key: 'milkOrHalfJuice',
    label: 'The drink has milk, or is more than half juice',
    hint: 'Chocolate milk, 100 % apple cider: not a soft drink.',
  },
];

export type TaxClassAnswer = { taxClass: TaxClass; reason: string };

/** The class the answers make, and why in plain words (Kentucky's statute; the neighbours use the same definitions). */
export function taxClassFor(answers: Partial<TaxAnswers>): TaxClassAnswer {
  const a = { ...NO_TAX_ANSWERS, ...answers };
  if (a.notFood)
    return {
      taxClass: 'non_food',
      reason: 'Not food: only food people eat or drink is exempt (KRS 139.485(2)); other goods are taxed (KRS 139.200).',
    };
  if (a.soldHeated)
    return { taxClass: 'prepared_food', reason: 'Prepared food: sold heated or heated by the seller (KRS 139.485(3)(f)).' };
  if (a.withUtensils)
    return {
      taxClass: 'prepared_food',
      reason: 'Prepared food: sold with plates, utensils, napkins or cups the seller provides (KRS 139.485(3)(f)).',
    };
  if (a.mixedBySeller && !a.bakeryItem)
    return {
      taxClass: 'prepared_food',
      reason: 'Prepared food: two or more ingredients mixed or combined by the seller as one item (KRS 139.485(3)(f)).',
    };
  if (a.softDrink && !a.milkOrHalfJuice)
    return { taxClass: 'soft_drink', reason: 'Soft drink: a sweetened drink without alcohol (KRS 139.485(3)(e)).' };
  if (a.candy && !a.containsFlour && !a.needsRefrigeration)
    return {
      taxClass: 'candy',
      reason:
        'Candy: sweetener with other ingredients in bars, drops or pieces, without flour or refrigeration (KRS 139.485(3)(c)).',
    };
  if (a.softDrink)
    return {
      taxClass: 'food',
      reason: 'Food: a drink with milk or more than half juice is not a soft drink (KRS 139.485(3)(e)); food is exempt.',
    };
  if (a.candy)
    return {
      taxClass: 'food',
      reason: `Food: a sweet ${a.containsFlour ? 'with flour' : 'that needs refrigeration'} is not candy (KRS 139.485(3)(c)); food is exempt.`,
    };
  if (a.mixedBySeller)
    return {
      taxClass: 'food',
      reason: 'Food: a bakery item sold without utensils is not prepared food (KRS 139.485(3)(f)); food is exempt.',
    };
  return {
    taxClass: 'food',
    reason: 'Food for people, sold unheated, without utensils and not mixed by the seller: exempt (KRS 139.485(1)).',
  };
}

/**
 * The answers a product of a category starts with, before its farmer says otherwise: what most of
 * the category's products are. "Other" is mostly crafts (soap, candles, flowers, yarn): not food;
 * pet food is not food for people; a herd share's fee is food (the milk of the shopper's own animal).
 * Jams, jellies and preserves start as food: jars put up under a food-processing registration and
 * sold without utensils fall under the manufacturer exception (decision 574).
 */
export function defaultTaxAnswers(category: ProductCategory | string): TaxAnswers {
  if (category === 'other' || category === 'pet_food') return { ...NO_TAX_ANSWERS, notFood: true };
  if (category === 'bread' || category === 'baked_goods') return { ...NO_TAX_ANSWERS, bakeryItem: true };
  return NO_TAX_ANSWERS;
}

/** The class an existing product of a category gets (migration 0038 writes the same in SQL). */
export const defaultTaxClass = (category: ProductCategory | string): TaxClass =>
  taxClassFor(defaultTaxAnswers(category)).taxClass;

/** Each class in words, as the editor and receipts name it. */
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  food: 'Food',
  candy: 'Candy',
  soft_drink: 'Soft drink',
  prepared_food: 'Prepared food',
  non_food: 'Not food',
};

/**
 * Answers that give a stored class back, for the editor of a saved product (only the class is
 * stored): its category's own answers when they give it, else the one answer that makes it.
 */
export function answersForClass(taxClass: TaxClass, category: ProductCategory | string): TaxAnswers {
  const own = defaultTaxAnswers(category);
  if (taxClassFor(own).taxClass === taxClass) return own;
  const one: Record<TaxClass, Partial<TaxAnswers>> = {
    food: {},
    candy: { candy: true },
    soft_drink: { softDrink: true },
    prepared_food: { mixedBySeller: true },
    non_food: { notFood: true },
  };
  return { ...NO_TAX_ANSWERS, ...one[taxClass] };
}
