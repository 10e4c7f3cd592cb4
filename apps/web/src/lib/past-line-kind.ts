import { lineName } from '@farmstand/shared/format/quantity';

/**
 * Which kind of a product a past order's line asks for again, as the product is offered now (both
 * kinds of "Order again"): the line's own variant, the product itself when it has no variants, or
 * why neither, in words (`where` says where to choose one: "its page", "the market’s page").
 */
export function pastLineKind<V extends { id: number }>(
  item: { name: string; variant_id: number | null; variant_name: string | null },
  product: { name: string; variants: readonly V[] },
  where: string,
): { variant: V | null } | { change: string } {
  const variant = item.variant_id === null ? null : (product.variants.find((v) => v.id === item.variant_id) ?? null);
  if (item.variant_id !== null && !variant)
    return { change: `${lineName(item.name, item.variant_name)} is no longer offered: left out.` };
  if (!variant && product.variants.length > 0)
    return { change: `${product.name} now comes in several kinds: choose one on ${where}.` };
  return { variant };
}
