import type { ProductCategory, StateCode } from '../constants/catalog';

/**
 * Under which law a product is made and sold, and which foods that law rules out, by state
 * (docs/decisions/381). Shared so the product form warns with the same message the server refuses with.
 */
export const SELLER_TYPES = ['home_processor', 'home_microprocessor'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

export const SELLER_TYPE_LABELS: Record<SellerType, string> = {
  home_processor: "Home kitchen, under my state's home-food law",
  home_microprocessor: 'Kentucky home-based microprocessor (approved recipes)',
};

/** Seller types a state's law knows; the home-food exemption everywhere, the microprocessor in Kentucky only. */
export const SELLER_TYPES_BY_STATE: Record<StateCode, SellerType[]> = {
  KY: ['home_processor', 'home_microprocessor'],
  OH: ['home_processor'],
  IN: ['home_processor'],
  TN: ['home_processor'],
  WV: ['home_processor'],
};

type AcidifiedLimit = { who: string; source: string };

/**
 * Where a state's home-food law rules out acidified and low-acid canned foods for home sellers.
 * Tennessee's Food Freedom Act sets no such limit that we could read (docs/decisions/381).
 */
const ACIDIFIED_LIMITS: Partial<Record<StateCode, AcidifiedLimit>> = {
  KY: { who: 'Kentucky home-based processors', source: 'KRS 217.136(2)' },
  OH: { who: 'Ohio cottage food operations', source: 'Ohio Revised Code 3715.025(A), OAC 901:3-20-05(B)' },
  IN: { who: 'Indiana home-based vendors', source: 'Indiana Code 16-42-5.3-4(2)' },
  WV: { who: 'West Virginia home sellers without a farmers market vendor permit', source: 'W. Va. Code 19-35-5(d)' },
};

/** Categories whose goods may be pickled, canned or acidified; jams and jellies are excluded by definition (21 CFR 114.3(b)). */
const CANNED_GOODS_CATEGORIES: ProductCategory[] = ['preserved_foods', 'produce', 'other'];

/** Words that make a food acidified (acid added to a low-acid food) or a canned acid or low-acid food. */
const ACIDIFIED_WORDS =
  /\b(?:pickled?|pickles|pickling|salsas?|relish(?:es)?|chow[\s-]?chow|dilly|vinegar|citric acid|lemon juice|lime juice|canned|canning|pressure[\s-]canned)\b/i;
/** Fermented foods are not acidified foods (21 CFR 114.3(b)): traditional sauerkraut and brined pickles. */
const FERMENTED = /\b(?:ferment(?:ed|ation)?|lacto[\s-]?fermented)\b/i;

type FoodText = { category: string; name?: string | null; description?: string | null; ingredients?: string | null };

/** The word that makes this an acidified or canned food, or null. */
export function acidifiedFoodWord(product: FoodText): string | null {
  if (!CANNED_GOODS_CATEGORIES.includes(product.category as ProductCategory)) return null;
  const text = [product.name, product.description, product.ingredients].filter(Boolean).join(' \n ');
  if (FERMENTED.test(text)) return null;
  return ACIDIFIED_WORDS.exec(text)?.[0].toLowerCase() ?? null;
}

/** The first rule of the seller type that the product breaks in the producer's state, or null. */
export function sellerTypeViolation(product: FoodText & { seller_type: SellerType }, state: StateCode): string | null {
  if (!SELLER_TYPES_BY_STATE[state].includes(product.seller_type)) {
    return `${SELLER_TYPE_LABELS[product.seller_type]} is a Kentucky registration (KRS 217.137, 902 KAR 45:090); choose your state's home-food law instead.`;
  }
  if (product.seller_type === 'home_microprocessor') return null;
  const limit = ACIDIFIED_LIMITS[state];
  const word = acidifiedFoodWord(product);
  if (!limit || !word) return null;
  const way =
    state === 'KY'
      ? 'Sell it as a Kentucky home-based microprocessor with an approved recipe (KRS 217.137, 902 KAR 45:090), or remove it.'
      : 'It needs a licensed or permitted kitchen, which this label maker does not cover.';
  return `${limit.who} may not make acidified or canned acid and low-acid foods (${limit.source}), and "${word}" makes this one. ${way}`;
}
