import type { WeightUnit } from '@farmstand/shared/format/by-weight';
import { byWeightOf, formatCents } from '@farmstand/shared/format/by-weight';
import { formatPrice } from '@/lib/format';

type Priced = {
  price: number | null;
  price_unit: string | null;
  price_from: boolean;
  weight_unit: WeightUnit | null;
  pack_min: number | null;
  pack_max: number | null;
};

/**
 * A product's price on cards and lists: "$4.50 / dozen", "$9.99/lb" by weight, and "from …" when
 * its variants differ (the price is then the cheapest variant's). Null when there is no price.
 */
export function listingPrice(p: Priced): string | null {
  if (p.price === null) return null;
  const offer = p.weight_unit ? byWeightOf(p) : null;
  const text = offer ? `${formatCents(offer.priceCents)}/${offer.unit}` : formatPrice(p.price, p.price_unit);
  return p.price_from ? `from ${text}` : text;
}
