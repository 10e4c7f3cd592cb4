/** The nine major US food allergens (FALCPA 2004 and the FASTER Act 2021), as label choices. */
export const MAJOR_ALLERGENS = [
  'milk',
  'eggs',
  'fish',
  'crustacean shellfish',
  'tree nuts',
  'peanuts',
  'wheat',
  'soybeans',
  'sesame',
] as const;
export type MajorAllergen = (typeof MAJOR_ALLERGENS)[number];

/**
 * Which of the nine major allergens an ingredient's words imply (docs/decisions/380). One rule for
 * the product form's suggestions, the server's refusal and the label checklist. Word lists follow
 * the FDA's allergen labeling guidance (Food Allergen Labeling Requirements, Edition 5, 2025: milk
 * and eggs of any domesticated animal, the tree-nut list without coconut); a few common look-alikes
 * (almond milk, peanut butter, apple butter, buckwheat, eggplant) are excluded.
 */

/** Qualifiers that make "milk", "butter", "cream" or "cheese" a plant food. */
const PLANT_DAIRY =
  'almond|cashew|coconut|oat|rice|soy|soya|hemp|pea|flax|macadamia|hazelnut|walnut|peanut|nut|seed|sunflower|cocoa|cacao|shea|apple|pear|peach|plum|pumpkin|fruit|sesame|vegan|plant';
/** Qualifiers of a flour that is not wheat (the nut flours imply tree nuts through their own word). */
const NON_WHEAT_FLOUR =
  'almond|rice|corn|oat|coconut|cassava|tapioca|potato|chickpea|garbanzo|soy|soya|buckwheat|sorghum|millet|teff|quinoa|amaranth|rye|barley|arrowroot|banana|chestnut|hazelnut|bean|pea|lentil|gluten free|gluten-free|acorn|flax|hemp|masa';

const notAfter = (words: string) => String.raw`(?<!\b(?:${words})[\s-]+)`;

const PATTERNS: Record<MajorAllergen, RegExp> = {
  milk: new RegExp(
    String.raw`${notAfter(PLANT_DAIRY)}\b(?:milk|butter|buttermilk|cream|cheese|whey|casein|caseinates?|lactose|yogh?urt|ghee|kefir|curds?|custard|half[\s-]and[\s-]half|ricotta|mozzarella|cheddar|parmesan|paneer|mascarpone|cr[eè]me fra[iî]che|ice cream)s?\b(?![\s-]*of[\s-]+tartar)`,
    'i',
  ),
  eggs: /\b(?:eggs?|egg whites?|egg yolks?|albumen|albumin|meringue|mayonnaise|mayo)\b/i,
  fish: /\b(?:fish|anchov(?:y|ies)|salmon|tuna|cod|trout|catfish|tilapia|halibut|sardines?|mackerel|haddock|pollock|herring|snapper|flounder|swordfish|walleye|perch|worcestershire)\b/i,
  'crustacean shellfish':
    /\b(?:crustaceans?|shellfish|shrimps?|prawns?|crabs?|lobsters?|crayfish|crawfish|crawdads?|langoustines?|krill)\b/i,
  'tree nuts':
    /(?<!\b(?:pea|ground|dough|do)[\s-]*)\b(?:tree nuts?|nuts?|almonds?|walnuts?|pecans?|cashews?|pistachios?|hazelnuts?|filberts?|macadamias?|brazil nuts?|pine nuts?|pignoli|chestnuts?|hickory nuts?|praline|marzipan|gianduja|nut butter)\b(?![\s-]*meg)/i,
  peanuts: /\b(?:peanuts?|groundnuts?|arachis)\b/i,
  wheat: new RegExp(
    String.raw`\b(?:wheat|semolina|durum|spelt|farro|einkorn|emmer|kamut|bulgur|couscous|seitan|graham|panko|bread ?crumbs|soy sauce)\b|${notAfter(NON_WHEAT_FLOUR)}\bflour\b`,
    'i',
  ),
  soybeans: /\b(?:soy|soya|soybeans?|soy ?beans?|tofu|edamame|miso|tempeh|tamari)\b/i,
  sesame: /\b(?:sesame|tahini|benne|gingelly|halvah?)\b/i,
};

export type ImpliedAllergen = { allergen: MajorAllergen; ingredients: string[] };

/** The major allergens the words imply, each with the words (ingredients) that imply it, in list order. */
export function impliedAllergens(words: string[]): ImpliedAllergen[] {
  const found: ImpliedAllergen[] = [];
  for (const allergen of MAJOR_ALLERGENS) {
    const ingredients = words.filter((word) => PATTERNS[allergen].test(word));
    if (ingredients.length > 0) found.push({ allergen, ingredients });
  }
  return found;
}

/**
 * The major allergens a product's allergen list declares: the nine names themselves and the words
 * that name one ('almonds' declares tree nuts, 'soy' soybeans, 'egg' eggs).
 */
export function declaredMajorAllergens(allergens: string[]): Set<MajorAllergen> {
  return new Set(impliedAllergens(allergens).map((found) => found.allergen));
}

/**
 * Allergens the ingredients imply that the product neither declares nor has confirmed absent: a
 * label must not say "none declared" (or leave one out) while any remain.
 */
export function undeclaredAllergens(product: {
  ingredients: string[];
  allergens: string[];
  allergens_confirmed_absent: string[];
}): ImpliedAllergen[] {
  const declared = declaredMajorAllergens(product.allergens);
  const absent = new Set(product.allergens_confirmed_absent.map((a) => a.toLowerCase()));
  return impliedAllergens(product.ingredients).filter(({ allergen }) => !declared.has(allergen) && !absent.has(allergen));
}

/** "wheat (wheat flour), milk (butter)" */
export function describeImplied(found: ImpliedAllergen[]): string {
  return found.map(({ allergen, ingredients }) => `${allergen} (${ingredients.join(', ')})`).join(', ');
}

/** The refusal when an implied allergen is neither ticked nor confirmed absent. */
export function undeclaredAllergensMessage(found: ImpliedAllergen[]): string {
  return `The ingredients suggest these allergens: ${describeImplied(found)}. Tick ${found.length === 1 ? 'it' : 'them'} under Allergens, or confirm ${found.length === 1 ? 'it is' : 'each is'} absent.`;
}
