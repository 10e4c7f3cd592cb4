import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents, formatPrice, toCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import { seasonPosition } from '@farmstand/shared/format/season';
import type { Order } from '@farmstand/shared/schemas/orders';
import type { Product } from '@farmstand/shared/schemas/products';
import { pastLineKind } from '@/lib/past-line-kind';
import type { BasketLine } from './basket';
import { maxReservable } from './basket';

/** What "Order again" puts in the basket, and every way today's listing differs from the order, in words. */
export type OrderAgain = { lines: BasketLine[]; changes: string[] };

/**
 * "Order my usual" (issue 33): each line of a past order as the product is listed today. What is
 * no longer listed, sold out, out of season, without a price or now sold only by variant is left
 * out; less stock than asked lowers the quantity; a new price is said with the old one. The
 * server checks the order again when it is placed. `products` holds each product by id (null: no
 * longer listed); `today` is the shopper's calendar day.
 */
export function orderAgain(order: Pick<Order, 'items'>, products: Map<number, Product | null>, today: string): OrderAgain {
  const lines: BasketLine[] = [];
  const changes: string[] = [];
  for (const item of order.items) {
    const wanted = item.ordered_quantity ?? item.quantity;
    const name = lineName(item.name, item.variant_name);
    if (wanted <= 0) continue;
    const product = item.product_id === null ? null : (products.get(item.product_id) ?? null);
    if (!product?.active || product.share) {
      changes.push(`${name} is no longer listed: left out.`);
      continue;
    }
    const kind = pastLineKind(item, product, 'its page');
    if ('change' in kind) {
      changes.push(kind.change);
      continue;
    }
    const { variant } = kind;
    const offer = variant ?? product;
    if (offer.price === null) {
      changes.push(`${name} has no price now: ask the farm. Left out.`);
      continue;
    }
    if (product.availability === 'sold_out' || offer.availability === 'sold_out' || offer.stock_quantity === 0) {
      changes.push(`${name} is sold out: left out.`);
      continue;
    }
    const season = { seasonal_start: product.seasonal_start, seasonal_end: product.seasonal_end };
    if (product.availability === 'seasonal' && seasonPosition(today, season) !== 'in') {
      const back = product.seasonal_start
        ? `: back from ${formatDateOnly(product.seasonal_start, { month: 'short', day: 'numeric' })}`
        : '';
      changes.push(`${name} is out of season${back}. Left out.`);
      continue;
    }
    const max = maxReservable(offer.stock_quantity);
    const quantity = Math.min(wanted, max);
    if (quantity < wanted) changes.push(`${name}: only ${quantity} left, so ${quantity} instead of ${wanted}.`);
    if (toCents(offer.price) !== toCents(item.unit_price))
      changes.push(
        `${name} is now ${formatPrice(offer.price, offer.weight_unit ?? offer.price_unit)} (was ${formatCents(toCents(item.unit_price))}).`,
      );
    if ((offer.weight_unit ?? null) !== (item.weight_unit ?? null))
      changes.push(
        offer.weight_unit ? `${name} is now sold by weight, per ${offer.weight_unit}.` : `${name} is now sold by the piece.`,
      );
    lines.push({
      productId: product.id,
      variantId: variant?.id ?? null,
      variantName: variant?.name ?? null,
      name: product.name,
      price: offer.price,
      priceUnit: offer.price_unit,
      weightUnit: offer.weight_unit,
      packMin: offer.pack_min,
      packMax: offer.pack_max,
      quantity,
      max,
      season,
    });
  }
  return { lines, changes };
}
