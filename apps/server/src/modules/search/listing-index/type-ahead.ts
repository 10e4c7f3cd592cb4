import type { FarmSimilarity } from './farm-similarity';
import type { ProducerData } from './index-data';
import { type IndexTables, isVisible } from './index-tables';
import { type NameRow, NameTable } from './name-table';
import { type FarmCandidate, farmCandidate, farmOrderOf } from './producer-ranking';
import { compareUtf8, similarityBound, TrigramQuery, WORD_SIMILARITY_THRESHOLD, wordSimilarity } from './word-similarity';

/** A type-ahead product: the name with its newest visible listing (decision 120's suggestion rows). */
export type SuggestedProduct = { id: number; name: string; category: string; farm_name: string };
export type SuggestedProducer = { user_id: number; farm_name: string; city: string; state: string };

type OverlayName = { id: number; category: string; producer: ProducerData };

/**
 * The type-ahead (decision 191) over the index's tables: product names (`search_names`, held here)
 * with their newest visible listing, and farms by name prefix, then by word similarity.
 */
export class TypeAhead {
  private names: NameTable;
  private namesHeld = 0;
  /** Overlay listings by product name, rebuilt on the first type-ahead after a change to the overlay. */
  private overlayNames: Map<string, OverlayName[]> | null = null;
  private overlayNamesVersion = -1;
  private readonly farmOrder: (a: FarmCandidate, b: FarmCandidate) => number;

  constructor(
    private readonly t: IndexTables,
    private readonly farms: FarmSimilarity,
  ) {
    this.names = new NameTable([], t.trigrams);
    this.farmOrder = farmOrderOf(t);
  }

  /** Replaces the type-ahead's product names (`search_names`, which only grows). */
  setNames(rows: NameRow[]): void {
    this.names = new NameTable(rows, this.t.trigrams);
    this.namesHeld = rows.length;
  }

  /** How many `search_names` rows are held (the owner reloads them when the table has more). */
  get nameCount(): number {
    return this.namesHeld;
  }

  /**
   * Product names for the type-ahead, exactly as `suggestProducts` (search.repository.ts): the first
   * `3 × limit` names with a word starting with each typed word (shortest, then byte order), each
   * with its newest visible listing, the first `limit` that have one; then, when fewer were found
   * and the text has three characters, the same over the names the text is word-similar to.
   */
  suggestProducts(lowered: string, limit: number, now: number): SuggestedProduct[] {
    this.t.begin(now);
    const words = lowered.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const withListing = (names: string[]) => {
      const rows: SuggestedProduct[] = [];
      for (const name of names) {
        if (rows.length >= limit) break;
        const row = this.newestVisibleListing(name, now);
        if (row) rows.push(row);
      }
      return rows;
    };
    const products = withListing(this.names.withPrefixes(words, limit * 3).map((ordinal) => this.names.nameAt(ordinal)));
    if (products.length < limit && lowered.length >= 3) {
      const similar = this.names.similarTo(lowered, limit * 3).map(({ ordinal }) => this.names.nameAt(ordinal));
      for (const row of withListing(similar)) {
        if (products.length < limit && !products.some((product) => product.name === row.name)) products.push(row);
      }
    }
    return products;
  }

  /** The newest visible listing of a product name (base or overlay), or null. */
  private newestVisibleListing(name: string, now: number): SuggestedProduct | null {
    const { t } = this;
    let best: SuggestedProduct | null = null;
    const code = t.nameCodes.get(name);
    if (code !== undefined) {
      for (let i = t.nameStart[code]; i < t.nameStart[code + 1]; i++) {
        const slot = t.nameListings[i];
        const producer = t.producerOf[slot];
        if (t.visibleNow[producer] !== 1) continue;
        best = { id: t.productIds[slot], name, category: t.categories[t.categoryOf[slot]], farm_name: t.farmNames[producer] };
        break;
      }
    }
    for (const listing of this.overlayByName().get(name) ?? []) {
      if (isVisible(listing.producer.visibleUntil, now) && (!best || listing.id > best.id)) {
        best = { id: listing.id, name, category: listing.category, farm_name: listing.producer.farmName };
      }
    }
    return best;
  }

  private overlayByName(): Map<string, OverlayName[]> {
    if (!this.overlayNames || this.overlayNamesVersion !== this.t.overlayVersion) {
      const byName = new Map<string, OverlayName[]>();
      for (const entry of this.t.overlay.values()) {
        if (!entry.producer) continue;
        for (const listing of entry.listings) {
          const list = byName.get(listing.productName) ?? [];
          list.push({ id: listing.id, category: listing.category, producer: entry.producer });
          byName.set(listing.productName, list);
        }
      }
      this.overlayNames = byName;
      this.overlayNamesVersion = this.t.overlayVersion;
    }
    return this.overlayNames;
  }

  /**
   * Farms for the type-ahead, exactly as `suggestProducers` (search.repository.ts): visible farms
   * whose lower-cased name starts with the text, in byte order then id, the first `limit`; topped up
   * (text of three characters or more) by farms the text is word-similar to, most similar first, then
   * by name and id. SQL takes the best of at most 1,000 similar farms in no order; the index takes the
   * best of all of them (the same answer whenever 1,000 or fewer are similar).
   */
  suggestProducers(lowered: string, limit: number, now: number): SuggestedProducer[] {
    const { t, farms } = this;
    t.begin(now);
    type Found = { lower: string; id: number; row: SuggestedProducer };
    const prefix: Found[] = [];
    let low = 0;
    let high = t.byLower.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareUtf8(t.farmLower[t.byLower[middle]], lowered) < 0) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < t.byLower.length && prefix.length < limit; i++) {
      const slot = t.byLower[i];
      if (!t.farmLower[slot].startsWith(lowered)) break;
      if (t.visibleNow[slot] === 1) prefix.push({ lower: t.farmLower[slot], id: t.producerIds[slot], row: this.farmRow(slot) });
    }
    for (const { producer } of t.visibleOverlay({ now })) {
      if (producer.farmLower.startsWith(lowered))
        prefix.push({ lower: producer.farmLower, id: producer.producerId, row: overlayRow(producer) });
    }
    prefix.sort((a, b) => compareUtf8(a.lower, b.lower) || a.id - b.id);
    const rows = prefix.slice(0, limit).map((found) => found.row);
    if (rows.length >= limit || lowered.length < 3) return rows;
    // Farms the text is word-similar to (`text <% farm_name`).
    const query = new TrigramQuery(lowered, t.trigrams);
    const similar: (FarmCandidate & { row: SuggestedProducer })[] = [];
    const groups: { group: number; similarity: number }[] = [];
    // Names sharing the most trigrams first; stop once `2 × limit` visible farms are surely ahead of
    // every name left (a name sharing fewer trigrams is no more similar than shared / query size).
    const buckets: number[][] = Array.from({ length: query.size + 1 }, () => []);
    for (const group of farms.countShared(query)) buckets[farms.sharedOfGroup(group)].push(group);
    const visibleAbove = (bound: number) => {
      let count = 0;
      for (const { group, similarity } of groups) {
        if (similarity <= bound) continue;
        for (let rank = farms.groupFirst[group]; rank < farms.groupFirst[group + 1]; rank++) {
          if (t.visibleNow[t.byName[rank]] === 1 && ++count >= limit * 2) return count;
        }
      }
      return count;
    };
    for (let shared = query.size; shared >= 1; shared--) {
      if (similarityBound(shared, query.size) < WORD_SIMILARITY_THRESHOLD) break;
      for (const group of buckets[shared]) {
        const similarity = farms.similarityOfGroup(query, group);
        if (similarity >= WORD_SIMILARITY_THRESHOLD) groups.push({ group, similarity });
      }
      if (visibleAbove(similarityBound(shared - 1, query.size)) >= limit * 2) break;
    }
    // Most similar first, then name (group order) and id (a group's farms are in id order).
    groups.sort((a, b) => b.similarity - a.similarity || a.group - b.group);
    for (const { group, similarity } of groups) {
      for (let rank = farms.groupFirst[group]; rank < farms.groupFirst[group + 1] && similar.length < limit * 2; rank++) {
        const slot = t.byName[rank];
        if (t.visibleNow[slot] === 1) similar.push({ ...farmCandidate(t, slot, similarity, 0), row: this.farmRow(slot) });
      }
      if (similar.length >= limit * 2) break;
    }
    for (const { producer, entry } of t.visibleOverlay({ now })) {
      const similarity = wordSimilarity(query, entry.trigrams);
      if (similarity < WORD_SIMILARITY_THRESHOLD) continue;
      similar.push({
        slot: -1,
        id: producer.producerId,
        name: producer.farmName,
        similarity,
        distance: 0,
        row: overlayRow(producer),
      });
    }
    similar.sort(this.farmOrder);
    for (const candidate of similar.slice(0, limit * 2)) {
      if (rows.length < limit && !rows.some((row) => row.user_id === candidate.row.user_id)) rows.push(candidate.row);
    }
    return rows;
  }

  private farmRow(slot: number): SuggestedProducer {
    const { t } = this;
    return { user_id: t.userIds[slot], farm_name: t.farmNames[slot], city: t.cities[slot], state: t.states[slot] };
  }
}

function overlayRow(producer: ProducerData): SuggestedProducer {
  return { user_id: producer.userId, farm_name: producer.farmName, city: producer.city, state: producer.state };
}
