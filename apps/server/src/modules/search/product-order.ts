import type { ProductSort } from '@farmstand/shared/schemas/search';

/**
 * The orders of a product search (decisions 041, 401). Every order compares the
 * same three keys, `tier` descending, then `distance` ascending (none last), then the product id
 * descending (newest first); an order decides what the first two hold:
 *
 * | sort      | tier                                | distance               |
 * | --------- | ----------------------------------- | ---------------------- |
 * | relevance | words in the name 3, farm 2, else 1 | miles from the centre  |
 * | price     | minus the price (none last)         | 0                      |
 * | distance  | 0                                   | miles (unmapped last)  |
 * | newest    | 0                                   | 0                      |
 *
 * `sortKey` is the listing index's key (decision 460: the one engine).
 */
export type SortKey = { tier: number; distance: number; id: number };

/** What a listing is ordered by: its relevance tier, miles from the centre (NaN: unknown), price (null: none). */
export type SortFacts = { tier: number; distance: number; price: number | null; id: number };

export function sortKey(sort: ProductSort, facts: SortFacts): SortKey {
  const miles = Number.isNaN(facts.distance) ? Number.POSITIVE_INFINITY : facts.distance;
  switch (sort) {
    case 'relevance':
      return { tier: facts.tier, distance: miles, id: facts.id };
    case 'price':
      return { tier: facts.price === null ? Number.NEGATIVE_INFINITY : -facts.price, distance: 0, id: facts.id };
    case 'distance':
      return { tier: 0, distance: miles, id: facts.id };
    case 'newest':
      return { tier: 0, distance: 0, id: facts.id };
  }
}
