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
 * `sortKey` is the listing index's key (decision 460: the one engine), `byRank` its order and
 * `tierOfFlags` the relevance tier of a match: this file is the one statement of the ranking rule.
 */
export type SortKey = { tier: number; distance: number; id: number };

/** The relevance tier of a match by its posting flags (postings.ts: NAME 1, FARM 2): name 3, farm 2, else 1. */
export const TIER_OF_FLAGS = [1, 3, 2, 3];

/** The order of every product answer: tier descending, distance ascending, id descending (newest first). */
export const byRank = (a: SortKey, b: SortKey) => b.tier - a.tier || a.distance - b.distance || b.id - a.id;

/**
 * Whether a candidate with these keys ranks before `worst` (byRank < 0), tested before its key object
 * is built: most matches of a full page cannot enter it, and one object each was most of the garbage.
 */
export function ranksBefore(tier: number, distance: number, id: number, worst: SortKey): boolean {
  return tier !== worst.tier ? tier > worst.tier : distance !== worst.distance ? distance < worst.distance : id > worst.id;
}

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

/** An overlay listing's tier for the groups (as TIER_OF_FLAGS for a base one), or 0 when it does not match. */
export function overlayTier(listing: { doc: Set<string>; name: Set<string> }, farm: Set<string>, groups: string[][]): number {
  let inName = true;
  let inFarm = true;
  for (const group of groups) {
    if (!group.some((lexeme) => listing.doc.has(lexeme))) return 0;
    if (!group.some((lexeme) => listing.name.has(lexeme))) inName = false;
    if (!group.some((lexeme) => farm.has(lexeme))) inFarm = false;
  }
  return inName ? 3 : inFarm ? 2 : 1;
}
