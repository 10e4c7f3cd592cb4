import { describe, expect, it } from 'vitest';
import {
  type LabelProducer,
  type LabelProduct,
  labelChecklist,
  missingLabelFields,
  STATE_LABEL_RULES,
  splitTopLevel,
  stateRuleNotice,
} from './rules';

const producer: LabelProducer = {
  farm_name: 'Hill Farm',
  address: '1 Pike Rd',
  city: 'Paris',
  state: 'KY',
  zip: '40361',
  phone: null,
};
const jam: LabelProduct = {
  name: 'Peach Jam',
  category: 'jellies',
  net_quantity: 8,
  net_unit: 'oz',
  ingredient_list: ['peaches', 'sugar'],
  ingredients: null,
  allergens: [],
  allergens_confirmed_absent: [],
};

describe('label checklist', () => {
  it('is complete for a Kentucky jam with weight and ingredients', () => {
    expect(missingLabelFields(jam, producer)).toEqual([]);
  });

  it('names the net quantity and the ingredients when they are missing', () => {
    expect(missingLabelFields({ ...jam, net_quantity: null, net_unit: null, ingredient_list: [] }, producer)).toEqual([
      'net_quantity',
      'ingredients',
    ]);
  });

  it('needs no ingredient list for whole eggs, and takes the free-text ingredients when there is no list', () => {
    expect(missingLabelFields({ ...jam, category: 'eggs', ingredient_list: [] }, producer)).toEqual([]);
    expect(missingLabelFields({ ...jam, ingredient_list: [], ingredients: 'peaches, sugar' }, producer)).toEqual([]);
  });

  it('asks a Tennessee producer for a phone number and says the wording is unconfirmed', () => {
    const tennessee = { ...producer, state: 'TN' as const };
    expect(missingLabelFields(jam, tennessee)).toEqual(['phone']);
    expect(missingLabelFields(jam, { ...tennessee, phone: '(615) 555-0100' })).toEqual([]);
    expect(stateRuleNotice('TN')).toContain("check your state's rules");
    expect(stateRuleNotice('KY')).toBeNull();
    expect(labelChecklist(jam, tennessee).map((item) => item.field)).toContain('statement');
  });

  it("prints West Virginia's statute statement with its phone number and no notice", () => {
    const westVirginia = { ...producer, state: 'WV' as const, phone: null };
    expect(missingLabelFields(jam, westVirginia)).toEqual(['phone']);
    expect(STATE_LABEL_RULES.WV.statement).toBe(
      'This product was produced at a private residence that is exempt from State licensing and inspection. This product may contain allergens.',
    );
    expect(stateRuleNotice('WV')).toBeNull();
    expect(stateRuleNotice('IN')).toContain("check your state's rules");
  });

  it('ticks only what was filled in: the processing date, the statement, an unneeded list and unanswered allergens are open, with why', () => {
    const blank = {
      name: '',
      category: 'other' as const,
      net_quantity: null,
      net_unit: null,
      ingredient_list: [],
      ingredients: null,
      allergens: [],
      allergens_confirmed_absent: [],
    };
    const states = (product: typeof blank | typeof jam) =>
      Object.fromEntries(labelChecklist(product, producer).map((item) => [item.field, item.state]));
    expect(states(blank)).toEqual({
      common_name: 'missing',
      operation_name: 'filled',
      operation_address: 'filled',
      net_quantity: 'missing',
      ingredients: 'missing',
      allergens: 'open',
      processing_date: 'open',
      statement: 'open',
    });
    // Nothing open counts as missing: a label prints without them.
    expect(missingLabelFields(blank, producer)).toEqual(['common_name', 'net_quantity', 'ingredients']);
    const eggs = { ...blank, name: 'Eggs', category: 'eggs' as const, net_quantity: 12, net_unit: 'count' as const };
    expect(states(eggs)).toMatchObject({ ingredients: 'open', allergens: 'open' });
    expect(labelChecklist(eggs, producer).find((item) => item.field === 'ingredients')?.hint).toBe(
      'Not needed for a single-ingredient food.',
    );
    expect(states({ ...eggs, allergens: ['eggs'] })).toMatchObject({ allergens: 'filled' });
    expect(states(jam)).toMatchObject({ ingredients: 'filled', allergens: 'filled', processing_date: 'open' });
  });

  it('counts allergens as missing while an allergen the ingredients imply is neither ticked nor confirmed absent', () => {
    const cookie = { ...jam, name: 'Peanut Cookie', ingredient_list: ['wheat flour', 'butter', 'eggs', 'peanuts'] };
    expect(missingLabelFields(cookie, producer)).toEqual(['allergens']);
    expect(labelChecklist(cookie, producer).find((item) => item.field === 'allergens')?.hint).toContain('wheat (wheat flour)');
    expect(missingLabelFields({ ...cookie, allergens: ['wheat', 'milk', 'eggs', 'peanuts'] }, producer)).toEqual([]);
    expect(
      missingLabelFields({ ...cookie, allergens: ['wheat', 'eggs', 'peanuts'], allergens_confirmed_absent: ['milk'] }, producer),
    ).toEqual([]);
  });

  it('splits free-text ingredients on commas outside brackets', () => {
    expect(splitTopLevel('flour (wheat, malted barley), water, salt')).toEqual(['flour (wheat, malted barley)', 'water', 'salt']);
  });
});
