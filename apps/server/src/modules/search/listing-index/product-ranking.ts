import type { ProductSort } from '@farmstand/shared/schemas/search';
import { byRank, overlayTier, ranksBefore, type SortKey, sortKey, TIER_OF_FLAGS } from '../product-order';
import { distanceFrom } from './geo-math';
import type { ProducerData } from './index-data';
import { type IndexAnswer, type IndexQuery, type IndexTables, type Measure, overlayDistance } from './index-tables';
import { holds, type Posting } from './postings';
import { searchNearby } from './product-nearby';
import { TopK } from './top-k';

/**
 * Product search over the index's tables (decision 125), in exactly the order of product-order.ts:
 * relevance tier (3 words in the product's name, 2 in its farm's name, 1 elsewhere), then distance
 * from the centre, then newest; or another order asked for. Text and browse answers are here, those
 * with a centre in product-nearby.ts.
 */
export function searchProducts(t: IndexTables, query: IndexQuery): IndexAnswer {
  t.begin(query.now, query.benefits);
  if (query.sort && query.sort !== 'relevance') return searchSorted(t, query, query.sort);
  if (query.area) return searchNearby(t, query, query.area);
  if (query.groups) return searchText(t, query, query.groups);
  return browse(t, query);
}

/**
 * Another order than relevance (product-order.ts): every match (in the radius) keyed and the page
 * kept while walking them; the total is the relevance answer's, as on the SQL path.
 */
function searchSorted(t: IndexTables, query: IndexQuery, sort: ProductSort): IndexAnswer {
  const { total } = searchProducts(t, { ...query, sort: undefined });
  const category = t.codeFilter(t.categories, query.category);
  const availability = t.codeFilter(t.availabilities, query.availability);
  const measure = query.area ? distanceFrom(query.area.center) : null;
  const radius = query.area?.radiusMiles ?? null;
  const groups = query.groups;
  const top = new TopK<SortKey>(query.offset + query.limit, byRank);
  if (category !== -2 && availability !== -2) {
    const matches = groups ? t.textMatches(groups) : null;
    const count = matches ? matches.slots.length : t.listingCount;
    for (let i = 0; i < count; i++) {
      const slot = matches ? matches.slots[i] : i;
      if (!t.passes(slot, category, availability)) continue;
      const distance = measure ? t.distanceOf(t.producerOf[slot], measure) : Number.NaN;
      if (radius !== null && !(distance <= radius)) continue;
      const tier = matches ? TIER_OF_FLAGS[matches.flags[i] & 3] : 1;
      const price = t.productDisplay.priceOf(slot);
      const key = sortKey(sort, { tier, distance, price, id: t.productIds[slot] });
      if (!top.full || ranksBefore(key.tier, key.distance, key.id, top.worst)) top.offer(key);
    }
  }
  for (const { producer, entry } of t.visibleOverlay(query)) {
    const distance = measure ? overlayDistance(producer, measure) : Number.NaN;
    if (radius !== null && !(distance <= radius)) continue;
    for (const listing of entry.listings) {
      if (!t.overlayPasses(listing, query)) continue;
      const tier = groups ? overlayTier(listing, entry.farm, groups) : 1;
      if (tier === 0) continue;
      top.offer(sortKey(sort, { tier, distance, price: listing.display.price, id: listing.id }));
    }
  }
  const page = top.result().slice(query.offset);
  return { page: page.map(({ id }) => ({ id, distance: measure ? shownDistance(t, id, measure) : null })), total };
}

/** A listing's miles from the centre as a result shows it (null: its farm is not on the map). */
function shownDistance(t: IndexTables, id: number, measure: Measure): number | null {
  const changed = t.overlayById.get(id);
  const miles = changed
    ? overlayDistance(changed.entry.producer as ProducerData, measure)
    : t.distanceOf(t.producerOf[t.slotOf(id)], measure);
  return Number.isFinite(miles) ? miles : null;
}

// ── Text ───────────────────────────────────────────────────────────────────────────────────────

function searchText(t: IndexTables, query: IndexQuery, groups: string[][]): IndexAnswer {
  const need = query.offset + query.limit;
  const category = t.codeFilter(t.categories, query.category);
  const availability = t.codeFilter(t.availabilities, query.availability);
  const byTier: number[][] = [[], [], [], []];
  let total = 0;
  if (category !== -2 && availability !== -2) {
    total = collectByTier(t, groups, category, availability, need, byTier);
  }
  for (const { entry } of t.visibleOverlay(query)) {
    for (const listing of entry.listings) {
      if (!t.overlayPasses(listing, query)) continue;
      const tier = overlayTier(listing, entry.farm, groups);
      if (tier === 0) continue;
      total++;
      byTier[tier].push(listing.id);
    }
  }
  const ordered = [3, 2, 1].flatMap((tier) => byTier[tier].sort((a, b) => b - a));
  return { page: ordered.slice(query.offset, need).map((id) => ({ id, distance: null })), total };
}

/**
 * Base matches into their tiers, newest first as slots are, and the count of them all. The page
 * needs only the first `need` of tier 3, then 2, then 1: each tier is read from its own short
 * postings (the word in the product's name, in the farm's name) and each read stops once it has
 * enough, so a common word's tens of thousands of matches are not walked for the page. The total
 * comes from the word's bits when it is common (slot-bitmaps.ts), else from one walk.
 */
function collectByTier(
  t: IndexTables,
  groups: string[][],
  category: number,
  availability: number,
  need: number,
  byTier: number[][],
): number {
  // Common words only (kept as bits), with a filter or more than one word or alternative: their
  // bits, filtered and walked 32 slots at a time (decision 300), rather than unions or intersections
  // of their long postings. One common word without a filter reads its short name postings below.
  const filtered = category >= 0 || availability >= 0;
  if (filtered || groups.length > 1 || groups[0].length > 1) {
    const keep = (slot: number, tier: number) => byTier[tier].push(t.productIds[slot]);
    const total = t.bitmaps.collectTiers(groups, t.visibleSlotBits(), category, availability, need, keep);
    if (total !== null) return total;
  }
  // With a filter one walk of every match (held to the page per tier) measured faster than the
  // tiers' three reads and the filtered bit count (decision 280).
  if (filtered) return collectInOneWalk(t, groups, category, availability, need, byTier);
  const inName = t.textMatches(groups, undefined, t.namePostings);
  const named = firstOfTier(t, inName, 3, category, availability, need);
  byTier[3].push(...named);
  if (named.length < need) {
    // A group's alternatives may match one in the name, another in the farm's name: that match is
    // tier 3 (in `inName`), though the farm postings alone do not show it.
    const farm = t.textMatches(groups, undefined, t.farmPostings);
    byTier[2].push(...firstOfTier(t, farm, 2, category, availability, need - named.length, inName.slots));
  }
  // Every match (a union or an intersection built for the query) only when tier 1 reaches the
  // page or the total cannot come from bits: a common word's tiers 3 and 2 usually fill it.
  let matches: Posting | null = null;
  const rest = need - byTier[3].length - byTier[2].length;
  if (rest > 0) {
    matches = t.textMatches(groups);
    byTier[1].push(...firstOfTier(t, matches, 1, category, availability, rest));
  }
  return (
    t.bitmaps.count(groups, t.visibleSlotBits(), category, availability) ??
    countPassing(t, matches ?? t.textMatches(groups), category, availability)
  );
}

/** Every match walked once: each kept while its tier and those above hold fewer than `need`. */
function collectInOneWalk(
  t: IndexTables,
  groups: string[][],
  category: number,
  availability: number,
  need: number,
  byTier: number[][],
): number {
  const { slots, flags } = t.textMatches(groups);
  const held = [0, 0, 0, 0];
  let total = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    if (!t.passes(slot, category, availability)) continue;
    total++;
    const tier = TIER_OF_FLAGS[flags[i] & 3];
    // `held[t]`: matches kept in tier t and above (later ones of a tier are older, higher tiers rank first).
    if (held[tier] >= need) continue;
    byTier[tier].push(t.productIds[slot]);
    for (let above = tier; above >= 1; above--) held[above]++;
  }
  return total;
}

/** The ids of the first `want` visible matches of a tier passing the filters. */
function firstOfTier(
  t: IndexTables,
  matches: Posting,
  tier: number,
  category: number,
  availability: number,
  want: number,
  higher: Int32Array | null = null,
): number[] {
  const ids: number[] = [];
  const { slots, flags } = matches;
  for (let i = 0; i < slots.length && ids.length < want; i++) {
    if (TIER_OF_FLAGS[flags[i] & 3] !== tier) continue;
    const slot = slots[i];
    if (higher && holds(higher, slot)) continue;
    if (t.passes(slot, category, availability)) ids.push(t.productIds[slot]);
  }
  return ids;
}

/** How many matches pass the filters, their producer's standing and the benefit asked for. */
function countPassing(t: IndexTables, matches: Posting, category: number, availability: number): number {
  const { slots } = matches;
  const { producerOf, visibleNow, categoryOf, availabilityOf, takingNow } = t;
  let total = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    if (visibleNow[producerOf[slot]] === 0) continue;
    if (takingNow !== null && takingNow[producerOf[slot]] === 0) continue;
    if (category >= 0 && categoryOf[slot] !== category) continue;
    if (availability >= 0 && availabilityOf[slot] !== availability) continue;
    total++;
  }
  return total;
}

// ── Browse ─────────────────────────────────────────────────────────────────────────────────────

/** No text, no centre: newest first. */
function browse(t: IndexTables, query: IndexQuery): IndexAnswer {
  const need = query.offset + query.limit;
  const category = t.codeFilter(t.categories, query.category);
  const availability = t.codeFilter(t.availabilities, query.availability);
  const ids: number[] = [];
  if (category !== -2 && availability !== -2) {
    const slots = category >= 0 ? t.categoryPostings[category] : null;
    const end = slots ? slots.length : t.listingCount;
    for (let i = 0; i < end && ids.length < need; i++) {
      const slot = slots ? slots[i] : i;
      if (t.passes(slot, -1, availability) && (category < 0 || t.categoryOf[slot] === category)) {
        ids.push(t.productIds[slot]);
      }
    }
  }
  let total = t.baseTotal(category, availability);
  for (const { entry } of t.visibleOverlay(query)) {
    for (const listing of entry.listings) {
      if (!t.overlayPasses(listing, query)) continue;
      total++;
      ids.push(listing.id);
    }
  }
  ids.sort((a, b) => b - a);
  return { page: ids.slice(query.offset, need).map((id) => ({ id, distance: null })), total };
}
