import type { ProductSort } from '@farmstand/shared/schemas/search';
import { boundingBox, type Point } from '../../../lib/geo';
import { type BenefitColumns, type BenefitsWanted, maskOn, TAKES_NOTHING, takesWanted } from '../benefit-filter';
import { isVisible } from '../visible-until';
import { farthestCornerOf, nearestPointOf } from './geo-math';
import type { IndexParts, ListingData, OverlayListing, OverlayProducer, ProducerData } from './index-data';
import type { ProductDisplayColumns } from './listing-display';
import { EMPTY_POSTING, inRegion, intersect, type Posting, type RegionalPosting, union } from './postings';
import { SlotBitmaps, setBit } from './slot-bitmaps';
import { SpatialGrid } from './spatial-grid';
import { compareUtf8, TrigramCodes } from './word-similarity';

/**
 * The tables of the listing index (decision 125): every listing of `search_listings` as typed
 * arrays, an inverted index of its lexemes (the ones PostgreSQL stored in its tsvectors), the
 * producers on a grid, the farm names in their orders, and the overlay of producers written since
 * the build. The questions read them: product-ranking.ts and product-nearby.ts (product search),
 * producer-ranking.ts (the producer list), type-ahead.ts, farm-similarity.ts.
 *
 * The base is built once from the database and never changes; a producer written since (the change
 * feed of decision 121) is masked in the base and answered from a small overlay loaded afresh.
 */

export type IndexQuery = {
  /** Lexeme groups (AND of ORs); null: no text. */
  groups: string[][] | null;
  category?: string;
  availability?: string;
  /** Only farms taking this benefit on its day (../benefit-filter.ts). */
  benefits?: BenefitsWanted;
  /** A centre; `radiusMiles` null means any distance. */
  area?: { center: Point; radiusMiles: number | null };
  /** Relevance when absent (product-order.ts). */
  sort?: ProductSort;
  offset: number;
  limit: number;
  now: number;
};

export type IndexAnswer = { page: { id: number; distance: number | null }[]; total: number };

/** A distance function from a centre (geo-math.ts#distanceFrom). */
export type Measure = (lat: number, lng: number) => number;

/** Every path of the index, base and overlay, asks the one visibility rule (../visible-until.ts). */
export { isVisible };

/**
 * A grid cell is skipped as outside a circle only when the nearest point of its box is this much
 * farther than the radius: on a sphere the nearest point of a cell's side is not exactly at the
 * clamped centre (it is off by well under a tenth of a mile at these radii), and a cell read for
 * nothing costs only time, while a cell skipped wrongly would lose a listing.
 */
export const OUTSIDE_SLACK_MILES = 1;

export class IndexTables {
  readonly listingCount: number;
  readonly productIds!: Int32Array;
  readonly producerOf!: Int32Array;
  readonly categoryOf!: Uint8Array;
  readonly availabilityOf!: Uint8Array;
  readonly categories!: string[];
  readonly availabilities!: string[];
  readonly postings!: Map<string, Posting>;
  readonly namePostings!: Map<string, Posting>;
  readonly farmPostings!: Map<string, Posting>;
  readonly regionalPostings!: Map<string, RegionalPosting>;
  readonly categoryPostings!: Int32Array[];

  readonly producerIds!: Int32Array;
  private readonly producerSlot = new Map<number, number>();
  readonly latitudes!: Float64Array;
  readonly longitudes!: Float64Array;
  private readonly visibleUntil!: Float64Array;
  /** 1 when the producer was written after the build: the overlay answers for it. */
  private readonly masked: Uint8Array;
  /** 1 when the producer is unmasked and visible at the last refresh; exact until `visibleValidUntil`. */
  readonly visibleNow: Uint8Array;
  private visibleValidUntil = Number.NEGATIVE_INFINITY;
  private visibleRefreshedAt = Number.NEGATIVE_INFINITY;
  /** Bumped whenever `visibleNow` changes: base totals are kept per epoch. */
  private visibleEpoch = 0;
  private readonly totalsByEpoch = new Map<string, { epoch: number; total: number }>();
  /** What each base farm takes by day (../benefit-filter.ts). */
  readonly benefits!: BenefitColumns;
  /**
   * Per query: 1 for each base farm taking the benefit asked for today, or null when none is asked
   * (set by `begin`). Every path tests it with `visibleNow`: `passes`, the counts of `countsNow`.
   */
  takingNow: Uint8Array | null = null;
  /** Per query: '' or the benefit asked for and its day, in the keys of the per-filter caches. */
  benefitKey = '';
  /** The day of the benefit-keyed cache entries: they are dropped when a query asks of another day. */
  private benefitDay = Number.NaN;
  /** Each producer's listing slots (CSR: `producerListings[start[p] … start[p + 1]]`), newest first. */
  readonly listingStart!: Int32Array;
  readonly producerListings!: Int32Array;
  readonly grid: SpatialGrid;
  /** Per query: the grid cells a centred search has read, valid while its stamp is the query's. */
  readonly cellReadStamp: Uint32Array;
  /** Common words, categories and availabilities as bits per slot, for exact totals (decision 280). */
  readonly bitmaps: SlotBitmaps;
  /** The slots of visible base producers as bits, per benefit asked for ('' none), for a visibility epoch. */
  private readonly visibleSlots = new Map<string, { epoch: number; bits: Uint32Array }>();
  /** Per filter: listings per producer (products), or 1 per passing producer (the producer list). */
  readonly countsByFilter = new Map<string, Int32Array>();
  /** Per filter, the listings each grid cell's visible producers hold, for one visibility epoch. */
  private readonly cellHeldByFilter = new Map<string, { epoch: number; held: Int32Array }>();

  readonly overlay = new Map<number, OverlayProducer>();
  private overlayListings = 0;
  /** Bumped by every change to the overlay (the type-ahead rebuilds its names of the overlay). */
  overlayVersion = 0;
  /** The overlay's listings by product id, for writing a page (answerJson). */
  readonly overlayById = new Map<number, { listing: OverlayListing; entry: OverlayProducer }>();

  // Farms and names (decision 191): the type-ahead and the producer list.
  readonly listingNames!: string[];
  readonly nameStart!: Int32Array;
  readonly nameListings!: Int32Array;
  readonly nameCodes = new Map<string, number>();
  readonly farmNames!: string[];
  readonly farmLower!: string[];
  readonly verified!: Uint8Array;
  readonly userIds!: Int32Array;
  readonly cities!: string[];
  readonly states!: string[];
  readonly productDisplay!: ProductDisplayColumns;
  readonly nameOf!: Int32Array;
  readonly deliveryAvailable!: Uint8Array;
  readonly deliveryRadius!: Float64Array;
  /** Trigram numbering shared by farm names and product names. */
  readonly trigrams = new TrigramCodes();
  /** Slots in farm-name order (byte order, then producer id) and each slot's rank in it. */
  readonly byName: Int32Array;
  readonly nameRank: Int32Array;
  /** Slots in lower(farm name) byte order, then producer id (the type-ahead's prefix range). */
  readonly byLower: Int32Array;
  /** Per query: each producer's distance, valid while its stamp is the query's. */
  private readonly distances: Float64Array;
  private readonly distanceStamp: Uint32Array;
  /** The query's number: per-query marks (distances, cells read, farms) hold while their stamp is it. */
  stamp = 0;

  constructor(parts: IndexParts) {
    Object.assign(this, parts);
    this.listingCount = parts.productIds.length;
    const producerCount = parts.producerIds.length;
    this.masked = new Uint8Array(producerCount);
    this.visibleNow = new Uint8Array(producerCount);
    this.distances = new Float64Array(producerCount);
    this.distanceStamp = new Uint32Array(producerCount);
    parts.listingNames.forEach((name, code) => {
      this.nameCodes.set(name, code);
    });
    const slots = Array.from({ length: producerCount }, (_, slot) => slot);
    this.byName = Int32Array.from(
      [...slots].sort(
        (a, b) => compareUtf8(parts.farmNames[a], parts.farmNames[b]) || parts.producerIds[a] - parts.producerIds[b],
      ),
    );
    this.nameRank = new Int32Array(producerCount);
    this.byName.forEach((slot, rank) => {
      this.nameRank[slot] = rank;
    });
    this.byLower = Int32Array.from(
      slots.sort((a, b) => compareUtf8(parts.farmLower[a], parts.farmLower[b]) || parts.producerIds[a] - parts.producerIds[b]),
    );
    parts.producerIds.forEach((producerId, slot) => {
      this.producerSlot.set(producerId, slot);
    });
    this.grid = new SpatialGrid(parts.latitudes, parts.longitudes);
    this.cellReadStamp = new Uint32Array(this.grid.cellCount);
    this.bitmaps = new SlotBitmaps(
      this.listingCount,
      parts.postings,
      parts.categoryOf,
      parts.availabilityOf,
      parts.categories.length,
      parts.availabilities.length,
    );
  }

  /**
   * Starts a query at `now`: a new stamp for the per-query marks, visibility as of `now`, and the
   * farms taking the benefit asked for (if any) on its day.
   */
  begin(now: number, benefits?: BenefitsWanted): void {
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    this.refreshVisibility(now);
    this.takingNow = benefits ? this.benefits.taking(benefits) : null;
    this.benefitKey = benefits ? `#benefit${benefits.bits}@${benefits.day}` : '';
    if (benefits && benefits.day !== this.benefitDay) {
      if (!Number.isNaN(this.benefitDay)) this.forgetBenefitEntries();
      this.benefitDay = benefits.day;
    }
  }

  /** Drops the cache entries of a benefit asked for (another day's: a benefit key holds `#benefit`). */
  private forgetBenefitEntries(): void {
    for (const cache of [this.countsByFilter, this.totalsByEpoch, this.cellHeldByFilter, this.visibleSlots]) {
      for (const key of [...cache.keys()]) if (key.includes('#benefit')) cache.delete(key);
    }
  }

  /** How many listings the overlay holds (the owner rebuilds the base when it grows large). */
  get overlaySize(): number {
    return this.overlayListings;
  }

  /**
   * Replaces what the index knows of these producers with their current state (null: gone). The
   * base keeps their old rows masked; the overlay answers for them from now on.
   */
  applyProducers(updates: { producerId: number; producer: ProducerData | null; listings: ListingData[] }[]): void {
    for (const update of updates) {
      const slot = this.producerSlot.get(update.producerId);
      if (slot !== undefined) {
        this.masked[slot] = 1;
        this.visibleValidUntil = Number.NEGATIVE_INFINITY;
      }
      const previous = this.overlay.get(update.producerId);
      if (previous) {
        this.overlayListings -= previous.listings.length;
        for (const listing of previous.listings) this.overlayById.delete(listing.id);
      }
      const listings = update.listings
        .map((listing) => ({
          id: listing.productId,
          display: listing.display,
          productName: listing.name,
          category: listing.category,
          availability: listing.availability,
          name: new Set(listing.nameLexemes),
          doc: new Set(listing.docLexemes),
        }))
        .sort((a, b) => b.id - a.id);
      const entry = {
        producer: update.producer,
        farm: new Set(update.producer?.farmLexemes ?? []),
        trigrams: this.trigrams.encode(update.producer?.farmLower ?? ''),
        listings,
      };
      this.overlay.set(update.producerId, entry);
      for (const listing of listings) this.overlayById.set(listing.id, { listing, entry });
      this.overlayListings += listings.length;
    }
    this.overlayVersion++;
  }

  // ── Visibility (`isVisible`) ─────────────────────────────────────────────────────────────────

  /**
   * Standing changes by the clock alone (a trial or a cancelled period ends): the bitmap is exact
   * until the earliest end still ahead, then recomputed (one pass over the producers).
   */
  private refreshVisibility(now: number): void {
    if (now < this.visibleValidUntil && now >= this.visibleRefreshedAt) return;
    let next = Number.POSITIVE_INFINITY;
    for (let producer = 0; producer < this.visibleNow.length; producer++) {
      const until = this.visibleUntil[producer];
      const visible = isVisible(until, now);
      this.visibleNow[producer] = visible && this.masked[producer] === 0 ? 1 : 0;
      if (visible && until < next) next = until;
    }
    this.visibleValidUntil = next;
    this.visibleRefreshedAt = now;
    this.visibleEpoch++;
  }

  /** The overlay's producers visible at `now` (and taking the benefit asked for, if any). */
  *visibleOverlay(query: { now: number; benefits?: BenefitsWanted }): Generator<{
    producer: ProducerData;
    entry: OverlayProducer;
  }> {
    for (const entry of this.overlay.values()) {
      const producer = entry.producer;
      if (!producer || !isVisible(producer.visibleUntil, query.now)) continue;
      if (query.benefits && !takesWanted(producer.benefits, query.benefits)) continue;
      yield { producer, entry };
    }
  }

  /**
   * The visible base listings (of farms taking the benefit asked for, if any) as bits, rebuilt when
   * visibility changed (one pass over the producers).
   */
  visibleSlotBits(): Uint32Array {
    const kept = this.visibleSlots.get(this.benefitKey);
    if (kept?.epoch === this.visibleEpoch) return kept.bits;
    const bits = kept?.bits ?? this.bitmaps.blank();
    bits.fill(0);
    const taking = this.takingNow;
    for (let producer = 0; producer < this.visibleNow.length; producer++) {
      if (this.visibleNow[producer] === 0 || (taking !== null && taking[producer] === 0)) continue;
      for (let i = this.listingStart[producer]; i < this.listingStart[producer + 1]; i++) setBit(bits, this.producerListings[i]);
    }
    this.visibleSlots.set(this.benefitKey, { epoch: this.visibleEpoch, bits });
    return bits;
  }

  // ── Filters and counts ───────────────────────────────────────────────────────────────────────

  codeFilter(values: string[], wanted: string | undefined): number {
    if (wanted === undefined) return -1;
    const at = values.indexOf(wanted);
    return at >= 0 ? at : -2; // -2: a value no base listing has
  }

  /** Whether a base listing passes category, availability, its producer's standing (now) and the benefit asked for. */
  passes(slot: number, category: number, availability: number): boolean {
    if (category !== -1 && this.categoryOf[slot] !== category) return false;
    if (availability !== -1 && this.availabilityOf[slot] !== availability) return false;
    const producer = this.producerOf[slot];
    return this.visibleNow[producer] === 1 && (this.takingNow === null || this.takingNow[producer] === 1);
  }

  overlayPasses(listing: OverlayListing, query: { category?: string; availability?: string }): boolean {
    return (
      (query.category === undefined || listing.category === query.category) &&
      (query.availability === undefined || listing.availability === query.availability)
    );
  }

  /** Listings per producer for a filter, counted once per filter (the base never changes). */
  countsFor(category: number, availability: number): Int32Array {
    const key = `${category}|${availability}`;
    let counts = this.countsByFilter.get(key);
    if (!counts) {
      counts = new Int32Array(this.producerIds.length);
      for (let slot = 0; slot < this.listingCount; slot++) {
        if (category >= 0 && this.categoryOf[slot] !== category) continue;
        if (availability >= 0 && this.availabilityOf[slot] !== availability) continue;
        counts[this.producerOf[slot]]++;
      }
      this.countsByFilter.set(key, counts);
    }
    return counts;
  }

  /**
   * `countsFor`, with 0 for the farms not taking the benefit asked for in this query (if any): kept
   * per filter and benefit for its day.
   */
  countsNow(category: number, availability: number): Int32Array {
    const taking = this.takingNow;
    if (taking === null) return this.countsFor(category, availability);
    const key = this.filterKey(category, availability);
    let counts = this.countsByFilter.get(key);
    if (!counts) {
      counts = this.countsFor(category, availability).map((count, producer) => (taking[producer] === 1 ? count : 0));
      this.countsByFilter.set(key, counts);
    }
    return counts;
  }

  /** The key of a filter in the per-filter caches: category, availability and the benefit asked for. */
  filterKey(category: number, availability: number): string {
    return `${category}|${availability}${this.benefitKey}`;
  }

  /** Visible base listings of a filter (and the benefit asked for): summed over producers once per visibility epoch. */
  baseTotal(category: number, availability: number): number {
    if (category === -2 || availability === -2) return 0;
    const key = this.filterKey(category, availability);
    const kept = this.totalsByEpoch.get(key);
    if (kept?.epoch === this.visibleEpoch) return kept.total;
    const counts = this.countsNow(category, availability);
    let total = 0;
    for (let producer = 0; producer < counts.length; producer++) if (this.visibleNow[producer]) total += counts[producer];
    this.totalsByEpoch.set(key, { epoch: this.visibleEpoch, total });
    return total;
  }

  /**
   * What a producer takes on `day`, as bits (../benefit-filter.ts): its current state from the
   * overlay when it changed since the build, else its base slot's; 0 for a producer the index
   * does not hold.
   */
  takesOf(producerId: number, day: number): number {
    const changed = this.overlay.get(producerId);
    if (changed) return changed.producer ? maskOn(changed.producer.benefits ?? TAKES_NOTHING, day) : 0;
    const slot = this.producerSlot.get(producerId);
    return slot === undefined ? 0 : this.benefits.maskOf(slot, day);
  }

  /** The base slot of a product id (slots are in id-descending order). */
  slotOf(id: number): number {
    let low = 0;
    let high = this.listingCount - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.productIds[middle];
      if (at === id) return middle;
      if (at > id) low = middle + 1;
      else high = middle - 1;
    }
    throw new Error(`listing ${id} is not in the index`);
  }

  // ── Text ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * Base listings matching every group, newest first, with flags (product-order.ts#TIER_OF_FLAGS
   * gives the tier): the groups' postings intersected rarest first. A group that is one common word
   * (kept as bits, slot-bitmaps.ts) is applied last by testing its bits for the matches so far, not
   * by merging with its long postings; only when every group is such a word are the rarest one's
   * postings read.
   */
  textMatches(groups: string[][], region?: number, within: Map<string, Posting> = this.postings): Posting {
    const postingOf = (lexeme: string) =>
      region === undefined ? within.get(lexeme) : inRegion(this.regionalPostings.get(lexeme), region);
    // Each group is a common word applied by its bits below, or its postings' union now.
    const byBits: string[] = [];
    const unions: Posting[] = [];
    for (const group of groups) {
      if (group.length === 1 && this.bitmaps.holds(group[0])) byBits.push(group[0]);
      else unions.push(union(group, postingOf));
    }
    // Rarest first keeps the intersections small; with every group a common word, the rarest one's postings start.
    byBits.sort((a, b) => (this.postings.get(a)?.slots.length ?? 0) - (this.postings.get(b)?.slots.length ?? 0));
    if (unions.length === 0 && byBits.length > 0) unions.push(postingOf(byBits.shift() as string) ?? EMPTY_POSTING);
    unions.sort((a, b) => a.slots.length - b.slots.length);
    let current: Posting | null = null;
    for (const posting of unions) {
      // Intersection ANDs the flags: NAME survives only if every group matched in the name.
      current = current ? intersect(current, posting) : posting;
      if (current.slots.length === 0) return current;
    }
    const kind = within === this.namePostings ? 'name' : within === this.farmPostings ? 'farm' : 'anywhere';
    for (const lexeme of byBits) {
      if (!current || current.slots.length === 0) break;
      current = this.bitmaps.keepHolding(current, lexeme, kind) as Posting;
    }
    return current ?? EMPTY_POSTING;
  }

  // ── Place ────────────────────────────────────────────────────────────────────────────────────

  /** A base producer's miles from the centre (NaN: not on the map), measured once per query. */
  distanceOf(producer: number, measure: Measure): number {
    if (this.distanceStamp[producer] !== this.stamp) {
      const latitude = this.latitudes[producer];
      this.distances[producer] = Number.isNaN(latitude) ? Number.NaN : measure(latitude, this.longitudes[producer]);
      this.distanceStamp[producer] = this.stamp;
    }
    return this.distances[producer];
  }

  /** Visible, unmasked base producers within `miles` (all, when null) with their distance. */
  producersWithin(center: Point, miles: number | null, measure: Measure): { slot: number; distance: number }[] {
    const found: { slot: number; distance: number }[] = [];
    // The grid's cells touching the circle's box; a circle too large for a box reads every producer.
    const box = miles === null ? null : boundingBox(center, miles);
    const { start, slots } = this.grid;
    const cells = box ? this.grid.cellsIn(box) : null;
    const ranges = cells ? cells.map((cell) => [start[cell], start[cell + 1]]) : [[0, this.producerIds.length]];
    for (const [from, to] of ranges) {
      for (let i = from; i < to; i++) {
        const slot = cells ? slots[i] : i;
        if (this.visibleNow[slot] === 0) continue;
        const distance = this.distanceOf(slot, measure);
        if (miles === null || distance <= miles) found.push({ slot, distance: Number.isNaN(distance) ? Infinity : distance });
      }
    }
    return found;
  }

  /** Listings of visible base producers within `miles` of the centre: whole cells inside the circle by their sums. */
  heldWithin(center: Point, miles: number, counts: Int32Array, filter: string, measure: Measure): number {
    const box = boundingBox(center, miles);
    if (!box) return this.producersWithin(center, miles, measure).reduce((sum, { slot }) => sum + counts[slot], 0);
    const cellHeld = this.cellHeld(counts, filter);
    // A hair inside the radius: a producer in a cell whose corners are all inside is inside too.
    const inside = miles - 1e-6;
    const { start, slots } = this.grid;
    let held = 0;
    for (const cell of this.grid.cellsIn(box)) {
      if (cellHeld[cell] === 0) continue;
      const sides = this.grid.sidesOf(cell);
      if (nearestPointOf(sides, center, measure) > miles + OUTSIDE_SLACK_MILES) continue;
      if (farthestCornerOf(sides, center, measure) < inside) {
        held += cellHeld[cell];
        continue;
      }
      for (let i = start[cell]; i < start[cell + 1]; i++) {
        const slot = slots[i];
        if (this.visibleNow[slot] === 1 && counts[slot] > 0 && this.distanceOf(slot, measure) <= miles) held += counts[slot];
      }
    }
    return held;
  }

  /** Per grid cell, the listings of a filter its visible base producers hold: summed once per visibility epoch. */
  private cellHeld(counts: Int32Array, filter: string): Int32Array {
    const kept = this.cellHeldByFilter.get(filter);
    if (kept?.epoch === this.visibleEpoch) return kept.held;
    const held = kept?.held ?? new Int32Array(this.grid.cellCount);
    const { start, slots } = this.grid;
    for (let cell = 0; cell < this.grid.cellCount; cell++) {
      let sum = 0;
      for (let i = start[cell]; i < start[cell + 1]; i++) if (this.visibleNow[slots[i]] === 1) sum += counts[slots[i]];
      held[cell] = sum;
    }
    this.cellHeldByFilter.set(filter, { epoch: this.visibleEpoch, held });
    return held;
  }
}

/** An overlay producer's miles from the centre (NaN: not on the map). */
export function overlayDistance(producer: ProducerData, measure: Measure): number {
  return producer.latitude === null || producer.longitude === null ? Number.NaN : measure(producer.latitude, producer.longitude);
}
