import { z } from 'zod';
import {
  AVAILABILITIES,
  CERTIFICATION_TYPES,
  PRODUCT_CATEGORIES,
  type ProductCategory,
  STATES,
  type StateCode,
} from '../constants/catalog';
import { MAX_PACK_WEIGHT, WEIGHT_UNITS } from '../format/by-weight';
import { isWholeCents } from '../format/money';
import { declaredMajorAllergens, undeclaredAllergens, undeclaredAllergensMessage } from '../labels/allergens';
import { labelIngredients, MAJOR_ALLERGENS, NET_UNITS } from '../labels/rules';
import { SELLER_TYPES } from '../labels/seller-types';
import { TAX_CLASSES } from '../tax/classes';
import { optionalDate, optionalText } from './fields';
import { ShareOffer, ShareTermsRequest, shareProductViolation } from './shares';

/**
 * Products API contract (spec 01 §3 Product, spec 02 §3/§5/§7). Paths (docs/decisions/030):
 *   GET    /api/products/mine                  → MyProductsResponse (owner; includes deleted ones)
 *   POST   /api/products                       → ProductCreatedResponse { product_id, product }
 *   GET    /api/products/{id}                  → ProductResponse (public; owner and admins also see hidden ones)
 *   PUT    /api/products/{id}                  → ProductResponse
 *   DELETE /api/products/{id}                  → ProductResponse (soft delete: active=false)
 *   PATCH  /api/products/{id}/availability     → ProductResponse
 *   POST   /api/images/products/{id}           multipart image + isPrimary → ImageUploadResponse
 *   DELETE /api/images/products/{id}/images    ImageDeleteRequest → ProductResponse
 *   PUT    /api/images/products/{id}/primary   SetPrimaryImageRequest → ProductResponse
 */

export const PRODUCT_PRICE_MAX = 100_000;

/** Price in dollars: ≥ 0, at most 2 decimals; null means "ask the producer". */
export const priceSchema = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be 0 or more')
  .max(PRODUCT_PRICE_MAX, 'Price is too high')
  .refine(isWholeCents, { message: 'Price can have at most 2 decimals' })
  .nullish()
  .transform((v) => v ?? null);

/** Stock: a whole number ≥ 0; null means stock is not tracked. */
export const stockSchema = z
  .number({ error: 'Stock quantity must be a number' })
  .int('Stock quantity must be a whole number')
  .min(0, 'Stock quantity must be 0 or more')
  .max(1_000_000, 'Stock quantity is too high')
  .nullish()
  .transform((v) => v ?? null);

/** Allergens arrive as a list (the form splits its comma-separated text); each entry is trimmed, empties dropped. */
export const allergensSchema = z
  .array(z.string().max(60, 'Each allergen must be at most 60 characters'), { error: 'Allergens must be a list' })
  .max(20, 'At most 20 allergens')
  .nullish()
  .transform((list) => [...new Set((list ?? []).map((a) => a.trim()).filter(Boolean))]);

/** "milk, eggs , ,wheat" → ['milk', 'eggs', 'wheat'] (spec 02 §5). */
export function splitAllergens(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The label maker's fields; optional, so clients that predate them keep working. */
const labelFields = {
  net_quantity: z
    .number({ error: 'Net quantity must be a number' })
    .positive('Net quantity must be more than 0')
    .max(100_000, 'Net quantity is too high')
    .nullish()
    .transform((v) => v ?? null),
  net_unit: z
    .enum(NET_UNITS, { error: `Net unit must be one of: ${NET_UNITS.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
  // Entries are checked from the list itself (documented as strings), so a message names the list
  // and the entry's place rather than a bare index.
  ingredient_list: z
    .array(z.unknown().meta({ type: 'string', maxLength: 200 }), {
      error: 'Ingredient list must be a list of ingredients, heaviest first',
    })
    .max(60, 'Ingredient list can have at most 60 ingredients')
    .superRefine((list, ctx) => {
      const at = list.findIndex((item) => typeof item !== 'string' || item.length > 200);
      if (at < 0) return;
      const what = typeof list[at] === 'string' ? 'must be at most 200 characters' : 'must be text';
      ctx.addIssue({ code: 'custom', message: `Ingredient list: ingredient ${at + 1} ${what}` });
    })
    .nullish()
    .transform((list) => ((list ?? []) as string[]).map((i) => i.trim()).filter(Boolean)),
  /** Major allergens the ingredients seem to imply that the producer confirms are absent. */
  allergens_confirmed_absent: z
    .array(z.enum(MAJOR_ALLERGENS, { error: `Allergens confirmed absent must be among: ${MAJOR_ALLERGENS.join(', ')}` }), {
      error: 'Allergens confirmed absent must be a list',
    })
    .nullish()
    .transform((list) => [...new Set(list ?? [])]),
  /** The law the product is made under; the state's home-food law unless said otherwise. */
  seller_type: z
    .enum(SELLER_TYPES, { error: `Seller type must be one of: ${SELLER_TYPES.join(', ')}` })
    .nullish()
    .transform((v) => v ?? 'home_processor'),
};

/** How a pack sold by weight is described: price per unit, and the pack's weight range in that unit. */
const packWeight = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(MAX_PACK_WEIGHT.oz, `${label} is too high`)
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, { message: `${label} can have at most 3 decimals` })
    .nullish()
    .transform((v) => v ?? null);

const weightFields = {
  /** lb | oz: `price` is per this unit and each pack weighs pack_min–pack_max; null: sold by the piece. */
  weight_unit: z
    .enum(WEIGHT_UNITS, { error: `Weight unit must be one of: ${WEIGHT_UNITS.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
  pack_min: packWeight('Lightest pack'),
  pack_max: packWeight('Heaviest pack'),
};

/** The by-weight fields' own rules, for a product and each variant alike; null when they hold. */
export function byWeightViolation(v: {
  price: number | null;
  weight_unit: string | null;
  pack_min: number | null;
  pack_max: number | null;
}): { path: string; message: string } | null {
  if (v.weight_unit === null) {
    if (v.pack_min !== null || v.pack_max !== null)
      return { path: 'weight_unit', message: 'Weight unit must be lb or oz to sell by weight, or leave the pack weights empty' };
    return null;
  }
  if (v.price === null) return { path: 'price', message: 'Price is required to sell by weight (per lb or oz)' };
  if (v.pack_min === null || v.pack_max === null)
    return {
      path: 'pack_min',
      message: 'Pack weights are required to sell by weight: the lightest and the heaviest pack (the same for an average pack)',
    };
  if (v.pack_max < v.pack_min) return { path: 'pack_max', message: 'Heaviest pack must weigh at least the lightest' };
  if (v.pack_max > MAX_PACK_WEIGHT[v.weight_unit as 'lb' | 'oz'])
    return {
      path: 'pack_max',
      message: `Heaviest pack must weigh at most ${MAX_PACK_WEIGHT[v.weight_unit as 'lb' | 'oz']} ${v.weight_unit}`,
    };
  return null;
}

export const VARIANT_AVAILABILITIES = ['available', 'sold_out', 'pre_order'] as const;

/** One variant in a product's body: `id` keeps an existing variant (its orders name it), none adds one. */
export const VariantRequest = z
  .object({
    id: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    name: z
      .string({ error: 'Variant name is required' })
      .trim()
      .min(1, 'Variant name is required')
      .max(80, 'Variant name must be at most 80 characters'),
    price: priceSchema,
    price_unit: optionalText(40, 'Variant price unit'),
    stock_quantity: stockSchema,
    availability: z
      .enum(VARIANT_AVAILABILITIES, { error: `Variant availability must be one of: ${VARIANT_AVAILABILITIES.join(', ')}` })
      .nullish()
      .transform((v) => v ?? 'available'),
    ...weightFields,
  })
  .superRefine((v, ctx) => {
    const broken = byWeightViolation(v);
    if (broken) ctx.addIssue({ code: 'custom', path: [broken.path], message: `${broken.message} (${v.name})` });
  });
export type VariantInput = z.output<typeof VariantRequest>;

/** Refusals for product-level offer fields sent beside variants: the variants carry them, so they would be lost. */
export const VARIANT_OWNED_TEXTS = {
  stock_quantity:
    "Stock is counted per variant once a product has variants: enter it under each variant and leave the product's stock empty",
  weight_unit:
    "Selling by weight is chosen per variant once a product has variants: choose Weight under each variant and leave the product's weight unit empty",
  price:
    "The variants set the price once a product has variants: enter it under each variant and leave the product's price empty",
} as const;

/**
 * With variants, each variant holds its own price, unit, weights and stock and the product row only
 * summarises them (decision 510), so a product-level value sent beside them would be silently
 * dropped (issue 44, decision 531): it is refused instead, naming the field.
 */
export function variantsDropViolation(v: {
  variants: readonly unknown[];
  stock_quantity: number | null;
  weight_unit: string | null;
  price: number | null;
  price_unit: string | null;
}): { path: 'stock_quantity' | 'weight_unit' | 'price'; message: string } | null {
  if (v.variants.length === 0) return null;
  if (v.stock_quantity !== null) return { path: 'stock_quantity', message: VARIANT_OWNED_TEXTS.stock_quantity };
  if (v.weight_unit !== null) return { path: 'weight_unit', message: VARIANT_OWNED_TEXTS.weight_unit };
  if (v.price !== null || v.price_unit !== null) return { path: 'price', message: VARIANT_OWNED_TEXTS.price };
  return null;
}

/**
 * What a price buys when the producer leaves the unit empty (issue 44, decision 531): the usual
 * unit of the category. Categories sold in too many ways (produce, dairy, pet food, other) have none,
 * so a price there needs its unit.
 */
export const DEFAULT_PRICE_UNITS: Partial<Record<ProductCategory, string>> = {
  eggs: 'dozen',
  bread: 'loaf',
  jellies: 'jar',
  honey: 'jar',
  herdshare: 'month',
  meat: 'pack',
  poultry: 'bird',
  baked_goods: 'each',
  preserved_foods: 'jar',
};

export const PRICE_UNIT_REQUIRED = 'Price unit is required with a price: say what the price buys (each, bunch, lb, jar…)';

type PricedOffer = { price: number | null; price_unit: string | null; weight_unit: string | null };

/** The unit a price by the piece is shown with: its own, else the category's usual one, else none. */
export function priceUnitFor(category: string, offer: PricedOffer): string | null {
  if (offer.price === null || offer.weight_unit !== null) return offer.price_unit;
  return offer.price_unit ?? DEFAULT_PRICE_UNITS[category as ProductCategory] ?? null;
}

/** True when a price by the piece has no unit and its category no usual one: "$5" of what? */
export const lacksPriceUnit = (category: string, offer: PricedOffer): boolean =>
  offer.price !== null && offer.weight_unit === null && priceUnitFor(category, offer) === null;

/** The request with every price by the piece given a unit (its own, or the category's usual one). */
export function withDefaultPriceUnits<
  V extends PricedOffer,
  T extends PricedOffer & { category: string; share: unknown; variants: V[] },
>(input: T): T {
  if (input.share) return input;
  return {
    ...input,
    price_unit: priceUnitFor(input.category, input),
    variants: input.variants.map((variant): V => ({ ...variant, price_unit: priceUnitFor(input.category, variant) })),
  };
}

export const INSPECTIONS = ['usda', 'state', 'custom_exempt', 'poultry_exempt'] as const;
export type Inspection = (typeof INSPECTIONS)[number];

/** Where a product was grown or raised: one of the states, or none for the farm itself. */
export const ORIGIN_STATE_MESSAGE = `Origin state must be one of ${STATES.join(', ')}, or empty when it was grown or raised on your own farm`;

export const TAX_CLASS_MESSAGE = `Sales tax class must be one of: ${TAX_CLASSES.join(', ')}`;

/** Body of POST /api/products and PUT /api/products/{id}. */
/**
 * A missing value is "required"; a wrong one falls through to the shared wording, which lists the
 * allowed values ('Availability must be one of: available, …'), not "required" for "bogus".
 */
const requiredOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined);

export const ProductRequest = z
  .object({
    name: z
      .string({ error: 'Product name is required' })
      .trim()
      .min(1, 'Product name is required')
      .max(120, 'Product name must be at most 120 characters'),
    category: z.enum(PRODUCT_CATEGORIES, { error: requiredOr('Category is required') }),
    description: optionalText(5000, 'Description'),
    price: priceSchema,
    price_unit: optionalText(40, 'Price unit'),
    availability: z.enum(AVAILABILITIES, { error: requiredOr('Availability is required') }),
    stock_quantity: stockSchema,
    /** At most this many per pickup day across its windows ("20 pies per Saturday"); empty: no limit. */
    day_limit: z
      .number({ error: 'Limit per pickup day must be a number' })
      .int('Limit per pickup day must be a whole number')
      .min(1, 'Limit per pickup day must be at least 1, or empty for no limit')
      .max(10_000, 'Limit per pickup day must be at most 10,000')
      .nullish()
      .transform((v) => v ?? null),
    seasonal_start: optionalDate('Season start'),
    seasonal_end: optionalDate('Season end'),
    ingredients: optionalText(2000, 'Ingredients'),
    allergens: allergensSchema,
    required_certifications: z
      .array(z.enum(CERTIFICATION_TYPES, { error: 'Unknown certification type' }))
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    pickup_instructions: optionalText(1000, 'Pickup instructions'),
    ...labelFields,
    ...weightFields,
    /**
     * Variants in the order shown; an empty list (or none) sells the product itself. The cap is a
     * platform setting (features.max_variants_per_product), checked by the server; at most 100 here.
     */
    variants: z
      .array(VariantRequest, { error: 'Variants must be a list' })
      .max(100, 'Too many variants')
      .nullish()
      .transform((v) => v ?? []),
    /** Meat and poultry (decision 511): how it was inspected, and the establishment number. */
    inspection: z
      .enum(INSPECTIONS, { error: `Inspection must be one of: ${INSPECTIONS.join(', ')}` })
      .nullish()
      .transform((v) => v ?? null),
    establishment_number: optionalText(40, 'Establishment number'),
    /** A share of an animal (decision 512): its terms; empty for every other product. */
    share: ShareTermsRequest.nullish().transform((v) => v ?? null),
    /**
     * Where it was grown or raised (decision 516): a state when bought in or grown elsewhere; empty
     * for the farm itself (the farm's state). Coupons and incentives pay only for food grown in the state.
     */
    origin_state: z
      .enum(STATES, { error: ORIGIN_STATE_MESSAGE })
      .nullish()
      .transform((v) => v ?? null),
    /**
     * Its sales-tax class (decision 574), from the farmer's answers (`tax/questions.ts`). Absent:
     * a new product takes its category's class, a changed one keeps its own (or its new category's).
     */
    tax_class: z
      .enum(TAX_CLASSES, { error: TAX_CLASS_MESSAGE })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    const share = shareProductViolation(v);
    if (share) ctx.addIssue({ code: 'custom', path: share.path.split('.'), message: share.message });
    // Beside variants the product's own offer fields are refused whole, before their own rules.
    const dropped = variantsDropViolation(v);
    if (dropped) ctx.addIssue({ code: 'custom', path: [dropped.path], message: dropped.message });
    const broken = dropped ? null : byWeightViolation(v);
    if (broken) ctx.addIssue({ code: 'custom', path: [broken.path], message: broken.message });
    const names = v.variants.map((variant) => variant.name.toLowerCase());
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Each variant needs its own name' });
    // A price needs what it buys: its unit, or the category's usual one (a share's is the server's).
    if (!v.share && !dropped && v.variants.length === 0 && lacksPriceUnit(v.category, v))
      ctx.addIssue({ code: 'custom', path: ['price_unit'], message: PRICE_UNIT_REQUIRED });
    v.variants.forEach((variant, i) => {
      if (!v.share && lacksPriceUnit(v.category, variant))
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'price_unit'],
          message: `${PRICE_UNIT_REQUIRED} (${variant.name})`,
        });
    });
  })
  .refine((v) => (v.net_quantity === null) === (v.net_unit === null), {
    path: ['net_quantity'],
    message: 'Give the net quantity together with its unit',
  })
  .superRefine((v, ctx) => {
    // A label must not say "none declared", or leave an allergen out, that its ingredients name.
    const missing = undeclaredAllergens({ ...v, ingredients: labelIngredients(v) });
    if (missing.length > 0) ctx.addIssue({ code: 'custom', path: ['allergens'], message: undeclaredAllergensMessage(missing) });
    const declared = declaredMajorAllergens(v.allergens);
    const both = v.allergens_confirmed_absent.filter((a) => declared.has(a));
    if (both.length > 0) {
      const message = `${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} both declared and confirmed absent: choose one`;
      ctx.addIssue({ code: 'custom', path: ['allergens_confirmed_absent'], message });
    }
  })
  .refine((v) => v.availability === 'seasonal' || (v.seasonal_start === null && v.seasonal_end === null), {
    path: ['seasonal_start'],
    message: 'Season dates apply only to seasonal products',
  })
  .refine((v) => !v.seasonal_start || !v.seasonal_end || v.seasonal_end >= v.seasonal_start, {
    path: ['seasonal_end'],
    message: 'Season end must be on or after the season start',
  });
export type ProductRequest = z.input<typeof ProductRequest>;
export type ProductInput = z.output<typeof ProductRequest>;

/** Body of PATCH /api/products/{id}/availability. Leaving seasonal clears the season dates. */
export const AvailabilityRequest = z.object({
  availability: z.enum(AVAILABILITIES, { error: requiredOr('Availability is required') }),
  stock_quantity: z
    .number({ error: 'Stock quantity must be a number' })
    .int('Stock quantity must be a whole number')
    .min(0, 'Stock quantity must be 0 or more')
    .max(1_000_000, 'Stock quantity is too high')
    .nullable()
    .optional(),
});
export type AvailabilityRequest = z.infer<typeof AvailabilityRequest>;

export const REGULATED_TEXTS = {
  herdshareState: 'Herdshare products are only allowed for Kentucky producers',
  herdshareVolume: 'Herdshare products cannot be priced per gallon or any volume of milk; charge a boarding or care fee instead',
  petFoodState: 'Pet food (raw milk) products are only allowed for Tennessee producers',
  petFoodLabel: 'Pet food must be labelled "For pet consumption only" in its description',
  herdshareMilkSale:
    'Herdshare listings must not state a price per gallon or sell milk directly; you may only charge a boarding or care fee',
  herdshareNotice:
    'Herdshare (Kentucky only): do not state a price per gallon or sell milk directly. You may only charge a boarding or care fee for the share.',
  petFoodNotice:
    'Pet food (Tennessee only): raw milk must be labelled for pet consumption only. Include "For pet consumption only" in the description.',
} as const;

/** Volume units a herdshare must never be priced in (it sells a share of the herd, not milk). */
const MILK_VOLUME_UNIT = /\b(gallons?|gal|half[- ]gallons?|quarts?|qts?|pints?|pts?|lit(?:er|re)s?|l)\b/i;
const PET_LABEL = /for\s+pet\s+consumption\s+only/i;
const VOLUME = '(?:half[- ]?)?(?:gallons?|gal|gl|quarts?|qts?|pints?|pts?|lit(?:er|re)s?)';
/** An amount of money: '$8', '$ 8.50', '8$', '8 dollars', '8 bucks'. */
const MONEY = String.raw`(?:\$\s*\d[\d.,]*|\d[\d.,]*\s*(?:\$|dollars?\b|bucks?\b))`;
/** Not after a negation: 'we do not sell milk', 'milk is never sold' pass. */
const NOT_NEGATED = String.raw`(?<!\b(?:not|never|no|n't|don't|won't|cannot|can't)\s+(?:\w+\s+)?)`;
/**
 * A herdshare's name or description that prices milk by volume or offers milk for sale ('Milk $8
 * per gallon', '$4/qt', 'we sell raw milk'): the share may only carry a boarding or care fee.
 */
const MILK_SALE_TEXT = [
  new RegExp(String.raw`\$\s*\d[\d.,]*\s*(?:\/|per|a|an|each|for\s+(?:a|an|one|1))?\s*${VOLUME}\b`, 'i'),
  new RegExp(String.raw`(?:\bper|\/|\ba)\s*${VOLUME}\b`, 'i'),
  new RegExp(
    String.raw`${NOT_NEGATED}\b(?:sells?|selling|sold|buy|buying|purchase|order)\s+(?:our\s+|fresh\s+|raw\s+|whole\s+|farm\s+)*milk\b`,
    'i',
  ),
  new RegExp(String.raw`\bmilk\s+(?:is\s+)?(?:for\s+sale|on\s+sale|sales?\b)|\bmilk\b[\s:=–—-]{0,4}${MONEY}`, 'i'),
  // A volume followed by a price: 'Gallons $8', 'gallon: 8 dollars'.
  new RegExp(String.raw`\b${VOLUME}\b[\s:=–—-]{0,4}${MONEY}`, 'i'),
];

/** True when a herdshare's text prices milk or sells it directly. */
export function mentionsMilkSale(text: string | null | undefined): boolean {
  return Boolean(text) && MILK_SALE_TEXT.some((pattern) => pattern.test(text as string));
}

/**
 * Rules of the regulated categories (spec 02 §3, §5; docs/decisions/031). Shared so the form shows
 * the same message the server returns. Returns the first broken rule's message, or null.
 */
export function regulatedCategoryViolation(
  product: { category: string; name?: string | null; price_unit?: string | null; description?: string | null },
  producerState: StateCode | string,
): string | null {
  if (product.category === 'herdshare') {
    if (producerState !== 'KY') return REGULATED_TEXTS.herdshareState;
    if (product.price_unit && MILK_VOLUME_UNIT.test(product.price_unit)) return REGULATED_TEXTS.herdshareVolume;
    if (mentionsMilkSale(product.name) || mentionsMilkSale(product.description)) return REGULATED_TEXTS.herdshareMilkSale;
  }
  if (product.category === 'pet_food') {
    if (producerState !== 'TN') return REGULATED_TEXTS.petFoodState;
    if (!product.description || !PET_LABEL.test(product.description)) return REGULATED_TEXTS.petFoodLabel;
  }
  return null;
}

export const PRODUCT_MODERATION_STATUSES = ['approved', 'removed'] as const;

/** A variant as shoppers and its producer see it. */
export const ProductVariant = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number().nullable(),
  price_unit: z.string().nullable(),
  weight_unit: z.enum(WEIGHT_UNITS).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
  stock_quantity: z.number().nullable(),
  availability: z.enum(VARIANT_AVAILABILITIES),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** A product as the product page, cards and the producer's own list need it (spec 01 §3). */
export const Product = z.object({
  id: z.number(),
  producer_id: z.number(),
  /** The producer's public id: link to /producer/{producer_user_id}. */
  producer_user_id: z.number(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  description: z.string().nullable(),
  price: z.number().nullable(),
  price_unit: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  stock_quantity: z.number().nullable(),
  day_limit: z.number().nullable(),
  /** By weight (decision 510): `price` is per weight_unit, a pack weighs pack_min–pack_max. With variants, the cheapest one's. */
  weight_unit: z.enum(WEIGHT_UNITS).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
  /** True when the variants' prices differ: lists show "from $X". */
  price_from: z.boolean(),
  /** Active variants in order; empty: the product itself is sold. */
  variants: z.array(ProductVariant),
  inspection: z.enum(INSPECTIONS).nullable(),
  establishment_number: z.string().nullable(),
  /** A share of an animal (decision 512): its terms and how many shares are left; null otherwise. */
  share: ShareOffer.nullable(),
  /** Where it was grown or raised (decision 516); null: on the farm itself, in the farm's `state`. */
  origin_state: z.enum(STATES).nullable(),
  /** Its sales-tax class (decision 574): what the stand taxes it as in the farm's state. */
  tax_class: z.enum(TAX_CLASSES),
  /** Image URLs point at the 800 px WebP; productImageSrcSet() gives the other widths. */
  primary_image_url: z.string().nullable(),
  additional_images: z.array(z.string()),
  ingredients: z.string().nullable(),
  allergens: z.array(z.string()),
  net_quantity: z.number().nullable(),
  net_unit: z.enum(NET_UNITS).nullable(),
  ingredient_list: z.array(z.string()),
  allergens_confirmed_absent: z.array(z.enum(MAJOR_ALLERGENS)),
  seller_type: z.enum(SELLER_TYPES),
  required_certifications: z.array(z.string()),
  seasonal_start: z.string().nullable(),
  seasonal_end: z.string().nullable(),
  pickup_instructions: z.string().nullable(),
  active: z.boolean(),
  moderation_status: z.enum(PRODUCT_MODERATION_STATUSES),
  /** Why an admin removed it; only a removed product (seen by its owner and admins) has one. */
  moderation_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  farm_name: z.string(),
  city: z.string(),
  state: z.enum(STATES),
  delivery_available: z.boolean(),
  delivery_radius: z.number().nullable(),
  /** Contact details: null for guests. */
  producer_email: z.string().nullable(),
  producer_phone: z.string().nullable(),
  producer_pickup_instructions: z.string().nullable(),
  producer_verified: z.boolean(),
});
export type Product = z.infer<typeof Product>;

export const ProductResponse = z.object({ product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;
export const ProductCreatedResponse = z.object({ product_id: z.number(), product: Product });
export type ProductCreatedResponse = z.infer<typeof ProductCreatedResponse>;

/** GET /api/products/mine: every product of the caller, deleted ones included, plus the limit. */
export const MyProductsResponse = z.object({
  products: z.array(Product),
  active_count: z.number(),
  /** The farm's limit now: the trial's, or its plan's (decision 551). */
  max_products: z.number(),
  /** Whether the farm has a plan, and both limits, so the list says what a plan lifts the limit to. */
  on_plan: z.boolean(),
  trial_max_products: z.number(),
  plan_max_products: z.number(),
  max_images_per_product: z.number(),
  max_variants_per_product: z.number(),
});
export type MyProductsResponse = z.infer<typeof MyProductsResponse>;

/** Multipart field isPrimary arrives as text: 'true' makes the upload the primary image. */
export const ImageUploadResponse = z.object({ imageUrl: z.string(), isPrimary: z.boolean(), product: Product });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

export const ImageDeleteRequest = z.object({
  imageUrl: z.string({ error: 'Image URL is required' }).min(1, 'Image URL is required').max(500),
  isPrimary: z.boolean().default(false),
});
export type ImageDeleteRequest = z.input<typeof ImageDeleteRequest>;

/** Makes one of the additional images the primary one; the old primary takes its place. */
export const SetPrimaryImageRequest = z.object({
  imageUrl: z.string({ error: 'Image URL is required' }).min(1, 'Image URL is required').max(500),
});
export type SetPrimaryImageRequest = z.infer<typeof SetPrimaryImageRequest>;

// The image widths and srcset live with the zod-free constants (the web's first load imports them).
export { IMAGE_ACCEPT, IMAGE_MAIN_WIDTH, IMAGE_WIDTHS, productImageSrcSet } from '../constants/images';
