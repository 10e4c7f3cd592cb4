import type { StateCode } from '@farmstand/shared/constants/catalog';
import type { PickupTimeZone } from '@farmstand/shared/constants/time-zones';
import { type ByWeight, byWeightOf, formatByWeight, type WeightUnit } from '@farmstand/shared/format/by-weight';
import { formatCents, toCents } from '@farmstand/shared/format/money';
import type { SellerType } from '@farmstand/shared/labels/seller-types';
import type { Inspection, Product, ProductVariant, VARIANT_AVAILABILITIES } from '@farmstand/shared/schemas/products';
import {
  ANIMAL_LABELS,
  type CutSheetQuestion,
  defaultCutSheet,
  fractionLabel,
  NAMED_FRACTIONS,
  SHARE_ANIMALS,
  type ShareAnimal,
  type ShareOffer,
  ShareTermsRequest,
  shareEstimateCents,
  shareProductViolation,
} from '@farmstand/shared/schemas/shares';
import type { TaxAnswers } from '@farmstand/shared/tax/questions';
import { numberOrNull } from '@/lib/form-errors';
import type { AllergenChoice } from './allergen-picker';

/**
 * What one offer (the product itself, or one of its variants) holds in the product form: sold by
 * the piece (price + unit) or by weight (price per lb/oz + the lightest and heaviest pack).
 */
export type OfferValues = {
  sold_by: 'piece' | 'weight';
  price: string;
  price_unit: string;
  weight_unit: WeightUnit;
  pack_min: string;
  pack_max: string;
};

export type VariantValues = OfferValues & {
  id: number | null;
  name: string;
  stock_quantity: string;
  availability: (typeof VARIANT_AVAILABILITIES)[number];
};

type Offer = Pick<Product, 'price' | 'price_unit' | 'weight_unit' | 'pack_min' | 'pack_max'>;

const weightText = (v: number | null) => (v == null ? '' : String(v));

export function toOfferValues(o: Offer | null): OfferValues {
  return {
    sold_by: o?.weight_unit ? 'weight' : 'piece',
    price: o?.price == null ? '' : o.price.toFixed(2),
    price_unit: o?.weight_unit ? '' : (o?.price_unit ?? ''),
    weight_unit: o?.weight_unit ?? 'lb',
    pack_min: weightText(o?.pack_min ?? null),
    pack_max: weightText(o?.pack_max ?? null),
  };
}

export function toVariantValues(v: ProductVariant | null): VariantValues {
  return {
    ...toOfferValues(v),
    id: v?.id ?? null,
    name: v?.name ?? '',
    stock_quantity: v?.stock_quantity?.toString() ?? '',
    availability: v?.availability ?? 'available',
  };
}

/** The offer's request fields: by the piece sends no weights, by weight no price unit (the unit is lb/oz). */
export function offerRequest(values: OfferValues) {
  const byWeight = values.sold_by === 'weight';
  return {
    price: numberOrNull(values.price),
    price_unit: byWeight ? null : values.price_unit,
    weight_unit: byWeight ? values.weight_unit : null,
    pack_min: byWeight ? numberOrNull(values.pack_min) : null,
    pack_max: byWeight ? numberOrNull(values.pack_max) : null,
  };
}

export function variantRequest(values: VariantValues) {
  return {
    id: values.id,
    name: values.name,
    ...offerRequest(values),
    stock_quantity: numberOrNull(values.stock_quantity),
    availability: values.availability,
  };
}

/** What shoppers will see for a by-weight offer as typed, or null while it is incomplete. */
export function byWeightPreview(values: OfferValues): string | null {
  const request = offerRequest(values);
  const offer: ByWeight | null = byWeightOf(request);
  if (!offer || ![offer.priceCents, offer.minMilli, offer.maxMilli].every((n) => Number.isFinite(n) && n > 0)) return null;
  if (offer.maxMilli < offer.minMilli) return null;
  return formatByWeight(offer);
}

/** Everything the product form holds. */
export type ProductFormValues = OfferValues & {
  name: string;
  category: string;
  description: string;
  availability: string;
  stock_quantity: string;
  day_limit: string;
  seasonal_start: string;
  seasonal_end: string;
  ingredient_list: string[];
  allergens: AllergenChoice;
  seller_type: SellerType;
  net_quantity: string;
  net_unit: string;
  required_certifications: string[];
  pickup_instructions: string;
  variants: VariantValues[];
  inspection: Inspection | '';
  establishment_number: string;
  /** Sold as a share of an animal (meat only): the price is per lb hanging weight, the terms in `share`. */
  is_share: boolean;
  share: ShareValues;
  /** Where it was grown or raised (decision 516): on the farm (the farm's state), or elsewhere in `origin_state`. */
  origin: 'farm' | 'elsewhere';
  origin_state: StateCode | '';
  /** The sales-tax questions' answers (decision 574); only the class they make is saved. */
  tax: TaxAnswers;
};

/** One cut sheet question as typed: its answers in one text, separated by commas. */
export type CutSheetValues = { label: string; options: string };

/** A share's terms as the form holds them (text inputs, the size as a select). */
export type ShareValues = {
  animal: ShareAnimal;
  /** '1', '2' or '4' (Whole, Half, Quarter), or 'custom' for 1/`parts`. */
  size: string;
  parts: string;
  animals_available: string;
  processor: string;
  processing_date: string;
  cut_sheet_due: string;
  time_zone: PickupTimeZone;
  hanging_weight: string;
  processing_fee: string;
  deposit: string;
  deposit_link: string;
  cut_sheet: CutSheetValues[];
};

export const toCutSheetValues = (questions: CutSheetQuestion[]): CutSheetValues[] =>
  questions.map((q) => ({ label: q.label, options: q.options.join(', ') }));

/** True when the cut sheet is still one of the ready-made ones (so a new animal may bring its own). */
export function isDefaultCutSheet(questions: CutSheetValues[]): boolean {
  const typed = JSON.stringify(questions.map((q) => [q.label.trim(), splitAnswers(q.options)]));
  return SHARE_ANIMALS.some((animal) => JSON.stringify(defaultCutSheet(animal).map((q) => [q.label, q.options])) === typed);
}

/** "¾ inch, 1 inch ,1¼ inch" → ['¾ inch', '1 inch', '1¼ inch']. */
export const splitAnswers = (text: string): string[] =>
  text
    .split(',')
    .map((answer) => answer.trim())
    .filter((answer) => answer !== '');

const moneyText = (v: number | null | undefined) => (v == null ? '' : v.toFixed(2));

export function toShareValues(share: ShareOffer | null): ShareValues {
  const named = share ? share.parts in NAMED_FRACTIONS : true;
  return {
    animal: share?.animal ?? 'beef',
    size: share ? (named ? String(share.parts) : 'custom') : '4',
    parts: share && !named ? String(share.parts) : '',
    animals_available: share?.animals_available.toString() ?? '',
    processor: share?.processor ?? '',
    processing_date: share?.processing_date ?? '',
    cut_sheet_due: share?.cut_sheet_due ?? '',
    time_zone: share?.time_zone ?? 'America/New_York',
    hanging_weight: share?.hanging_weight.toString() ?? '',
    processing_fee: moneyText(share?.processing_fee),
    deposit: moneyText(share?.deposit),
    deposit_link: share?.deposit_link ?? '',
    cut_sheet: toCutSheetValues(share?.cut_sheet ?? defaultCutSheet(share?.animal ?? 'beef')),
  };
}

/** The parts of one animal a share is: the named size, or the custom 1/n. */
export const shareParts = (v: Pick<ShareValues, 'size' | 'parts'>): number | null =>
  v.size === 'custom' ? numberOrNull(v.parts) : Number(v.size);

/** The `share` of the product request (empty required fields are left out, so the schema says "required"). */
export function shareRequest(v: ShareValues) {
  return {
    animal: v.animal,
    parts: shareParts(v) ?? undefined,
    animals_available: numberOrNull(v.animals_available) ?? undefined,
    processor: v.processor,
    processing_date: v.processing_date || undefined,
    cut_sheet_due: v.cut_sheet_due || undefined,
    time_zone: v.time_zone,
    hanging_weight: numberOrNull(v.hanging_weight) ?? undefined,
    processing_fee: numberOrNull(v.processing_fee) ?? undefined,
    deposit: numberOrNull(v.deposit),
    deposit_link: v.deposit_link.trim() || null,
    cut_sheet: v.cut_sheet.map((q) => ({ label: q.label, options: splitAnswers(q.options) })),
  };
}

const SHARE_KEYS = new Set<string>(Object.keys(toShareValues(null)));

/**
 * The form field a share problem belongs to, from its path inside the share ('deposit',
 * ['cut_sheet', 2, 'options']): 'share.deposit', 'share.cut_sheet.2.options', or 'share' itself.
 */
export function shareFieldPath(path: readonly PropertyKey[]): string {
  const [key, index, sub] = path;
  if (key === 'cut_sheet' && typeof index === 'number' && Number.isInteger(index))
    return `share.cut_sheet.${index}.${sub === 'label' ? 'label' : 'options'}`;
  if (typeof key === 'string' && SHARE_KEYS.has(key)) return `share.${key}`;
  return 'share';
}

/**
 * The form field a server 400 names ('share.deposit', 'share/cut_sheet/0/options', 'price'), or
 * null when the form has no such field.
 */
export function serverFieldPath(field: string | undefined, values: ProductFormValues): string | null {
  if (!field) return null;
  const [head, ...rest] = field.split(/[./]/);
  if (head === 'share') return shareFieldPath(rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
  return head && head in values && head !== 'is_share' ? head : null;
}

/**
 * The share's own rules (ShareTermsRequest), then its rules beside the product (a price per lb, a
 * deposit no larger than the estimate), each with the form field it belongs to.
 */
export function shareProblems(values: ProductFormValues): { path: string; message: string }[] {
  const result = ShareTermsRequest.safeParse(shareRequest(values.share));
  if (!result.success) {
    const problems = new Map<string, string>();
    for (const issue of result.error.issues) {
      const path = shareFieldPath(issue.path);
      if (!problems.has(path)) problems.set(path, issue.message);
    }
    return [...problems].map(([path, message]) => ({ path, message }));
  }
  const price = numberOrNull(values.price);
  if (price !== null && !Number.isFinite(price)) return [];
  const rule = shareProductViolation({ category: values.category, price, weight_unit: null, variants: [], share: result.data });
  if (!rule) return [];
  const [head, ...rest] = rule.path.split('.');
  return [{ path: head === 'share' ? shareFieldPath(rest) : rule.path, message: rule.message }];
}

const plural = (n: number, word: string) => (n === 1 || word === 'bison' ? word : `${word}s`);
const validNumber = (n: number | null, min: number): n is number => n !== null && Number.isFinite(n) && n >= min;

/**
 * The live line under the share's terms: "8 shares (2 steers × Quarter) · about $1,105.00 a share
 * (210 lb × $4.50/lb + $160.00 processing)", each half once its numbers are in; null before.
 */
export function shareSummary(price: string, v: ShareValues): string | null {
  const parts = shareParts(v);
  const animals = numberOrNull(v.animals_available);
  const pricePerLb = numberOrNull(price);
  const weight = numberOrNull(v.hanging_weight);
  const fee = numberOrNull(v.processing_fee);
  const lines: string[] = [];
  if (validNumber(parts, 1) && validNumber(animals, 1) && Number.isInteger(parts) && Number.isInteger(animals)) {
    const total = parts * animals;
    lines.push(
      `${total} ${total === 1 ? 'share' : 'shares'} (${animals} ${plural(animals, ANIMAL_LABELS[v.animal])} × ${fractionLabel(parts)})`,
    );
  }
  if (validNumber(pricePerLb, 0) && pricePerLb > 0 && validNumber(weight, 0) && weight > 0 && validNumber(fee, 0)) {
    const estimate = shareEstimateCents(toCents(pricePerLb), { hanging_weight: weight, processing_fee: fee });
    lines.push(
      `about ${formatCents(estimate)} a share (${weight} lb × ${formatCents(toCents(pricePerLb))}/lb + ${formatCents(toCents(fee))} processing)`,
    );
  }
  return lines.length > 0 ? lines.join(' · ') : null;
}
