import type { StandCatalog, StandProduct } from '@farmstand/shared/schemas/stand';

/**
 * The register's tiles: each product without variants, and each variant of one, as one tile, with
 * the text the search box reads prepared once (lower case), so filtering 500 tiles on a phone is
 * a plain loop of `includes` (well under the 100 ms budget: `tiles.test.ts` measures it).
 */
export type Tile = {
  key: string;
  productId: number;
  variantId: number | null;
  name: string;
  category: string;
  imageUrl: string | null;
  priceCents: number;
  weightUnit: 'lb' | 'oz' | null;
  /** Left to sell on this phone's count, or null when the farm does not track it. */
  stock: number | null;
  product: StandProduct;
  search: string;
};

export const tileKey = (productId: number, variantId: number | null) => `${productId}:${variantId ?? ''}`;

export function tilesOf(catalog: StandCatalog): Tile[] {
  const tiles: Tile[] = [];
  for (const product of catalog.products) {
    const base = { productId: product.id, category: product.category, imageUrl: product.image_url, product };
    if (product.variants.length === 0) {
      tiles.push({
        ...base,
        key: tileKey(product.id, null),
        variantId: null,
        name: product.name,
        priceCents: product.price_cents,
        weightUnit: product.weight_unit,
        stock: product.stock,
        search: `${product.name} ${product.category}`.toLowerCase(),
      });
      continue;
    }
    for (const variant of product.variants) {
      const name = `${product.name} — ${variant.name}`;
      tiles.push({
        ...base,
        key: tileKey(product.id, variant.id),
        variantId: variant.id,
        name,
        priceCents: variant.price_cents,
        weightUnit: variant.weight_unit,
        stock: variant.stock,
        search: `${name} ${product.category}`.toLowerCase(),
      });
    }
  }
  return tiles;
}

/** The tiles whose name or category hold every word typed, in the catalogue's order. */
export function filterTiles(tiles: readonly Tile[], text: string): Tile[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return tiles as Tile[];
  return tiles.filter((tile) => words.every((word) => tile.search.includes(word)));
}
