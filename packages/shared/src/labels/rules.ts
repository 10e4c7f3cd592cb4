import type { ProductCategory, StateCode } from '../constants/catalog';
import { describeImplied, undeclaredAllergens } from './allergens';

/**
 * What a home producer's label must show, by the producer's state and the product's category
 * (sources and what could not be confirmed: docs/decisions/180). Shared so the product
 * form's checklist, the admin's label-ready flag and the PDF refuse for the same reasons.
 */

export { MAJOR_ALLERGENS, type MajorAllergen } from './allergens';

/** Units for the net quantity: weight, volume or a count. */
export const NET_UNITS = ['oz', 'lb', 'g', 'kg', 'fl oz', 'pt', 'qt', 'gal', 'ml', 'l', 'count'] as const;
export type NetUnit = (typeof NET_UNITS)[number];
export const NET_UNIT_LABELS: Record<NetUnit, string> = {
  oz: 'ounces (oz)',
  lb: 'pounds (lb)',
  g: 'grams (g)',
  kg: 'kilograms (kg)',
  'fl oz': 'fluid ounces (fl oz)',
  pt: 'pints (pt)',
  qt: 'quarts (qt)',
  gal: 'gallons (gal)',
  ml: 'millilitres (mL)',
  l: 'litres (L)',
  count: 'count (pieces)',
};

/** The fields a label can require; the checklist and the PDF's refusals name them with these labels. */
export const LABEL_FIELDS = [
  'common_name',
  'operation_name',
  'operation_address',
  'phone',
  'net_quantity',
  'ingredients',
  'allergens',
  'processing_date',
  'statement',
] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];
export const LABEL_FIELD_NAMES: Record<LabelField, string> = {
  common_name: 'Product name',
  operation_name: 'Farm name',
  operation_address: 'Farm address',
  phone: 'Phone number',
  net_quantity: 'Net quantity',
  ingredients: 'Ingredients',
  allergens: 'Allergens',
  processing_date: 'Processing date',
  statement: 'Home-produced statement',
};

export type StateLabelRule = {
  /** Printed on every label of that state, never below STATEMENT_MIN_PT. */
  statement: string;
  /** Fields the state's law asks for (allergens are always declared when present: federal rule). */
  fields: LabelField[];
  /** False where the wording could not be confirmed from the statute: the screen says to check. */
  confirmed: boolean;
  source: string;
};

export const STATEMENT_MIN_PT = 10;

const KENTUCKY_STATEMENT = 'This product is home-produced and processed';
/** W. Va. Code 19-35-6(c)(4), word for word; Tenn. Code Ann. 53-1-118 as quoted by its readers. */
const FOOD_FREEDOM_STATEMENT =
  'This product was produced at a private residence that is exempt from State licensing and inspection. This product may contain allergens.';
const KENTUCKY_FIELDS: LabelField[] = [
  'common_name',
  'operation_name',
  'operation_address',
  'net_quantity',
  'ingredients',
  'allergens',
  'processing_date',
  'statement',
];

export const STATE_LABEL_RULES: Record<StateCode, StateLabelRule> = {
  KY: { statement: KENTUCKY_STATEMENT, fields: KENTUCKY_FIELDS, confirmed: true, source: 'KRS 217.136(3)' },
  OH: {
    statement: 'This product is home produced.',
    fields: KENTUCKY_FIELDS,
    confirmed: true,
    source: 'Ohio Revised Code 3715.023',
  },
  IN: {
    statement:
      'This product is home produced and processed and the production area has not been inspected by the Indiana Department of Health. NOT FOR RESALE.',
    fields: KENTUCKY_FIELDS,
    confirmed: false,
    source: 'Indiana Code 16-42-5.3-5',
  },
  // Tennessee and West Virginia enacted the same model "food freedom" text; West Virginia's statute
  // was read in full, Tennessee's only through quotations (docs/decisions/180 and 220).
  TN: {
    statement: FOOD_FREEDOM_STATEMENT,
    fields: [...KENTUCKY_FIELDS, 'phone'],
    confirmed: false,
    source: 'Tenn. Code Ann. 53-1-118',
  },
  WV: {
    statement: FOOD_FREEDOM_STATEMENT,
    fields: [...KENTUCKY_FIELDS, 'phone'],
    confirmed: true,
    source: 'W. Va. Code 19-35-6(c)',
  },
};

/** Shown on screen (never on the label) where a state's rule could not be confirmed. */
export function stateRuleNotice(state: StateCode): string | null {
  const rule = STATE_LABEL_RULES[state];
  if (rule.confirmed) return null;
  return `We could not confirm every wording of ${rule.source} from the statute itself. These labels carry the Kentucky-style fields and the statement as it is published: check your state's rules before you sell.`;
}

/** Whole foods with one ingredient (a dozen eggs, a head of lettuce) need no ingredient list. */
const SINGLE_INGREDIENT_CATEGORIES: ProductCategory[] = ['eggs', 'produce', 'honey', 'meat', 'poultry', 'herdshare'];

/** Category lines printed on the label besides the state's statement (spec 02 §3, docs/decisions/031). */
export const CATEGORY_LABEL_LINES: Partial<Record<ProductCategory, string>> = {
  pet_food: 'For pet consumption only',
  herdshare: 'Herd share: for share owners only. Not a sale of milk.',
};

export type LabelProduct = {
  name: string;
  category: ProductCategory;
  net_quantity: number | null;
  net_unit: NetUnit | null;
  ingredient_list: string[];
  ingredients: string | null;
  allergens: string[];
  allergens_confirmed_absent: string[];
};

export type LabelProducer = {
  farm_name: string;
  address: string;
  city: string;
  state: StateCode;
  zip: string;
  phone: string | null;
};

/** The ingredients in label order: the ordered list, or the free text split on top-level commas. */
export function labelIngredients(product: Pick<LabelProduct, 'ingredient_list' | 'ingredients'>): string[] {
  if (product.ingredient_list.length > 0) return product.ingredient_list;
  return splitTopLevel(product.ingredients ?? '');
}

/** "flour (wheat, malt), water" → ['flour (wheat, malt)', 'water']: commas inside brackets stay. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(' || char === '[') depth++;
    if ((char === ')' || char === ']') && depth > 0) depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * How the checklist shows a field: `filled` (ticked: it holds what the producer entered), `missing`
 * (refused at print until filled in), or `open`: nothing to fill in here, and its hint says why (the
 * processing date is chosen when printing, the statement is printed for you, a single-ingredient
 * food needs no list, allergens wait for the ingredients). Only `filled` is ticked (issue 44).
 */
export type LabelItemState = 'filled' | 'missing' | 'open';

export type LabelChecklistItem = { field: LabelField; label: string; ok: boolean; state: LabelItemState; hint?: string };

/**
 * Every field the producer's state asks for, with whether a label prints (`ok`) and what the
 * checklist shows (`state`). The processing date is chosen per batch when printing and the
 * statement is printed for you, so neither stops a label nor is ticked; allergens pass when every
 * allergen the ingredients imply is declared or confirmed absent, and are ticked once answered.
 */
export function labelChecklist(product: LabelProduct, producer: LabelProducer): LabelChecklistItem[] {
  const rule = STATE_LABEL_RULES[producer.state];
  const needsIngredients = !SINGLE_INGREDIENT_CATEGORIES.includes(product.category);
  const listed = labelIngredients(product).length > 0;
  const allergensAnswered = listed || product.allergens.length > 0 || product.allergens_confirmed_absent.length > 0;
  const open: Partial<Record<LabelField, string>> = {
    processing_date: 'Chosen for each batch when you print.',
    statement: "Printed for you, in your state's wording.",
    ...(needsIngredients || listed ? {} : { ingredients: 'Not needed for a single-ingredient food.' }),
    ...(allergensAnswered
      ? {}
      : { allergens: 'Tick each major allergen it contains; checked against the ingredients once listed.' }),
  };
  const checks: Record<LabelField, { ok: boolean; hint?: string }> = {
    common_name: { ok: product.name.trim().length > 0 },
    operation_name: { ok: producer.farm_name.trim().length > 0 },
    operation_address: {
      ok: [producer.address, producer.city, producer.zip].every((part) => part.trim().length > 0),
      hint: 'Set your farm address on the Farm Profile tab.',
    },
    phone: { ok: Boolean(producer.phone?.trim()), hint: 'Add a phone number on the Farm Profile tab.' },
    net_quantity: {
      ok: product.net_quantity !== null && product.net_quantity > 0 && product.net_unit !== null,
      hint: 'Enter the net weight, volume or count with its unit.',
    },
    ingredients: {
      ok: !needsIngredients || labelIngredients(product).length > 0,
      hint: 'List every ingredient, heaviest first.',
    },
    allergens: allergenCheck(product),
    processing_date: { ok: true, hint: 'Chosen for each batch when you print.' },
    statement: { ok: true },
  };
  return rule.fields.map((field) => {
    const { ok, hint } = checks[field];
    const state: LabelItemState = !ok ? 'missing' : open[field] ? 'open' : 'filled';
    return { field, label: LABEL_FIELD_NAMES[field], ok, state, hint: state === 'open' ? open[field] : hint };
  });
}

function allergenCheck(product: LabelProduct): { ok: boolean; hint: string } {
  const missing = undeclaredAllergens({ ...product, ingredients: labelIngredients(product) });
  if (missing.length === 0) return { ok: true, hint: 'Tick every major allergen the product contains.' };
  return { ok: false, hint: `The ingredients suggest ${describeImplied(missing)}: tick or confirm absent.` };
}

/** The names of the missing fields; empty means the product is label-ready. */
export function missingLabelFields(product: LabelProduct, producer: LabelProducer): LabelField[] {
  return labelChecklist(product, producer)
    .filter((item) => !item.ok)
    .map((item) => item.field);
}

/**
 * A product sold by weight (decision 510) states each pack's weighed net weight on its label: the
 * weight the producer entered, in the product's unit; before one is entered, its heaviest pack
 * (the longest text, so the label's fit is judged on it). Other products keep their own.
 */
export function labelOfPack<T extends Pick<LabelProduct, 'net_quantity' | 'net_unit'>>(
  product: T,
  byWeight: { weight_unit: 'lb' | 'oz' | null; pack_max: number | null },
  weight: number | null,
): T {
  if (!byWeight.weight_unit) return product;
  return { ...product, net_quantity: weight ?? byWeight.pack_max, net_unit: byWeight.weight_unit };
}
