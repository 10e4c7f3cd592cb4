import type { WeightUnit } from '@farmstand/shared/format/by-weight';
import { byWeightOf } from '@farmstand/shared/format/by-weight';
import { formatPrice, toDollars } from '@farmstand/shared/format/money';

type Priced = {
  price: number | null;
  price_unit: string | null;
  price_from: boolean;
  weight_unit: WeightUnit | null;
  pack_min: number | null;
  pack_max: number | null;
};

/**
 * A product's price on cards, lists and its page, in the one price format (decision 530):
 * "$4.50/dozen", "$9.99/lb" by weight, and "from …" when its variants differ (the price is then
 * the cheapest variant's). Null when there is no price.
 */
export function listingPrice(p: Priced): string | null {
  if (p.price === null) return null;
  const offer = p.weight_unit ? byWeightOf(p) : null;
  return offer
    ? formatPrice(toDollars(offer.priceCents), offer.unit, { from: p.price_from })
    : formatPrice(p.price, p.price_unit, { from: p.price_from });
}
