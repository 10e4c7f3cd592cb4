import type { ProductCategory } from '@farmstand/shared';
import type { Product } from '@farmstand/shared/schemas/products';

/**
 * Finding one product in a farm's catalogue of a hundred (decision 551): by name, category and, on
 * the producer's own list, whether it is active; in the order asked; a page at a time. The catalogue
 * is one answer (a farm's products, at most a few hundred), so this runs in the browser.
 */
export const PRODUCT_LIST_SORTS = ['listed', 'name', 'price_low', 'price_high', 'updated'] as const;
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number];

export const PRODUCT_LIST_SORT_LABELS: Record<ProductListSort, string> = {
  listed: 'Newest first',
  name: 'Name A–Z',
  price_low: 'Price, low to high',
  price_high: 'Price, high to low',
  updated: 'Recently changed',
};

export const PRODUCT_STATUS_FILTERS = ['all', 'active', 'deleted'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];

export type ProductListFilter = {
  search: string;
  category: ProductCategory | '';
  status: ProductStatusFilter;
  sort: ProductListSort;
};

export const EMPTY_PRODUCT_FILTER: ProductListFilter = { search: '', category: '', status: 'all', sort: 'listed' };

/** True when the filter narrows the list (the sort does not). */
export const isFiltering = (f: ProductListFilter) => f.search.trim() !== '' || f.category !== '' || f.status !== 'all';

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** "Ask for price" sorts after every price, both ways. */
function byPrice(direction: 1 | -1) {
  return (a: Product, b: Product) => {
    if (a.price === null || b.price === null) return a.price === b.price ? byName(a, b) : a.price === null ? 1 : -1;
    return (a.price - b.price) * direction || byName(a, b);
  };
}

/** The products that match, in the asked order; 'listed' keeps the order they came in (the server's). */
export function filterProducts(products: readonly Product[], f: ProductListFilter): Product[] {
  const words = f.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = products.filter(
    (p) =>
      (f.category === '' || p.category === f.category) &&
      (f.status === 'all' || (f.status === 'active') === p.active) &&
      words.every((word) => p.name.toLowerCase().includes(word)),
  );
  switch (f.sort) {
    case 'name':
      return matching.sort(byName);
    case 'price_low':
      return matching.sort(byPrice(1));
    case 'price_high':
      return matching.sort(byPrice(-1));
    case 'updated':
      return matching.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    default:
      return matching;
  }
}

/** The categories a list has, in the order of the first product of each: only those are offered. */
export const categoriesOf = (products: readonly Product[]): ProductCategory[] => [...new Set(products.map((p) => p.category))];

export type Page<T> = { items: T[]; page: number; pageCount: number; first: number; last: number; total: number };

/** One page of a list (1-based), the page kept within range when the list shrinks. */
export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * size;
  const slice = items.slice(start, start + size);
  return { items: slice, page: current, pageCount, first: start + 1, last: start + slice.length, total: items.length };
}
