import type { ProductSort } from '@farmstand/shared/schemas/search';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The orders of a product search (decisions 041, 401), for both engines. Every order compares the
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
 * `sortKey` is the in-memory listing index's key, `sortKeySql` the SQL path's; the listing index's
 * parity tests hold them to the same answers.
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

/**
 * The same keys as SQL over a listing's tier, distance (null: unknown) and price (`p.price`);
 * ordered by `sort_tier desc, sort_distance asc nulls last, product_id desc`.
 */
export function sortKeySql(sort: ProductSort, facts: { tier: SQL; distance: SQL; price: SQL }): { tier: SQL; distance: SQL } {
  switch (sort) {
    case 'relevance':
      return { tier: facts.tier, distance: facts.distance };
    case 'price':
      return { tier: sql`coalesce(-(${facts.price})::float8, '-infinity'::float8)`, distance: sql`0::float8` };
    case 'distance':
      return { tier: sql`0`, distance: facts.distance };
    case 'newest':
      return { tier: sql`0`, distance: sql`0::float8` };
  }
}

export const SORT_KEY_ORDER = sql`sort_tier desc, sort_distance asc nulls last, product_id desc`;
