import type { BenefitProduct } from '@farmstand/shared/benefits/eligibility';
import { lineName } from '@farmstand/shared/format/quantity';
import type { StandPickup, StandProduct } from '@farmstand/shared/schemas/stand';
import type { orderItems, orders, products, productVariants } from '../../db/schema';
import { orderAmounts } from '../orders';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** A product as the phone keeps it: cents, its weight unit, what is left, its tax class and benefit kind. */
export function presentProduct(product: ProductRow, variants: VariantRow[], benefit: BenefitProduct): StandProduct[] {
  const priced = variants.filter((v) => v.priceCents !== null);
  if (product.variantNames !== null && priced.length === 0) return [];
  if (product.priceCents === null && priced.length === 0) return [];
  return [
    {
      id: product.id,
      name: product.name,
      category: product.category,
      image_url: product.primaryImageUrl,
      price_cents: product.priceCents ?? priced[0]?.priceCents ?? 0,
      weight_unit: product.weightUnit,
      stock: product.stockQuantity,
      variants: priced.map((v) => ({
        id: v.id,
        name: v.name,
        price_cents: v.priceCents as number,
        weight_unit: v.weightUnit,
        stock: v.stockQuantity,
      })),
      tax_class: product.taxClass,
      benefit_product: benefit,
    },
  ];
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** One of today's pickups as the phone finds, weighs and hands it over. */
export function presentPickup({ order, items }: { order: OrderRow; items: ItemRow[] }): StandPickup {
  const lines = items.filter((i) => i.quantity > 0);
  const amounts = orderAmounts(lines, order.deliveryFeeCents);
  return {
    order_id: order.id,
    shopper_name: order.shopperName,
    status: order.status,
    window_start: order.windowStart.toISOString(),
    point_name: order.pointName,
    total_cents: amounts.totalCents,
    lines_to_weigh: amounts.linesToWeigh,
    items: lines.map((item) => ({
      id: item.id,
      name: lineName(item.productName, item.variantName),
      quantity: item.quantity,
      unit_price_cents: item.unitPriceCents,
      weight_unit: item.weightUnit,
      weights: item.weights === null ? null : item.weights.map(Number),
    })),
  };
}
