import { type ByWeight, byWeightOf, formatByWeight, type WeightUnit } from '@farmstand/shared/format/by-weight';
import type { SellerType } from '@farmstand/shared/labels/seller-types';
import type { Inspection, Product, ProductVariant, VARIANT_AVAILABILITIES } from '@farmstand/shared/schemas/products';
import { numberOrNull } from '../form-errors';
import type { AllergenChoice } from '../labels/components/allergen-picker';

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
};
