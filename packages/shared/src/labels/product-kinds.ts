import type { ProductCategory } from '../constants/catalog';
import type { Inspection } from '../schemas/products';
import { acidifiedFoodWord } from './seller-types';

/**
 * The kind of a product decides which questions it is asked (decision 550). It is known from the
 * category, and for meat from whether it is a share of a live animal: no separate question, so a
 * listing cannot say "produce" in one place and "cottage food" in another.
 *
 * - fresh: raw produce, sold as grown. No ingredients, allergens, label or "made under".
 * - cottage: foods made or packed by the farm (home-kitchen foods, eggs, honey, dairy…): the
 *   label maker's questions (ingredients, allergens, net quantity, made under, the checklist).
 * - meat: retail meat and poultry from an inspected plant (decision 511): inspection and
 *   establishment number; ingredients and allergens as on the plant's label; no home-food label.
 * - share: a share of a live animal (decision 512): its terms and how it is processed.
 */
export const PRODUCT_KINDS = ['fresh', 'cottage', 'meat', 'share'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  fresh: 'Fresh produce',
  cottage: 'Cottage and packaged foods',
  meat: 'Meat and poultry',
  share: 'Share of a live animal',
};

/** The categories of each kind, in the order the form lists them (a share is a Meat product). */
export const KIND_CATEGORIES: Record<Exclude<ProductKind, 'share'>, readonly ProductCategory[]> = {
  fresh: ['produce'],
  cottage: ['baked_goods', 'bread', 'jellies', 'preserved_foods', 'honey', 'eggs', 'dairy', 'herdshare', 'pet_food', 'other'],
  meat: ['meat', 'poultry'],
};

/** The kind of a product of this category; `isShare` only counts for Meat (decision 512). */
export function productKind(category: string, isShare: boolean): ProductKind {
  if (category === 'meat' && isShare) return 'share';
  if ((KIND_CATEGORIES.meat as readonly string[]).includes(category)) return 'meat';
  if ((KIND_CATEGORIES.fresh as readonly string[]).includes(category)) return 'fresh';
  return 'cottage';
}

/** Which of the food questions each kind is asked; the form shows these and the server refuses the rest. */
export const KIND_QUESTIONS: Record<
  ProductKind,
  {
    ingredients: boolean;
    allergens: boolean;
    netQuantity: boolean;
    madeUnder: boolean;
    labelChecklist: boolean;
    inspection: boolean;
  }
> = {
  fresh: { ingredients: false, allergens: false, netQuantity: false, madeUnder: false, labelChecklist: false, inspection: false },
  cottage: { ingredients: true, allergens: true, netQuantity: true, madeUnder: true, labelChecklist: true, inspection: false },
  meat: { ingredients: true, allergens: true, netQuantity: false, madeUnder: false, labelChecklist: false, inspection: true },
  share: { ingredients: false, allergens: false, netQuantity: false, madeUnder: false, labelChecklist: false, inspection: true },
};

/** One line under the category: what this kind is asked, so a missing question is not a surprise. */
export const KIND_HINTS: Record<ProductKind, string> = {
  fresh: 'Fresh produce is sold as grown: no ingredients, allergens or label questions.',
  cottage: 'Made or packed by you: ingredients, allergens and the label checklist follow.',
  meat: 'From an inspected plant: say how it was inspected; the plant’s label is the label.',
  share: 'A share of a live animal, sold before slaughter: its terms and how it is processed.',
};

/** The kind's name in a sentence: "Fresh produce", "A share of a live animal"… */
const KIND_SUBJECT: Record<ProductKind, string> = {
  fresh: 'Fresh produce',
  cottage: 'A cottage or packaged food',
  meat: 'Meat and poultry',
  share: 'A share of a live animal',
};

/** Where the asked question lives, for the message: the category to choose instead. */
const ELSEWHERE = 'choose a category of cottage and packaged foods (baked goods, jellies, preserved foods…)';

type KindFields = {
  category: string;
  name?: string | null;
  description?: string | null;
  share?: unknown;
  ingredients?: string | null;
  ingredient_list: readonly string[];
  allergens: readonly string[];
  allergens_confirmed_absent: readonly string[];
  net_quantity: number | null;
  net_unit: string | null;
  seller_type: string;
};

/**
 * A field sent that the product's kind does not ask (decision 550): refused, naming the field and
 * what to do, like every other product rule (decision 531: nothing is dropped silently). The seller
 * type's default (home_processor) is what "not asked" stores; only the Kentucky microprocessor, a
 * choice, is refused outside cottage and packaged foods.
 */
export function productKindViolation(p: KindFields): { path: string; message: string } | null {
  const kind = productKind(p.category, p.share != null);
  const asks = KIND_QUESTIONS[kind];
  const subject = KIND_SUBJECT[kind];
  // Pickles, salsa, canned goods are made, not grown: they are asked how (decision 381). "Pickling cucumbers" are produce.
  const made = kind === 'fresh' ? acidifiedFoodWord({ ...p, ingredients: null }) : null;
  if (made && made !== 'pickling')
    return {
      path: 'category',
      message: `"${made}" makes this a preserved food, not fresh produce: choose Preserved foods, which asks what it is made of and under which law`,
    };
  if (!asks.ingredients && (p.ingredient_list.length > 0 || (p.ingredients ?? '').trim() !== ''))
    return { path: 'ingredient_list', message: `${subject} takes no ingredient list: clear it, or ${ELSEWHERE}` };
  if (!asks.allergens && (p.allergens.length > 0 || p.allergens_confirmed_absent.length > 0))
    return { path: 'allergens', message: `${subject} takes no allergens: clear them, or ${ELSEWHERE}` };
  if (!asks.netQuantity && (p.net_quantity !== null || p.net_unit !== null))
    return {
      path: 'net_quantity',
      message: `${subject} takes no label net quantity: clear it (say what the price buys in the price unit), or ${ELSEWHERE}`,
    };
  if (!asks.madeUnder && p.seller_type !== 'home_processor')
    return { path: 'seller_type', message: `“Made under” applies to cottage and packaged foods only: clear it, or ${ELSEWHERE}` };
  return null;
}

/** The inspections a listing may choose (decision 511, 512): custom exempt for shares only, the poultry exemption for poultry. */
export function inspectionOptions(category: string, isShare: boolean): Inspection[] {
  const kind = productKind(category, isShare);
  if (kind === 'share') return ['custom_exempt', 'usda', 'state'];
  if (kind !== 'meat') return [];
  return category === 'poultry' ? ['usda', 'state', 'poultry_exempt'] : ['usda', 'state'];
}
