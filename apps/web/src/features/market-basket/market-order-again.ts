import { maxReservable } from '@farmstand/shared/constants/orders';
import { formatCents, formatPrice, toCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { MarketOffer } from '@farmstand/shared/schemas/market-basket';
import type { Order } from '@farmstand/shared/schemas/orders';
import { pastLineKind } from '@/lib/past-line-kind';
import { marketDayText } from '@/lib/pickup-time';
import type { MarketLine } from './market-basket';

/** What "Order again" puts in the market basket, and every way the market day's offer differs, in words. */
export type MarketOrderAgain = { lines: MarketLine[]; changes: string[] };

/**
 * "Order again" on a market order or one farm's part of it: each line as the farm offers it at the
 * market on the offer's day, for the market basket (never the farm's own basket, whose pickup is
 * elsewhere). What the farm does not offer that day, sold out, without a price or now sold only by
 * variant is left out; less stock than asked lowers the quantity; a new price is said with the old
 * one. Nothing is added while the market takes no orders for the day. The server checks the basket
 * again when it is placed.
 */
export function marketOrderAgain(parts: readonly Pick<Order, 'items' | 'producer'>[], offer: MarketOffer): MarketOrderAgain {
  const day = marketDayText(offer.date);
  if (!offer.open) return { lines: [], changes: [offer.notice ?? `Ordering is closed for ${day}.`] };
  const lines: MarketLine[] = [];
  const changes: string[] = [];
  for (const part of parts) {
    const vendor = offer.vendors.find((v) => v.producerUserId === part.producer.user_id);
    const farm = part.producer.farm_name;
    for (const item of part.items) {
      const wanted = item.ordered_quantity ?? item.quantity;
      const name = lineName(item.name, item.variant_name);
      if (wanted <= 0) continue;
      if (!vendor) {
        changes.push(`${name}: ${farm} is not at the market on ${day}. Left out.`);
        continue;
      }
      if (!vendor.open) {
        changes.push(`${name}: ordering from ${farm} has closed for ${day}. Left out.`);
        continue;
      }
      const product = vendor.products.find((p) => p.id === item.product_id);
      if (!product) {
        changes.push(`${name} is not offered at the market on ${day}: left out.`);
        continue;
      }
      const kind = pastLineKind(item, product, 'the market’s page');
      if ('change' in kind) {
        changes.push(kind.change);
        continue;
      }
      const { variant } = kind;
      const offered = variant ?? product;
      if (offered.price === null) {
        changes.push(`${name} has no price now: ask the farm. Left out.`);
        continue;
      }
      if (offered.stockQuantity === 0) {
        changes.push(`${name} is sold out for ${day}: left out.`);
        continue;
      }
      const weightUnit = product.weightUnit === 'lb' || product.weightUnit === 'oz' ? product.weightUnit : null;
      const max = maxReservable(offered.stockQuantity);
      const quantity = Math.min(wanted, max);
      if (quantity < wanted) changes.push(`${name}: only ${quantity} left, so ${quantity} instead of ${wanted}.`);
      if (toCents(offered.price) !== toCents(item.unit_price))
        changes.push(
          `${name} is now ${formatPrice(offered.price, weightUnit ?? offered.priceUnit)} (was ${formatCents(toCents(item.unit_price))}).`,
        );
      lines.push({
        producerUserId: vendor.producerUserId,
        farmName: vendor.farmName,
        productId: product.id,
        variantId: variant?.id ?? null,
        name,
        price: offered.price,
        priceUnit: offered.priceUnit,
        weightUnit,
        packMin: product.packMin,
        packMax: product.packMax,
        quantity,
        max,
      });
    }
  }
  return { lines, changes };
}
