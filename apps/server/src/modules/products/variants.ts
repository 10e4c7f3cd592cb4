import { type Cents, toCentsOrNull } from '@farmstand/shared/format/money';
import type { ProductInput, VariantInput } from '@farmstand/shared/schemas/products';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * A product's variants (decision 510): a cut, a pack size, a flavour, each with its own price, unit
 * or pack weight range, stock and availability. Without variants the product itself is sold.
 */

/** The product row's columns that say what its variants are, for lists and search ("from $X"). */
export type VariantSummary = {
  priceCents: Cents | null;
  priceUnit: string | null;
  weightUnit: 'lb' | 'oz' | null;
  packMin: number | null;
  packMax: number | null;
  stockQuantity: number | null;
  priceFrom: boolean;
  variantNames: string | null;
};

/**
 * With variants, the product row shows the cheapest variant's price as the card's "from" price:
 * the lowest listed price (per pack, or per lb/oz for a variant sold by weight), the first in the
 * producer's order on a tie; `priceFrom` when the variants' prices or units differ. Stock is
 * tracked per variant, so the product's own is cleared. Without variants: the product's own fields.
 */
export function summarizeVariants(input: ProductInput): VariantSummary {
  const variants = input.variants;
  if (variants.length === 0) {
    return {
      priceCents: toCentsOrNull(input.price),
      priceUnit: input.weight_unit ?? input.price_unit,
      weightUnit: input.weight_unit,
      packMin: input.pack_min,
      packMax: input.pack_max,
      stockQuantity: input.stock_quantity,
      priceFrom: false,
      variantNames: null,
    };
  }
  const priced = variants.filter((v) => v.price !== null);
  const cheapest = priced.reduce<VariantInput | null>(
    (low, v) => (low === null || (v.price ?? 0) < (low.price ?? 0) ? v : low),
    null,
  );
  const shown = cheapest ?? variants[0];
  const key = (v: VariantInput) => `${v.price}|${v.weight_unit ?? v.price_unit ?? ''}`;
  return {
    priceCents: toCentsOrNull(shown.price),
    priceUnit: shown.weight_unit ?? shown.price_unit,
    weightUnit: shown.weight_unit,
    packMin: shown.pack_min,
    packMax: shown.pack_max,
    stockQuantity: null,
    priceFrom: new Set(variants.map(key)).size > 1,
    variantNames: variants.map((v) => v.name).join(', '),
  };
}

/**
 * Makes the product's variants those of the body, in its order, inside the product's write: an
 * entry with an id changes that variant (which must be this product's), one without adds a variant,
 * and an active variant the body leaves out is retired (kept inactive for the orders that name it).
 */
export async function replaceVariants(
  tx: Db,
  productId: number,
  variants: (VariantInput & { sku?: string | null })[],
): Promise<void> {
  const existing = await tx
    .select({ id: productVariants.id, active: productVariants.active })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const own = new Set(existing.map((v) => v.id));
  const kept = new Set<number>();
  for (const [position, variant] of variants.entries()) {
    const values = {
      position,
      name: variant.name,
      priceCents: toCentsOrNull(variant.price),
      priceUnit: variant.weight_unit ?? variant.price_unit,
      weightUnit: variant.weight_unit,
      packMin: variant.pack_min,
      packMax: variant.pack_max,
      stockQuantity: variant.stock_quantity,
      availability: variant.availability,
      active: true,
      // The farm's own code: set by the catalogue import, left as it is by the form (decision 585).
      ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
    };
    if (variant.id === null) {
      await tx.insert(productVariants).values({ ...values, productId });
      continue;
    }
    if (!own.has(variant.id)) throw badRequest(`Variant ${variant.id} is not one of this product's variants`, 'variants');
    kept.add(variant.id);
    await tx
      .update(productVariants)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(productVariants.id, variant.id), eq(productVariants.productId, productId)));
  }
  for (const old of existing) {
    if (old.active && !kept.has(old.id))
      await tx.update(productVariants).set({ active: false, updatedAt: sql`now()` }).where(eq(productVariants.id, old.id));
  }
}
