import type { ProductSort } from '@farmstand/shared/schemas/search';
import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../geo';
import { type SortKey, sortKey } from '../product-order';
import { lowerBound } from '../sorted-search';
import { distanceFrom, farthestCornerOf, nearestPointOf, regionSides, regionsOf } from './geo-math';
import {
  displayJsonOf,
  farmFieldsJson,
  listingJson,
  type ProducerDisplay,
  type ProductDisplay,
  type ProductDisplayColumns,
} from './listing-display';
import { type NameRow, NameTable } from './name-table';
import type { Posting, RegionalPosting } from './postings';
import type { Vocabulary } from './query-words';
import { selectBest } from './select-best';
import { SlotBitmaps, setBit } from './slot-bitmaps';
import { SpatialGrid } from './spatial-grid';
import {
  compareUtf8,
  similarityBound,
  TrigramCodes,
  TrigramQuery,
  WORD_SIMILARITY_THRESHOLD,
  wordSimilarity,
} from './word-similarity';

/**
 * The product search held in memory (decision 125): every listing of `search_listings` as typed
 * arrays, an inverted index of its lexemes (the ones PostgreSQL stored in its tsvectors) and the
 * producers on a grid. It answers every product search shape in microseconds to a millisecond and
 * in exactly the order of the SQL path: relevance tier (3 words in the product's name, 2 in its
 * farm's name, 1 elsewhere), then distance from the centre, then newest.
 *
 * The base is built once from the database and never changes; a producer written since (the change
 * feed of decision 121) is masked in the base and answered from a small overlay loaded afresh.
 */

export type ProducerData = {
  producerId: number;
  latitude: number | null;
  longitude: number | null;
  /** Epoch ms until which the producer is visible (±Infinity for hidden / for good). */
  visibleUntil: number;
  farmLexemes: string[];
  /** As in `search_producers` (farm name, its lower() by the database, verified) and `producers` (user, city, state). */
  farmName: string;
  farmLower: string;
  verified: boolean;
  userId: number;
  city: string;
  state: string;
  /** Shown in a product search result (listing-display.ts). */
  deliveryAvailable: boolean;
  deliveryRadius: number | null;
};

export type ListingData = {
  productId: number;
  producerId: number;
  name: string;
  category: string;
  availability: string;
  nameLexemes: string[];
  docLexemes: string[];
  /** What a search result shows of it beyond the above (listing-display.ts). */
  display: ProductDisplay;
};

export type IndexQuery = {
  /** Lexeme groups (AND of ORs); null: no text. */
  groups: string[][] | null;
  category?: string;
  availability?: string;
  /** A centre; `radiusMiles` null means any distance. */
  area?: { center: Point; radiusMiles: number | null };
  /** Relevance when absent (product-order.ts). */
  sort?: ProductSort;
  offset: number;
  limit: number;
  now: number;
};

export type IndexAnswer = { page: { id: number; distance: number | null }[]; total: number };

export { FARM, NAME, type Posting, type RegionalPosting } from './postings';

const TIER_OF_FLAGS = [1, 3, 2, 3];
/**
 * A grid cell is skipped as outside a circle only when the nearest point of its box is this much
 * farther than the radius: on a sphere the nearest point of a cell's side is not exactly at the
 * clamped centre (it is off by well under a tenth of a mile at these radii), and a cell read for
 * nothing costs only time, while a cell skipped wrongly would lose a listing.
 */
const OUTSIDE_SLACK_MILES = 1;

const EMPTY_POSTING: Posting = { slots: new Int32Array(0), flags: new Uint8Array(0) };

/** How many distance bands `nearestHolding` splits a circle into. */
const NEAREST_BANDS = 64;

/** What the builder (listing-index.builder.ts) makes; the index adds its grid and per-query state. */
export type IndexParts = {
  productIds: Int32Array;
  producerOf: Int32Array;
  categoryOf: Uint8Array;
  availabilityOf: Uint8Array;
  categories: string[];
  availabilities: string[];
  postings: Map<string, Posting>;
  /** The postings where the lexeme is in the product's name, and in the farm's name (decision 280). */
  namePostings: Map<string, Posting>;
  farmPostings: Map<string, Posting>;
  /** The postings again, by the producer's region. */
  regionalPostings: Map<string, RegionalPosting>;
  categoryPostings: Int32Array[];
  producerIds: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  visibleUntil: Float64Array;
  listingStart: Int32Array;
  producerListings: Int32Array;
  /** Distinct product names of the listings, and each name's listing slots (CSR, newest first). */
  listingNames: string[];
  nameStart: Int32Array;
  nameListings: Int32Array;
  farmNames: string[];
  farmLower: string[];
  verified: Uint8Array;
  userIds: Int32Array;
  cities: string[];
  states: string[];
  /** What a product search result shows (listing-display.ts): per listing, and per farm. */
  productDisplay: ProductDisplayColumns;
  nameOf: Int32Array;
  deliveryAvailable: Uint8Array;
  /** NaN: none. */
  deliveryRadius: Float64Array;
};

type OverlayListing = {
  id: number;
  display: ProductDisplay;
  productName: string;
  category: string;
  availability: string;
  name: Set<string>;
  doc: Set<string>;
};
type OverlayProducer = {
  producer: ProducerData | null;
  farm: Set<string>;
  trigrams: Int32Array;
  listings: OverlayListing[];
};

/** A type-ahead product: the name with its newest visible listing (decision 120's suggestion rows). */
export type SuggestedProduct = { id: number; name: string; category: string; farm_name: string };
export type SuggestedProducer = { user_id: number; farm_name: string; city: string; state: string };

/** The producer list of /api/search/producers (decision 120's `searchProducers`), answered in memory. */
export type ProducerQuery = {
  /** The search as typed (trimmed, printable ASCII), or undefined. */
  text?: string;
  /** Its lexeme groups (as for products); empty when the text has no searchable words. */
  groups: string[][];
  category?: string;
  verifiedOnly: boolean;
  area?: { center: Point; radiusMiles: number | null };
  requireCoordinates: boolean;
  /** Null: every match (the map). */
  limit: number | null;
  offset: number;
  now: number;
};
export type ProducerAnswer = { page: { producerId: number; distance: number | null }[]; total: number };

/** A producer of the list being ranked: word similarity desc, distance asc (nulls last), farm name, id. */
type FarmCandidate = { slot: number; id: number; name: string; similarity: number; distance: number };

/** A candidate of a centred search: its sort key and id (the keys of product-order.ts). */
type Ranked = SortKey;
const before = (a: Ranked, b: Ranked) =>
  a.tier !== b.tier ? a.tier > b.tier : a.distance !== b.distance ? a.distance < b.distance : a.id > b.id;
const byRank = (a: Ranked, b: Ranked) => b.tier - a.tier || a.distance - b.distance || b.id - a.id;

/**
 * The first `size` candidates in order, kept while streaming through any number of them: offers
 * are appended and, whenever twice `size` are held, sorted and cut back (n log n overall, also for
 * a page 100,000 deep). Once cut, `worst` bounds what can still enter.
 */
export class TopRanked {
  private items: Ranked[] = [];
  private bound: Ranked | null = null;
  constructor(private readonly size: number) {}
  get full(): boolean {
    return this.bound !== null;
  }
  get worst(): Ranked {
    return this.bound as Ranked;
  }
  /** Whether a candidate with this key could still enter (checked before building its object). */
  admits(tier: number, distance: number, id: number): boolean {
    const bound = this.bound;
    if (!bound) return true;
    return tier !== bound.tier ? tier > bound.tier : distance !== bound.distance ? distance < bound.distance : id > bound.id;
  }
  offer(item: Ranked) {
    if (this.bound && !before(item, this.bound)) return;
    this.items.push(item);
    if (this.items.length >= Math.max(2 * this.size, 64)) this.cut();
  }
  /** The kept candidates, best first. */
  result(): Ranked[] {
    this.cut();
    return this.items.sort(byRank);
  }
  /** Keeps the best `size`, the worst of them last: the bound (selected, not sorted: decision 310). */
  private cut() {
    if (this.items.length < this.size) return;
    selectBest(this.items, this.size, byRank);
    this.items.length = this.size;
    this.bound = this.items[this.size - 1];
  }
}

export class ListingIndex {
  readonly listingCount: number;
  private readonly productIds!: Int32Array;
  private readonly producerOf!: Int32Array;
  private readonly categoryOf!: Uint8Array;
  private readonly availabilityOf!: Uint8Array;
  private readonly categories!: string[];
  private readonly availabilities!: string[];
  private readonly postings!: Map<string, Posting>;
  private readonly namePostings!: Map<string, Posting>;
  private readonly farmPostings!: Map<string, Posting>;
  private readonly regionalPostings!: Map<string, RegionalPosting>;
  private readonly categoryPostings!: Int32Array[];

  private readonly producerIds!: Int32Array;
  private readonly producerSlot = new Map<number, number>();
  private readonly latitudes!: Float64Array;
  private readonly longitudes!: Float64Array;
  private readonly visibleUntil!: Float64Array;
  /** 1 when the producer was written after the build: the overlay answers for it. */
  private readonly masked: Uint8Array;
  /** 1 when the producer is unmasked and visible at the last refresh; exact until `visibleValidUntil`. */
  private readonly visibleNow: Uint8Array;
  private visibleValidUntil = Number.NEGATIVE_INFINITY;
  private visibleRefreshedAt = Number.NEGATIVE_INFINITY;
  /** Bumped whenever `visibleNow` changes: base totals are kept per epoch. */
  private visibleEpoch = 0;
  private readonly totalsByEpoch = new Map<string, { epoch: number; total: number }>();
  /** Each producer's listing slots (CSR: `producerListings[start[p] … start[p + 1]]`), newest first. */
  private readonly listingStart!: Int32Array;
  private readonly producerListings!: Int32Array;
  private readonly grid: SpatialGrid;
  /** Per query: the grid cells a centred search has read, valid while its stamp is the query's. */
  private readonly cellReadStamp: Uint32Array;
  /** Common words, categories and availabilities as bits per slot, for exact totals (decision 280). */
  private readonly bitmaps: SlotBitmaps;
  /** The slots of visible base producers as bits, for the visibility epoch `visibleSlotsEpoch`. */
  private visibleSlots: Uint32Array | null = null;
  private visibleSlotsEpoch = -1;
  private readonly countsByFilter = new Map<string, Int32Array>();
  /** Per filter, the listings each grid cell's visible producers hold, for one visibility epoch. */
  private readonly cellHeldByFilter = new Map<string, { epoch: number; held: Int32Array }>();

  private readonly overlay = new Map<number, OverlayProducer>();
  private overlayListings = 0;
  /** Overlay listings by product name, rebuilt on the first type-ahead after a change. */
  private overlayNames: Map<string, { id: number; category: string; producer: ProducerData }[]> | null = null;

  // Farms and names (decision 191): the type-ahead and the producer list.
  private readonly listingNames!: string[];
  private readonly nameStart!: Int32Array;
  private readonly nameListings!: Int32Array;
  private readonly nameCodes = new Map<string, number>();
  private readonly farmNames!: string[];
  private readonly farmLower!: string[];
  private readonly verified!: Uint8Array;
  private readonly userIds!: Int32Array;
  private readonly cities!: string[];
  private readonly states!: string[];
  private readonly productDisplay!: ProductDisplayColumns;
  private readonly nameOf!: Int32Array;
  private readonly deliveryAvailable!: Uint8Array;
  private readonly deliveryRadius!: Float64Array;
  /**
   * Base values as JSON text for writing a page (answerJson): names, categories and availabilities
   * escaped once; a farm's fields when one of its listings is first written (a base farm never changes).
   */
  private readonly json: { names: string[]; categories: string[]; availabilities: string[]; farms: string[] };
  /** The overlay's listings by product id, for writing a page (answerJson). */
  private readonly overlayById = new Map<number, { listing: OverlayListing; entry: OverlayProducer }>();
  /** Trigram numbering shared by farm names and product names. */
  private readonly trigrams = new TrigramCodes();
  /**
   * Farm names repeat (the 1M bench has a few thousand names for 100,000 farms): word similarity is
   * kept per distinct name, a "group" — numbered in byte order, its farms a run of `byName`.
   */
  private readonly groupOf: Int32Array;
  private readonly groupFirst: Int32Array;
  /** Each group's positional trigram codes (CSR). */
  private readonly groupTrigramStart: Int32Array;
  private readonly groupTrigramCodes: Int32Array;
  /** Groups holding each trigram code (each once, ascending). */
  private readonly groupsByTrigram = new Map<number, Int32Array>();
  /** Per query: each group's word similarity, valid while its stamp is the query's. */
  private readonly groupSimilarity: Float32Array;
  private readonly groupSimilarityStamp: Uint32Array;
  /** Slots in farm-name order (byte order, then producer id) and each slot's rank in it. */
  private readonly byName: Int32Array;
  private readonly nameRank: Int32Array;
  /** Slots in lower(farm name) byte order, then producer id (the type-ahead's prefix range). */
  private readonly byLower: Int32Array;
  /** Per query: how many of the query's trigrams each group holds, valid while its stamp is the query's. */
  private readonly shared: Uint16Array;
  private readonly sharedStamp: Uint32Array;
  /** Per query marks: farms with a matching listing, candidates already listed, farms to walk in name order, farms whose name holds the text. */
  private readonly sellerMark: Uint32Array;
  private readonly candidateMark: Uint32Array;
  private readonly pickMark: Uint32Array;
  private readonly containsMark: Uint32Array;
  private names: NameTable = new NameTable([], this.trigrams);
  private namesHeld = 0;
  /** Per query: each producer's distance, valid while its stamp is the query's. */
  private readonly distances: Float64Array;
  private readonly distanceStamp: Uint32Array;
  private stamp = 0;

  constructor(
    parts: IndexParts,
    public vocabulary: Vocabulary,
  ) {
    Object.assign(this, parts);
    this.listingCount = parts.productIds.length;
    const producerCount = parts.producerIds.length;
    this.masked = new Uint8Array(producerCount);
    this.visibleNow = new Uint8Array(producerCount);
    this.distances = new Float64Array(producerCount);
    this.distanceStamp = new Uint32Array(producerCount);
    this.sellerMark = new Uint32Array(producerCount);
    this.candidateMark = new Uint32Array(producerCount);
    this.pickMark = new Uint32Array(producerCount);
    this.containsMark = new Uint32Array(producerCount);
    parts.listingNames.forEach((name, code) => {
      this.nameCodes.set(name, code);
    });
    this.json = {
      names: parts.listingNames.map((name) => JSON.stringify(name)),
      categories: parts.categories.map((category) => JSON.stringify(category)),
      availabilities: parts.availabilities.map((availability) => JSON.stringify(availability)),
      farms: new Array(producerCount),
    };
    // Farm names: the two name orders, the groups of equal names, their trigrams and the groups of each trigram.
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
    this.groupOf = new Int32Array(producerCount);
    const firsts: number[] = [];
    this.byName.forEach((slot, rank) => {
      if (rank === 0 || parts.farmNames[slot] !== parts.farmNames[this.byName[rank - 1]]) firsts.push(rank);
      this.groupOf[slot] = firsts.length - 1;
    });
    const groupCount = firsts.length;
    this.groupFirst = Int32Array.from([...firsts, producerCount]);
    const codes = firsts.map((rank) => this.trigrams.encode(parts.farmLower[this.byName[rank]]));
    this.groupTrigramStart = new Int32Array(groupCount + 1);
    codes.forEach((list, group) => {
      this.groupTrigramStart[group + 1] = this.groupTrigramStart[group] + list.length;
    });
    this.groupTrigramCodes = new Int32Array(this.groupTrigramStart[groupCount]);
    const groupsOf = new Map<number, number[]>();
    codes.forEach((list, group) => {
      this.groupTrigramCodes.set(list, this.groupTrigramStart[group]);
      for (const code of new Set(list)) {
        const groups = groupsOf.get(code);
        if (groups) groups.push(group);
        else groupsOf.set(code, [group]);
      }
    });
    for (const [code, groups] of groupsOf) this.groupsByTrigram.set(code, Int32Array.from(groups));
    this.shared = new Uint16Array(groupCount);
    this.sharedStamp = new Uint32Array(groupCount);
    this.groupSimilarity = new Float32Array(groupCount);
    this.groupSimilarityStamp = new Uint32Array(groupCount);
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
    this.overlayNames = null;
  }

  search(query: IndexQuery): IndexAnswer {
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    this.refreshVisibility(query.now);
    if (query.sort && query.sort !== 'relevance') return this.searchSorted(query, query.sort);
    if (query.area) return this.searchNearby(query, query.area);
    if (query.groups) return this.searchText(query, query.groups);
    return this.browse(query);
  }

  /**
   * Another order than relevance (product-order.ts): every match (in the radius) keyed and the page
   * kept while walking them; the total is the relevance answer's, as on the SQL path.
   */
  private searchSorted(query: IndexQuery, sort: ProductSort): IndexAnswer {
    const { total } = this.search({ ...query, sort: undefined });
    const category = this.codeFilter(this.categories, query.category);
    const availability = this.codeFilter(this.availabilities, query.availability);
    const measure = query.area ? distanceFrom(query.area.center) : null;
    const radius = query.area?.radiusMiles ?? null;
    const groups = query.groups;
    const top = new TopRanked(query.offset + query.limit);
    if (category !== -2 && availability !== -2) {
      const matches = groups ? this.textMatches(groups) : null;
      const count = matches ? matches.slots.length : this.listingCount;
      for (let i = 0; i < count; i++) {
        const slot = matches ? matches.slots[i] : i;
        if (!this.passes(slot, category, availability)) continue;
        const distance = measure ? this.distanceOf(this.producerOf[slot], measure) : Number.NaN;
        if (radius !== null && !(distance <= radius)) continue;
        const tier = matches ? TIER_OF_FLAGS[matches.flags[i] & 3] : 1;
        const price = this.productDisplay.priceOf(slot);
        const key = sortKey(sort, { tier, distance, price, id: this.productIds[slot] });
        if (top.admits(key.tier, key.distance, key.id)) top.offer(key);
      }
    }
    for (const { producer, entry } of this.visibleOverlay(query)) {
      const distance = measure ? overlayDistance(producer, measure) : Number.NaN;
      if (radius !== null && !(distance <= radius)) continue;
      for (const listing of entry.listings) {
        if (!this.overlayPasses(listing, query)) continue;
        const tier = groups ? this.overlayTier(listing, entry.farm, groups) : 1;
        if (tier === 0) continue;
        top.offer(sortKey(sort, { tier, distance, price: listing.display.price, id: listing.id }));
      }
    }
    const page = top.result().slice(query.offset);
    return { page: page.map(({ id }) => ({ id, distance: measure ? this.shownDistance(id, measure) : null })), total };
  }

  /** A listing's miles from the centre as a result shows it (null: its farm is not on the map). */
  private shownDistance(id: number, measure: (lat: number, lng: number) => number): number | null {
    const changed = this.overlayById.get(id);
    const miles = changed
      ? overlayDistance(changed.entry.producer as ProducerData, measure)
      : this.distanceOf(this.producerOf[this.slotOf(id)], measure);
    return Number.isFinite(miles) ? miles : null;
  }

  /**
   * The route's JSON for an answer (`ProductSearchResponse`), written from the display columns kept
   * beside the listings (listing-display.ts): no database read, no generic serialiser. A listing of
   * a changed producer is written from the overlay, which holds its current state.
   */
  answerJson(answer: IndexAnswer): string {
    const rows: string[] = [];
    for (const { id, distance } of answer.page) {
      const changed = this.overlayById.get(id);
      if (changed) {
        const producer = changed.entry.producer as ProducerData;
        const { listing } = changed;
        const fields = {
          id,
          producerId: producer.producerId,
          userId: producer.userId,
          name: JSON.stringify(listing.productName),
          category: JSON.stringify(listing.category),
          availability: JSON.stringify(listing.availability),
          display: displayJsonOf(listing.display),
        };
        rows.push(listingJson(fields, farmFieldsJson(producer), distance));
        continue;
      }
      const slot = this.slotOf(id);
      const producer = this.producerOf[slot];
      const fields = {
        id,
        producerId: this.producerIds[producer],
        userId: this.userIds[producer],
        name: this.json.names[this.nameOf[slot]],
        category: this.json.categories[this.categoryOf[slot]],
        availability: this.json.availabilities[this.availabilityOf[slot]],
        display: this.productDisplay.json(slot),
      };
      this.json.farms[producer] ??= farmFieldsJson(this.producerDisplayOf(producer));
      rows.push(listingJson(fields, this.json.farms[producer], distance));
    }
    return `{"products":[${rows.join(',')}],"total":${answer.total}}`;
  }

  private producerDisplayOf(producer: number): ProducerDisplay {
    const radius = this.deliveryRadius[producer];
    return {
      farmName: this.farmNames[producer],
      city: this.cities[producer],
      state: this.states[producer],
      deliveryAvailable: this.deliveryAvailable[producer] === 1,
      deliveryRadius: Number.isNaN(radius) ? null : radius,
      verified: this.verified[producer] === 1,
    };
  }

  /** The base slot of a product id (slots are in id-descending order). */
  private slotOf(id: number): number {
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

  /**
   * Standing changes by the clock alone (a trial or a cancelled period ends): the bitmap is exact
   * until the earliest end still ahead, then recomputed (one pass over the producers).
   */
  private refreshVisibility(now: number): void {
    if (now < this.visibleValidUntil && now >= this.visibleRefreshedAt) return;
    let next = Number.POSITIVE_INFINITY;
    for (let producer = 0; producer < this.visibleNow.length; producer++) {
      const until = this.visibleUntil[producer];
      const visible = until > now;
      this.visibleNow[producer] = visible && this.masked[producer] === 0 ? 1 : 0;
      if (visible && until < next) next = until;
    }
    this.visibleValidUntil = next;
    this.visibleRefreshedAt = now;
    this.visibleEpoch++;
  }

  // ── Filters ──────────────────────────────────────────────────────────────────────────────────

  private codeFilter(values: string[], wanted: string | undefined): number {
    if (wanted === undefined) return -1;
    const at = values.indexOf(wanted);
    return at >= 0 ? at : -2; // -2: a value no base listing has
  }

  /** Whether a base listing passes category, availability and its producer's standing (now). */
  private passes(slot: number, category: number, availability: number): boolean {
    if (category !== -1 && this.categoryOf[slot] !== category) return false;
    if (availability !== -1 && this.availabilityOf[slot] !== availability) return false;
    return this.visibleNow[this.producerOf[slot]] === 1;
  }

  private overlayPasses(listing: OverlayListing, query: IndexQuery): boolean {
    return (
      (query.category === undefined || listing.category === query.category) &&
      (query.availability === undefined || listing.availability === query.availability)
    );
  }

  private *visibleOverlay(query: { now: number }): Generator<{ producer: ProducerData; entry: OverlayProducer }> {
    for (const entry of this.overlay.values()) {
      if (entry.producer && entry.producer.visibleUntil > query.now) yield { producer: entry.producer, entry };
    }
  }

  // ── Text ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * Base listings matching every group, newest first, with flags (TIER_OF_FLAGS gives the tier):
   * the groups' postings intersected rarest first. A group that is one common word (kept as bits,
   * slot-bitmaps.ts) is applied last by testing its bits for the matches so far, not by merging with
   * its long postings; only when every group is such a word are the rarest one's postings read.
   */
  private textMatches(groups: string[][], region?: number, within: Map<string, Posting> = this.postings): Posting {
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

  /** An overlay listing's tier for the groups, or 0 when it does not match. */
  private overlayTier(listing: OverlayListing, farm: Set<string>, groups: string[][]): number {
    let inName = true;
    let inFarm = true;
    for (const group of groups) {
      if (!group.some((lexeme) => listing.doc.has(lexeme))) return 0;
      if (!group.some((lexeme) => listing.name.has(lexeme))) inName = false;
      if (!group.some((lexeme) => farm.has(lexeme))) inFarm = false;
    }
    return inName ? 3 : inFarm ? 2 : 1;
  }

  private searchText(query: IndexQuery, groups: string[][]): IndexAnswer {
    const need = query.offset + query.limit;
    const category = this.codeFilter(this.categories, query.category);
    const availability = this.codeFilter(this.availabilities, query.availability);
    const byTier: number[][] = [[], [], [], []];
    let total = 0;
    if (category !== -2 && availability !== -2) {
      total = this.collectByTier(groups, category, availability, need, byTier);
    }
    for (const { entry } of this.visibleOverlay(query)) {
      for (const listing of entry.listings) {
        if (!this.overlayPasses(listing, query)) continue;
        const tier = this.overlayTier(listing, entry.farm, groups);
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
  private collectByTier(groups: string[][], category: number, availability: number, need: number, byTier: number[][]): number {
    // Common words only (kept as bits), with a filter or more than one word or alternative: their
    // bits, filtered and walked 32 slots at a time (decision 300), rather than unions or intersections
    // of their long postings. One common word without a filter reads its short name postings below.
    const filtered = category >= 0 || availability >= 0;
    if (filtered || groups.length > 1 || groups[0].length > 1) {
      const keep = (slot: number, tier: number) => byTier[tier].push(this.productIds[slot]);
      const total = this.bitmaps.collectTiers(groups, this.visibleSlotBits(), category, availability, need, keep);
      if (total !== null) return total;
    }
    // With a filter one walk of every match (held to the page per tier) measured faster than the
    // tiers' three reads and the filtered bit count (decision 280).
    if (filtered) return this.collectInOneWalk(groups, category, availability, need, byTier);
    const inName = this.textMatches(groups, undefined, this.namePostings);
    const named = this.firstOfTier(inName, 3, category, availability, need);
    byTier[3].push(...named);
    if (named.length < need) {
      // A group's alternatives may match one in the name, another in the farm's name: that match is
      // tier 3 (in `inName`), though the farm postings alone do not show it.
      const farm = this.textMatches(groups, undefined, this.farmPostings);
      byTier[2].push(...this.firstOfTier(farm, 2, category, availability, need - named.length, inName.slots));
    }
    // Every match (a union or an intersection built for the query) only when tier 1 reaches the
    // page or the total cannot come from bits: a common word's tiers 3 and 2 usually fill it.
    let matches: Posting | null = null;
    const rest = need - byTier[3].length - byTier[2].length;
    if (rest > 0) {
      matches = this.textMatches(groups);
      byTier[1].push(...this.firstOfTier(matches, 1, category, availability, rest));
    }
    return (
      this.bitmaps.count(groups, this.visibleSlotBits(), category, availability) ??
      this.countPassing(matches ?? this.textMatches(groups), category, availability)
    );
  }

  /** Every match walked once: each kept while its tier and those above hold fewer than `need`. */
  private collectInOneWalk(groups: string[][], category: number, availability: number, need: number, byTier: number[][]) {
    const { slots, flags } = this.textMatches(groups);
    const held = [0, 0, 0, 0];
    let total = 0;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (!this.passes(slot, category, availability)) continue;
      total++;
      const tier = TIER_OF_FLAGS[flags[i] & 3];
      // `held[t]`: matches kept in tier t and above (later ones of a tier are older, higher tiers rank first).
      if (held[tier] >= need) continue;
      byTier[tier].push(this.productIds[slot]);
      for (let above = tier; above >= 1; above--) held[above]++;
    }
    return total;
  }

  /** The ids of the first `want` visible matches of a tier passing the filters. */
  private firstOfTier(
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
      if (this.passes(slot, category, availability)) ids.push(this.productIds[slot]);
    }
    return ids;
  }

  /** How many matches pass the filters and their producer's standing. */
  private countPassing(matches: Posting, category: number, availability: number): number {
    const { slots } = matches;
    const { producerOf, visibleNow, categoryOf, availabilityOf } = this;
    let total = 0;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (visibleNow[producerOf[slot]] === 0) continue;
      if (category >= 0 && categoryOf[slot] !== category) continue;
      if (availability >= 0 && availabilityOf[slot] !== availability) continue;
      total++;
    }
    return total;
  }

  /** The visible base listings as bits, rebuilt when visibility changed (one pass over the producers). */
  private visibleSlotBits(): Uint32Array {
    if (this.visibleSlots && this.visibleSlotsEpoch === this.visibleEpoch) return this.visibleSlots;
    const bits = this.visibleSlots ?? this.bitmaps.blank();
    bits.fill(0);
    for (let producer = 0; producer < this.visibleNow.length; producer++) {
      if (this.visibleNow[producer] === 0) continue;
      for (let i = this.listingStart[producer]; i < this.listingStart[producer + 1]; i++) setBit(bits, this.producerListings[i]);
    }
    this.visibleSlots = bits;
    this.visibleSlotsEpoch = this.visibleEpoch;
    return bits;
  }

  // ── Browse ───────────────────────────────────────────────────────────────────────────────────

  private browse(query: IndexQuery): IndexAnswer {
    const need = query.offset + query.limit;
    const category = this.codeFilter(this.categories, query.category);
    const availability = this.codeFilter(this.availabilities, query.availability);
    const ids: number[] = [];
    if (category !== -2 && availability !== -2) {
      const slots = category >= 0 ? this.categoryPostings[category] : null;
      const end = slots ? slots.length : this.listingCount;
      for (let i = 0; i < end && ids.length < need; i++) {
        const slot = slots ? slots[i] : i;
        if (this.passes(slot, -1, availability) && (category < 0 || this.categoryOf[slot] === category)) {
          ids.push(this.productIds[slot]);
        }
      }
    }
    let total = this.baseTotal(category, availability);
    for (const { entry } of this.visibleOverlay(query)) {
      for (const listing of entry.listings) {
        if (!this.overlayPasses(listing, query)) continue;
        total++;
        ids.push(listing.id);
      }
    }
    ids.sort((a, b) => b - a);
    return { page: ids.slice(query.offset, need).map((id) => ({ id, distance: null })), total };
  }

  /** Listings per producer for a filter, counted once per filter (the base never changes). */
  private countsFor(category: number, availability: number): Int32Array {
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

  /** Visible base listings of a filter: summed over producers once per visibility epoch. */
  private baseTotal(category: number, availability: number): number {
    if (category === -2 || availability === -2) return 0;
    const key = `${category}|${availability}`;
    const kept = this.totalsByEpoch.get(key);
    if (kept?.epoch === this.visibleEpoch) return kept.total;
    const counts = this.countsFor(category, availability);
    let total = 0;
    for (let producer = 0; producer < counts.length; producer++) if (this.visibleNow[producer]) total += counts[producer];
    this.totalsByEpoch.set(key, { epoch: this.visibleEpoch, total });
    return total;
  }

  // ── Centre ───────────────────────────────────────────────────────────────────────────────────

  private distanceOf(producer: number, measure: (lat: number, lng: number) => number): number {
    if (this.distanceStamp[producer] !== this.stamp) {
      const latitude = this.latitudes[producer];
      this.distances[producer] = Number.isNaN(latitude) ? Number.NaN : measure(latitude, this.longitudes[producer]);
      this.distanceStamp[producer] = this.stamp;
    }
    return this.distances[producer];
  }

  private searchNearby(query: IndexQuery, area: { center: Point; radiusMiles: number | null }): IndexAnswer {
    if (query.groups) return this.searchTextNearby(query, query.groups, area);
    return this.searchPlaceNearby(query, area);
  }

  /** Text and a centre: every match (in the radius) ranked by tier, distance, newest. */
  private searchTextNearby(query: IndexQuery, groups: string[][], area: { center: Point; radiusMiles: number | null }) {
    const need = query.offset + query.limit;
    const category = this.codeFilter(this.categories, query.category);
    const availability = this.codeFilter(this.availabilities, query.availability);
    const measure = distanceFrom(area.center);
    const radius = area.radiusMiles;
    const top = new TopRanked(need);
    let total = 0;
    if (category !== -2 && availability !== -2) {
      total =
        radius === null
          ? this.rankEverywhere(groups, category, availability, area.center, measure, top)
          : this.rankWithin(groups, category, availability, area.center, radius, measure, top);
    }
    for (const { producer, entry } of this.visibleOverlay(query)) {
      const distance = overlayDistance(producer, measure);
      if (radius !== null && !(distance <= radius)) continue;
      for (const listing of entry.listings) {
        if (!this.overlayPasses(listing, query)) continue;
        const tier = this.overlayTier(listing, entry.farm, groups);
        if (tier === 0) continue;
        total++;
        top.offer({ tier, distance: Number.isNaN(distance) ? Number.POSITIVE_INFINITY : distance, id: listing.id });
      }
    }
    return { page: pageOf(top.result(), query.offset), total };
  }

  /**
   * Base matches within a radius into `top`; returns how many there are. Only the regions the circle
   * touches are read, nearest first (decision 280). A region wholly inside the circle needs no
   * distance to be counted, and once the page is full none for a match that cannot enter it.
   */
  private rankWithin(
    groups: string[][],
    category: number,
    availability: number,
    center: Point,
    radius: number,
    measure: (lat: number, lng: number) => number,
    top: TopRanked,
  ): number {
    const box = boundingBox(center, radius);
    if (!box) return this.rankEverywhere(groups, category, availability, center, measure, top, radius);
    const regions = regionsOf(box)
      .map((key) => ({ key, sides: regionSides(key) }))
      .map((region) => ({ ...region, nearest: nearestPointOf(region.sides, center, measure) - OUTSIDE_SLACK_MILES }))
      .filter((region) => region.nearest <= radius)
      .sort((a, b) => a.nearest - b.nearest);
    let total = 0;
    for (const region of regions) {
      const matches = this.textMatches(groups, region.key);
      if (matches.slots.length === 0) continue;
      const whole = farthestCornerOf(region.sides, center, measure) < radius - 1e-6;
      for (let i = 0; i < matches.slots.length; i++) {
        const slot = matches.slots[i];
        if (!this.passes(slot, category, availability)) continue;
        const producer = this.producerOf[slot];
        const tier = TIER_OF_FLAGS[matches.flags[i] & 3];
        if (whole) {
          total++;
          // Inside the circle: counted. Its distance matters only if it might enter the page.
          if (top.full && (tier < top.worst.tier || (tier === top.worst.tier && region.nearest > top.worst.distance))) continue;
        } else {
          // Outside the box is outside the circle: no haversine needed.
          const latitude = this.latitudes[producer];
          const longitude = this.longitudes[producer];
          if (!(latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng)) continue;
          if (!(this.distanceOf(producer, measure) <= radius)) continue;
          total++;
        }
        const distance = this.distanceOf(producer, measure);
        const id = this.productIds[slot];
        if (top.admits(tier, distance, id)) top.offer({ tier, distance, id });
      }
    }
    return total;
  }

  /**
   * Base matches at any distance (or within a radius too large for a box) into `top`; returns how
   * many there are. Every match counts, but one that cannot enter the page needs no distance.
   * Producers without coordinates come last (as SQL sorts nulls last) and only at any distance.
   */
  private rankEverywhere(
    groups: string[][],
    category: number,
    availability: number,
    center: Point,
    measure: (lat: number, lng: number) => number,
    top: TopRanked,
    radius: number | null = null,
  ): number {
    const matches = this.textMatches(groups);
    let total = 0;
    for (let i = 0; i < matches.slots.length; i++) {
      const slot = matches.slots[i];
      if (!this.passes(slot, category, availability)) continue;
      const producer = this.producerOf[slot];
      const latitude = this.latitudes[producer];
      const tier = TIER_OF_FLAGS[matches.flags[i] & 3];
      if (radius === null && top.full) {
        const worst = top.worst;
        const atLeast = Number.isNaN(latitude) ? Number.POSITIVE_INFINITY : latitudeMiles(latitude - center.latitude);
        if (tier < worst.tier || (tier === worst.tier && atLeast > worst.distance)) {
          total++;
          continue;
        }
      }
      const measured = this.distanceOf(producer, measure);
      if (radius !== null && !(measured <= radius)) continue;
      total++;
      const distance = Number.isNaN(measured) ? Number.POSITIVE_INFINITY : measured;
      const id = this.productIds[slot];
      if (top.admits(tier, distance, id)) top.offer({ tier, distance, id });
    }
    return total;
  }

  /**
   * No text, a centre: nearest first (decision 280). The total counts the whole radius, cells inside
   * the circle from their sums; the page needs only the nearest listings, so circles of growing size
   * (5, 15, 45 … miles) are read until one holds `offset + limit` listings: everything outside it is
   * farther than everything in it, so its nearest are the radius's nearest.
   */
  private searchPlaceNearby(query: IndexQuery, area: { center: Point; radiusMiles: number | null }): IndexAnswer {
    const need = query.offset + query.limit;
    const category = this.codeFilter(this.categories, query.category);
    const availability = this.codeFilter(this.availabilities, query.availability);
    const counts = category === -2 || availability === -2 ? null : this.countsFor(category, availability);
    const measure = distanceFrom(area.center);
    const radius = area.radiusMiles;
    const heldOf = (overlay: { ids: number[] }[]) => overlay.reduce((sum, entry) => sum + entry.ids.length, 0);
    let total = this.baseTotal(category, availability) + this.overlayCount(query);
    if (radius !== null) {
      const base = counts ? this.heldWithin(area.center, radius, counts, `${category}|${availability}`, measure) : 0;
      total = base + heldOf(this.overlayWithin(query, radius, measure));
    }
    // Circles from 5 miles, half as wide again each time (at any distance up to 400 miles, then
    // everywhere), until one holds the page: each grid cell is read once, and only producers holding
    // a listing of the filter are kept.
    const read: { slot: number; distance: number }[] = [];
    for (let miles: number | null = Math.min(5, radius ?? 5); ; ) {
      const box = miles === null ? null : boundingBox(area.center, miles);
      let producers: { slot: number; distance: number }[] = [];
      if (counts && box) {
        this.readCells(box, measure, counts, read);
        const within = miles as number;
        producers = read.filter(({ distance }) => distance <= within);
      } else if (counts) {
        producers = this.producersWithin(area.center, miles, measure).filter(({ slot }) => counts[slot] > 0);
      }
      const overlay = this.overlayWithin(query, miles, measure);
      let held = heldOf(overlay);
      if (counts) for (const producer of producers) held += counts[producer.slot];
      if (held >= need || miles === radius) {
        const nearest = counts ? this.nearestHolding(producers, overlay, need, counts) : producers;
        return { page: this.nearestListings(nearest, overlay, need, category, availability).slice(query.offset), total };
      }
      miles = radius === null ? (miles !== null && miles < 400 ? miles * 1.5 : null) : Math.min(radius, (miles as number) * 1.5);
    }
  }

  /**
   * Adds to `read` the visible producers holding a listing of the filter (`counts`) in the cells of
   * the box not read yet by this query, each with its distance.
   */
  private readCells(
    box: NonNullable<ReturnType<typeof boundingBox>>,
    measure: (lat: number, lng: number) => number,
    counts: Int32Array,
    read: { slot: number; distance: number }[],
  ): void {
    const { start, slots } = this.grid;
    for (const cell of this.grid.cellsIn(box)) {
      if (this.cellReadStamp[cell] === this.stamp) continue;
      this.cellReadStamp[cell] = this.stamp;
      for (let i = start[cell]; i < start[cell + 1]; i++) {
        const slot = slots[i];
        if (this.visibleNow[slot] === 1 && counts[slot] > 0) read.push({ slot, distance: this.distanceOf(slot, measure) });
      }
    }
  }

  /** Listings of visible base producers within `miles` of the centre: whole cells inside the circle by their sums. */
  private heldWithin(
    center: Point,
    miles: number,
    counts: Int32Array,
    filter: string,
    measure: (lat: number, lng: number) => number,
  ): number {
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

  /** Visible, unmasked base producers within `miles` (all, when null) with their distance. */
  private producersWithin(
    center: Point,
    miles: number | null,
    measure: (lat: number, lng: number) => number,
  ): { slot: number; distance: number }[] {
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

  private overlayWithin(query: IndexQuery, miles: number | null, measure: (lat: number, lng: number) => number) {
    const found: { distance: number; ids: number[] }[] = [];
    for (const { producer, entry } of this.visibleOverlay(query)) {
      const distance = overlayDistance(producer, measure);
      if (miles !== null && !(distance <= miles)) continue;
      const ids = entry.listings.filter((listing) => this.overlayPasses(listing, query)).map((listing) => listing.id);
      if (ids.length) found.push({ distance: Number.isNaN(distance) ? Infinity : distance, ids });
    }
    return found;
  }

  private overlayCount(query: IndexQuery): number {
    let count = 0;
    for (const { entry } of this.visibleOverlay(query)) {
      for (const listing of entry.listings) if (this.overlayPasses(listing, query)) count++;
    }
    return count;
  }

  /** The first `need` listings of these producers, nearest first, newest first at the same distance. */
  private nearestListings(
    producers: { slot: number; distance: number }[],
    overlay: { distance: number; ids: number[] }[],
    need: number,
    category: number,
    availability: number,
  ): { id: number; distance: number | null }[] {
    // A base place is its slot, an overlay place its ids (slot -1). No closure per place: at national
    // scale a circle holds thousands of producers.
    const places: { distance: number; slot: number; ids: number[] | null }[] = [];
    for (const { slot, distance } of producers) places.push({ distance, slot, ids: null });
    for (const { distance, ids } of overlay) places.push({ distance, slot: -1, ids });
    places.sort((a, b) => a.distance - b.distance);
    const page: { id: number; distance: number | null }[] = [];
    for (let i = 0; i < places.length && page.length < need; ) {
      // Places at the same distance share one run, newest first across them.
      let j = i;
      const ids: number[] = [];
      for (; j < places.length && places[j].distance === places[i].distance; j++) {
        const place = places[j];
        if (place.ids) ids.push(...place.ids);
        else this.pushListingsOf(place.slot, category, availability, ids);
      }
      const distance = places[i].distance;
      for (const id of ids.sort((a, b) => b - a)) page.push({ id, distance: Number.isFinite(distance) ? distance : null });
      i = j;
    }
    return page.slice(0, need);
  }

  /**
   * The producers of a circle nearest the centre that together with the overlay hold `need`
   * listings, and any as near: a circle of thousands need not be sorted for a page of twenty. The
   * circle's distances are split into bands; every producer up to the first band by which the held
   * listings reach `need` is kept (the page's last listing is no farther than that band's end).
   */
  private nearestHolding(
    producers: { slot: number; distance: number }[],
    overlay: { distance: number; ids: number[] }[],
    need: number,
    counts: Int32Array,
  ): { slot: number; distance: number }[] {
    const bands = NEAREST_BANDS;
    if (producers.length <= bands) return producers;
    let farthest = 0;
    for (const { distance } of producers) if (distance > farthest && Number.isFinite(distance)) farthest = distance;
    const width = farthest / bands || 1;
    const bandOf = (distance: number) => Math.min(bands - 1, Math.floor(distance / width));
    const held = new Float64Array(bands);
    for (const { slot, distance } of producers) held[bandOf(distance)] += counts[slot];
    for (const { distance, ids } of overlay) held[bandOf(distance)] += ids.length;
    let last = bands - 1;
    for (let band = 0, sum = 0; band < bands; band++) {
      sum += held[band];
      if (sum >= need) {
        last = band;
        break;
      }
    }
    return last === bands - 1 ? producers : producers.filter(({ distance }) => bandOf(distance) <= last);
  }

  /** Appends the ids of a base producer's listings passing the filters. */
  private pushListingsOf(slot: number, category: number, availability: number, ids: number[]): void {
    if (category === -2 || availability === -2) return;
    for (let i = this.listingStart[slot]; i < this.listingStart[slot + 1]; i++) {
      const listing = this.producerListings[i];
      if (this.passes(listing, category, availability)) ids.push(this.productIds[listing]);
    }
  }

  // ── Type-ahead (decision 191) ────────────────────────────────────────────────────────────────

  /** Replaces the type-ahead's product names (`search_names`, which only grows). */
  setNames(rows: NameRow[]): void {
    this.names = new NameTable(rows, this.trigrams);
    this.namesHeld = rows.length;
  }

  /** How many `search_names` rows the index holds (the owner reloads them when the table has more). */
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
    this.refreshVisibility(now);
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
    let best: SuggestedProduct | null = null;
    const code = this.nameCodes.get(name);
    if (code !== undefined) {
      for (let i = this.nameStart[code]; i < this.nameStart[code + 1]; i++) {
        const slot = this.nameListings[i];
        const producer = this.producerOf[slot];
        if (this.visibleNow[producer] !== 1) continue;
        best = {
          id: this.productIds[slot],
          name,
          category: this.categories[this.categoryOf[slot]],
          farm_name: this.farmNames[producer],
        };
        break;
      }
    }
    for (const listing of this.overlayByName().get(name) ?? []) {
      if (listing.producer.visibleUntil > now && (!best || listing.id > best.id)) {
        best = { id: listing.id, name, category: listing.category, farm_name: listing.producer.farmName };
      }
    }
    return best;
  }

  private overlayByName(): Map<string, { id: number; category: string; producer: ProducerData }[]> {
    if (!this.overlayNames) {
      this.overlayNames = new Map();
      for (const entry of this.overlay.values()) {
        if (!entry.producer) continue;
        for (const listing of entry.listings) {
          const list = this.overlayNames.get(listing.productName) ?? [];
          list.push({ id: listing.id, category: listing.category, producer: entry.producer });
          this.overlayNames.set(listing.productName, list);
        }
      }
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
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    this.refreshVisibility(now);
    type Found = { lower: string; id: number; row: SuggestedProducer };
    const prefix: Found[] = [];
    let low = 0;
    let high = this.byLower.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareUtf8(this.farmLower[this.byLower[middle]], lowered) < 0) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.byLower.length && prefix.length < limit; i++) {
      const slot = this.byLower[i];
      if (!this.farmLower[slot].startsWith(lowered)) break;
      if (this.visibleNow[slot] === 1)
        prefix.push({ lower: this.farmLower[slot], id: this.producerIds[slot], row: this.farmRow(slot) });
    }
    for (const { producer } of this.visibleOverlay({ now })) {
      if (producer.farmLower.startsWith(lowered))
        prefix.push({ lower: producer.farmLower, id: producer.producerId, row: overlayRow(producer) });
    }
    prefix.sort((a, b) => compareUtf8(a.lower, b.lower) || a.id - b.id);
    const rows = prefix.slice(0, limit).map((found) => found.row);
    if (rows.length >= limit || lowered.length < 3) return rows;
    // Farms the text is word-similar to (`text <% farm_name`).
    const query = new TrigramQuery(lowered, this.trigrams);
    const similar: (FarmCandidate & { row: SuggestedProducer })[] = [];
    const groups: { group: number; similarity: number }[] = [];
    // Names sharing the most trigrams first; stop once `2 × limit` visible farms are surely ahead of
    // every name left (a name sharing fewer trigrams is no more similar than shared / query size).
    const buckets: number[][] = Array.from({ length: query.size + 1 }, () => []);
    for (const group of this.countShared(query)) buckets[this.shared[group]].push(group);
    const visibleAbove = (bound: number) => {
      let count = 0;
      for (const { group, similarity } of groups) {
        if (similarity <= bound) continue;
        for (let rank = this.groupFirst[group]; rank < this.groupFirst[group + 1]; rank++) {
          if (this.visibleNow[this.byName[rank]] === 1 && ++count >= limit * 2) return count;
        }
      }
      return count;
    };
    for (let shared = query.size; shared >= 1; shared--) {
      if (similarityBound(shared, query.size) < WORD_SIMILARITY_THRESHOLD) break;
      for (const group of buckets[shared]) {
        const similarity = this.similarityOfGroup(query, group);
        if (similarity >= WORD_SIMILARITY_THRESHOLD) groups.push({ group, similarity });
      }
      if (visibleAbove(similarityBound(shared - 1, query.size)) >= limit * 2) break;
    }
    // Most similar first, then name (group order) and id (a group's farms are in id order).
    groups.sort((a, b) => b.similarity - a.similarity || a.group - b.group);
    for (const { group, similarity } of groups) {
      for (let rank = this.groupFirst[group]; rank < this.groupFirst[group + 1] && similar.length < limit * 2; rank++) {
        const slot = this.byName[rank];
        if (this.visibleNow[slot] === 1) similar.push({ ...this.farmCandidate(slot, similarity, 0), row: this.farmRow(slot) });
      }
      if (similar.length >= limit * 2) break;
    }
    for (const { producer, entry } of this.visibleOverlay({ now })) {
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
    return { user_id: this.userIds[slot], farm_name: this.farmNames[slot], city: this.cities[slot], state: this.states[slot] };
  }

  /** A group's word similarity to the query, computed once per query. */
  private similarityOfGroup(query: TrigramQuery, group: number): number {
    if (this.groupSimilarityStamp[group] !== this.stamp) {
      this.groupSimilarityStamp[group] = this.stamp;
      this.groupSimilarity[group] = wordSimilarity(
        query,
        this.groupTrigramCodes.subarray(this.groupTrigramStart[group], this.groupTrigramStart[group + 1]),
      );
    }
    return this.groupSimilarity[group];
  }

  private farmSimilarity(query: TrigramQuery, slot: number): number {
    return this.sharedOf(slot) === 0 ? 0 : this.similarityOfGroup(query, this.groupOf[slot]);
  }

  /** Counts, per group, the query's trigrams it holds (`shared`, this query's stamp); returns the groups holding any. */
  private countShared(query: TrigramQuery): number[] {
    const touched: number[] = [];
    for (const code of query.known) {
      const groups = this.groupsByTrigram.get(code);
      if (!groups) continue;
      for (let i = 0; i < groups.length; i++) {
        const group = groups[i];
        if (this.sharedStamp[group] !== this.stamp) {
          this.sharedStamp[group] = this.stamp;
          this.shared[group] = 0;
          touched.push(group);
        }
        this.shared[group]++;
      }
    }
    return touched;
  }

  private sharedOf(slot: number): number {
    const group = this.groupOf[slot];
    return this.sharedStamp[group] === this.stamp ? this.shared[group] : 0;
  }

  /** Calls `each` with the base farms of a group, in id order (a loop: a generator allocated per farm). */
  private forFarmsOfGroup(group: number, each: (slot: number) => void): void {
    for (let rank = this.groupFirst[group]; rank < this.groupFirst[group + 1]; rank++) each(this.byName[rank]);
  }

  private farmCandidate(slot: number, similarity: number, distance: number): FarmCandidate {
    return { slot, id: this.producerIds[slot], name: this.farmNames[slot], similarity, distance };
  }

  /** Similarity desc, distance asc (NaN: none, last), farm name (byte order), producer id. */
  private readonly farmOrder = (a: FarmCandidate, b: FarmCandidate): number => {
    if (a.similarity !== b.similarity) return b.similarity - a.similarity;
    const aNone = Number.isNaN(a.distance);
    const bNone = Number.isNaN(b.distance);
    if (aNone !== bNone) return aNone ? 1 : -1;
    if (!aNone && a.distance !== b.distance) return a.distance - b.distance;
    if (a.slot >= 0 && b.slot >= 0) return this.nameRank[a.slot] - this.nameRank[b.slot];
    return compareUtf8(a.name, b.name) || a.id - b.id;
  };

  // ── The producer list (decision 191) ─────────────────────────────────────────────────────────

  /**
   * The producer list exactly as `searchProducers` (search.repository.ts): visible producers, of the
   * category (any listing), verified if asked, within the radius; with text, those the text is
   * word-similar to (`<%`), whose name holds it (`ilike`) or with a listing matching its words; ranked
   * by word similarity, distance (nulls last), farm name and id; the total counts every match.
   */
  searchProducers(query: ProducerQuery): ProducerAnswer {
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    this.refreshVisibility(query.now);
    const need = query.limit === null ? Number.POSITIVE_INFINITY : query.offset + query.limit;
    const category = this.codeFilter(this.categories, query.category);
    const counts = category >= 0 ? this.countsFor(category, -1) : null;
    const area = query.area;
    const measure = area ? distanceFrom(area.center) : null;
    const radius = area ? area.radiusMiles : null;
    const box = area && radius !== null ? boundingBox(area.center, radius) : null;
    const distanceOf = (slot: number) => (measure ? this.distanceOf(slot, measure) : Number.NaN);

    /** Filters other than text and place, for a visible base producer. */
    const passesFilters = (slot: number) =>
      category !== -2 &&
      (counts === null || counts[slot] > 0) &&
      (!query.verifiedOnly || this.verified[slot] === 1) &&
      (!query.requireCoordinates || !Number.isNaN(this.latitudes[slot]));
    const inRadius = (latitude: number, longitude: number, distance: number) =>
      radius === null || (!Number.isNaN(latitude) && (!box || inBox(box, latitude, longitude)) && distance <= radius);

    const overlay = this.overlayProducers(query, area, radius, measure, inRadius);
    const text = query.text;
    if (text === undefined) {
      return this.producersWithoutText(query, need, passesFilters, distanceOf, overlay);
    }

    // With text: the candidates (farms in the radius, or those the text can match), then the matches.
    const lowered = text.toLowerCase();
    const trigramQuery = new TrigramQuery(lowered, this.trigrams);
    const touched = this.countShared(trigramQuery);
    this.markSellers(query.groups, box);
    const candidates = this.textCandidates(trigramQuery, touched, lowered, box, () =>
      this.producersWithin(area?.center as Point, radius as number, measure as (lat: number, lng: number) => number),
    );
    const holdsText = this.nameHoldsText(lowered);
    const matched: number[] = [];
    // Indexed loops here and below: this function is too large for the optimiser to drop
    // for-of's iterator results, which were the list's largest garbage.
    for (let c = 0; c < candidates.length; c++) {
      const slot = candidates[c];
      if (!passesFilters(slot)) continue;
      const shared = this.sharedOf(slot);
      let match = this.sells(slot) || holdsText(slot);
      if (!match && similarityBound(shared, trigramQuery.size) >= WORD_SIMILARITY_THRESHOLD) {
        match = this.farmSimilarity(trigramQuery, slot) >= WORD_SIMILARITY_THRESHOLD;
      }
      if (!match || (box && !inBox(box, this.latitudes[slot], this.longitudes[slot]))) continue;
      if (inRadius(this.latitudes[slot], this.longitudes[slot], distanceOf(slot))) matched.push(slot);
    }
    const overlayMatches = overlay.filter((entry) => this.overlayMatchesText(entry, lowered, trigramQuery, query.groups));
    const top = new TopK<FarmCandidate>(need, this.farmOrder);
    for (const entry of overlayMatches) {
      top.offer({
        slot: -1,
        id: entry.producer.producerId,
        name: entry.producer.farmName,
        similarity: wordSimilarity(trigramQuery, entry.entry.trigrams),
        distance: entry.distance,
      });
    }
    // Most shared trigrams first: a farm can be no more similar than shared / query size, so once
    // the page is full the rest of the farms sharing trigrams are skipped as soon as they cannot enter.
    const buckets: number[][] = Array.from({ length: trigramQuery.size + 1 }, () => []);
    for (let m = 0; m < matched.length; m++) buckets[this.sharedOf(matched[m])].push(matched[m]);
    for (let shared = trigramQuery.size; shared >= 1; shared--) {
      if (top.full && similarityBound(shared, trigramQuery.size) < top.worst.similarity) break;
      const bucket = buckets[shared];
      // One shared trigram: the best extent is that trigram alone, so the similarity is the bound
      // itself (1 / size) and need not be computed; such farms are often a thousand per query.
      const alike = shared === 1 ? similarityBound(1, trigramQuery.size) : -1;
      for (let b = 0; b < bucket.length; b++) {
        const slot = bucket[b];
        const similarity = alike >= 0 ? alike : this.farmSimilarity(trigramQuery, slot);
        const distance = distanceOf(slot);
        const worst = top.full ? top.worst : null;
        // Cannot enter the page: no candidate is made.
        if (worst && (similarity < worst.similarity || (similarity === worst.similarity && distance > worst.distance))) continue;
        top.offer(this.farmCandidate(slot, similarity, distance));
      }
    }
    const unshared = buckets[0];
    if (!(top.full && top.worst.similarity > 0) && unshared.length > 0) {
      if (measure) {
        for (let u = 0; u < unshared.length; u++) {
          const slot = unshared[u];
          const distance = distanceOf(slot);
          // Farther than the page's last farm (also of similarity 0 here): it cannot enter, so no candidate is made.
          if (top.full && distance > top.worst.distance) continue;
          top.offer(this.farmCandidate(slot, 0, distance));
        }
      } else {
        // No centre: similarity 0 and no distance, so farm-name order decides; the first `need` in it suffice.
        const stamp = this.stamp;
        for (const slot of unshared) this.pickMark[slot] = stamp;
        let offered = 0;
        for (let i = 0; i < this.byName.length && offered < need; i++) {
          const slot = this.byName[i];
          if (this.pickMark[slot] !== stamp) continue;
          top.offer(this.farmCandidate(slot, 0, Number.NaN));
          offered++;
        }
      }
    }
    return { page: farmPage(top.result(), query.offset), total: matched.length + overlayMatches.length };
  }

  /** Without text: nearest first (then by name) within a radius or at any distance; by name without a centre. */
  private producersWithoutText(
    query: ProducerQuery,
    need: number,
    passesFilters: (slot: number) => boolean,
    distanceOf: (slot: number) => number,
    overlay: OverlayMatch[],
  ): ProducerAnswer {
    const area = query.area;
    const top = new TopK<FarmCandidate>(need, this.farmOrder);
    for (const entry of overlay) {
      top.offer({
        slot: -1,
        id: entry.producer.producerId,
        name: entry.producer.farmName,
        similarity: 0,
        distance: entry.distance,
      });
    }
    let total = overlay.length;
    if (!area) {
      // By name: the first `need` in name order are the page; every visible producer is counted.
      for (let i = 0; i < this.byName.length; i++) {
        const slot = this.byName[i];
        if (this.visibleNow[slot] !== 1 || !passesFilters(slot)) continue;
        if (total - overlay.length < need) top.offer(this.farmCandidate(slot, 0, Number.NaN));
        total++;
      }
      return { page: farmPage(top.result(), query.offset), total };
    }
    const measure = distanceFrom(area.center);
    const radius = area.radiusMiles;
    if (radius !== null) {
      // Counted from the grid's per-cell sums; the page from the nearest circle (5, 15, 45 … miles,
      // then the radius) holding it, as for products: every producer outside is farther than all inside.
      const filter = `list|${query.category}|${query.verifiedOnly}|${query.requireCoordinates}`;
      const passing = this.passingProducers(filter, passesFilters);
      total += this.heldWithin(area.center, radius, passing, filter, measure);
      for (let miles = Math.min(5, radius); ; miles = Math.min(radius, miles * 3)) {
        const circle = this.producersWithin(area.center, miles, measure).filter(({ slot }) => passing[slot] === 1);
        if (circle.length < need && miles < radius) continue;
        for (const { slot, distance } of circle) top.offer(this.farmCandidate(slot, 0, distance));
        break;
      }
      return { page: farmPage(top.result(), query.offset), total };
    }
    // Any distance: rings, as for products; the first ring holding `need` producers gives the page.
    for (let producer = 0; producer < this.visibleNow.length; producer++) {
      if (this.visibleNow[producer] === 1 && passesFilters(producer)) total++;
    }
    for (const miles of [5, 25, 100, 400, null]) {
      const ring = this.producersWithin(area.center, miles, measure).filter(({ slot }) => passesFilters(slot));
      if (miles !== null && ring.length < need) continue;
      for (const { slot } of ring) top.offer(this.farmCandidate(slot, 0, distanceOf(slot)));
      break;
    }
    return { page: farmPage(top.result(), query.offset), total };
  }

  /** 1 for each base producer passing the list's filters other than text and place (visibility aside), kept per filter. */
  private passingProducers(filter: string, passesFilters: (slot: number) => boolean): Int32Array {
    let passing = this.countsByFilter.get(filter);
    if (!passing) {
      passing = new Int32Array(this.producerIds.length);
      for (let slot = 0; slot < passing.length; slot++) passing[slot] = passesFilters(slot) ? 1 : 0;
      this.countsByFilter.set(filter, passing);
    }
    return passing;
  }

  /** The visible overlay producers passing the filters and the radius, with their distance. */
  private overlayProducers(
    query: ProducerQuery,
    area: ProducerQuery['area'],
    radius: number | null,
    measure: ((lat: number, lng: number) => number) | null,
    inRadius: (latitude: number, longitude: number, distance: number) => boolean,
  ): OverlayMatch[] {
    const found: OverlayMatch[] = [];
    for (const { producer, entry } of this.visibleOverlay(query)) {
      if (query.category !== undefined && !entry.listings.some((listing) => listing.category === query.category)) continue;
      if (query.verifiedOnly && !producer.verified) continue;
      const mapped = producer.latitude !== null && producer.longitude !== null;
      if (query.requireCoordinates && !mapped) continue;
      const distance =
        area && measure && mapped ? measure(producer.latitude as number, producer.longitude as number) : Number.NaN;
      if (radius !== null && !inRadius(producer.latitude ?? Number.NaN, producer.longitude ?? Number.NaN, distance)) continue;
      found.push({ producer, entry, distance });
    }
    return found;
  }

  private overlayMatchesText(match: OverlayMatch, lowered: string, query: TrigramQuery, groups: string[][]): boolean {
    const { producer, entry } = match;
    if (
      groups.length > 0 &&
      entry.listings.some((listing) => groups.every((group) => group.some((lexeme) => listing.doc.has(lexeme))))
    ) {
      return true;
    }
    return producer.farmLower.includes(lowered) || wordSimilarity(query, entry.trigrams) >= WORD_SIMILARITY_THRESHOLD;
  }

  /** Base farms with a listing matching every word group (within the box's regions when given). */
  private sellers = new Int32Array(0);
  private sellerCount = 0;
  private markSellers(groups: string[][], box: ReturnType<typeof boundingBox> | null): void {
    this.sellerCount = 0;
    if (groups.length === 0) return;
    // Reused per query (the farms' count at most): a list grown per query was a tenth of its garbage.
    if (this.sellers.length < this.producerIds.length) this.sellers = new Int32Array(this.producerIds.length);
    const stamp = this.stamp;
    const mark = (producer: number) => {
      if (this.sellerMark[producer] === stamp) return;
      this.sellerMark[producer] = stamp;
      this.sellers[this.sellerCount++] = producer;
    };
    // One group of common words: the farms selling each word, as bits, tested for the farms of the
    // box's cells (or every farm) instead of walking tens of thousands of listings (decision 310).
    const farmBits = groups.length === 1 ? this.farmBitsOfGroup(groups[0]) : null;
    if (farmBits) {
      const [first, ...others] = farmBits;
      const sells = (producer: number) => {
        const word = producer >>> 5;
        const bit = 1 << (producer & 31);
        if (first !== undefined && (first[word] & bit) !== 0) return true;
        for (const bits of others) if ((bits[word] & bit) !== 0) return true;
        return false;
      };
      if (box) {
        const { start, slots } = this.grid;
        for (const cell of this.grid.cellsIn(box)) {
          for (let i = start[cell]; i < start[cell + 1]; i++) if (sells(slots[i])) mark(slots[i]);
        }
      } else {
        for (let producer = 0; producer < this.producerIds.length; producer++) if (sells(producer)) mark(producer);
      }
      return;
    }
    const parts = box ? regionsOf(box).map((region) => this.textMatches(groups, region)) : [this.textMatches(groups)];
    for (const matches of parts) {
      for (let i = 0; i < matches.slots.length; i++) mark(this.producerOf[matches.slots[i]]);
    }
  }

  /** Per common lexeme (kept as bits): the base farms with a listing holding it, made on first use. */
  private readonly farmBits = new Map<string, Uint32Array>();

  /**
   * The farm bits of each lexeme of a group, or null when one of its lexemes is a rare word (its
   * postings are walked instead). A lexeme no listing holds (a typo as typed) adds nothing.
   */
  private farmBitsOfGroup(group: string[]): Uint32Array[] | null {
    const found: Uint32Array[] = [];
    for (const lexeme of group) {
      const posting = this.postings.get(lexeme);
      if (!posting) continue;
      if (!this.bitmaps.holds(lexeme)) return null;
      let bits = this.farmBits.get(lexeme);
      if (!bits) {
        bits = new Uint32Array(Math.ceil(this.producerIds.length / 32));
        for (let i = 0; i < posting.slots.length; i++) setBit(bits, this.producerOf[posting.slots[i]]);
        this.farmBits.set(lexeme, bits);
      }
      found.push(bits);
    }
    return found;
  }

  /**
   * The visible base farms a text may match: those selling a matching listing (marked by
   * `markSellers`), those whose name the text is word-similar to, and those whose name holds it. With
   * a radius, the producers in the circle's cells instead when they are fewer (a word in most farm
   * names, such as "farm", or text too short for trigrams, would otherwise read every farm).
   */
  private textCandidates(
    query: TrigramQuery,
    touched: number[],
    lowered: string,
    box: ReturnType<typeof boundingBox> | null,
    inCircle: () => { slot: number }[],
  ): number[] {
    const similarGroups = touched.filter(
      (group) =>
        similarityBound(this.shared[group], query.size) >= WORD_SIMILARITY_THRESHOLD &&
        this.similarityOfGroup(query, group) >= WORD_SIMILARITY_THRESHOLD,
    );
    if (box) {
      const nearby = this.grid.producersIn(box);
      let named = this.sellerCount;
      for (const group of similarGroups) named += this.groupFirst[group + 1] - this.groupFirst[group];
      if (named >= nearby || !hasTrigram(lowered)) return inCircle().map(({ slot }) => slot);
    }
    const candidates: number[] = [];
    const stamp = this.stamp;
    const add = (slot: number) => {
      if (this.candidateMark[slot] === stamp || this.visibleNow[slot] !== 1) return;
      this.candidateMark[slot] = stamp;
      candidates.push(slot);
    };
    for (let i = 0; i < this.sellerCount; i++) add(this.sellers[i]);
    for (const group of similarGroups) this.forFarmsOfGroup(group, add);
    for (const slot of this.farmsContaining(lowered)) add(slot);
    return candidates;
  }

  /**
   * Whether a base farm's lower-cased name holds the text (`ilike '%text%'`): marked from the farms
   * `farmsContaining` finds by trigram, or, for text too short for trigrams, by reading the name.
   */
  private nameHoldsText(lowered: string): (slot: number) => boolean {
    if (!hasTrigram(lowered)) return (slot) => this.farmLower[slot].includes(lowered);
    const stamp = this.stamp;
    for (const slot of this.farmsContaining(lowered)) this.containsMark[slot] = stamp;
    return (slot) => this.containsMark[slot] === stamp;
  }

  private sells(slot: number): boolean {
    return this.sellerMark[slot] === this.stamp;
  }

  /**
   * Base farms whose lower-cased name may contain the text (`ilike '%text%'`): those holding every
   * three-character run of its longest word (a name containing the text holds them all); every farm
   * when the text has no word of three characters.
   */
  private farmsContaining(lowered: string): Iterable<number> {
    const chars = longestWordOf(lowered);
    const matches = (slot: number) => this.farmLower[slot].includes(lowered);
    if (chars.length < 3) return this.byName.filter(matches);
    let current: Int32Array | null = null;
    for (let i = 0; i + 3 <= chars.length; i++) {
      const groups = this.groupsByTrigram.get(this.trigrams.codeOf(chars[i] + chars[i + 1] + chars[i + 2]));
      if (!groups) return [];
      current = current ? intersectSorted(current, groups) : groups;
      if (current.length === 0) return [];
    }
    const found: number[] = [];
    for (const group of current ?? []) {
      if (!matches(this.byName[this.groupFirst[group]])) continue;
      this.forFarmsOfGroup(group, (slot) => found.push(slot));
    }
    return found;
  }
}

/** The characters of the text's longest word (letters and digits). */
function longestWordOf(lowered: string): string[] {
  let chars: string[] = [];
  for (const word of lowered.split(/[^\p{L}\p{N}]+/u)) {
    const wordChars = [...word];
    if (wordChars.length > chars.length) chars = wordChars;
  }
  return chars;
}

/** Whether farms holding the text can be found by trigram (else every farm name is read). */
function hasTrigram(lowered: string): boolean {
  return longestWordOf(lowered).length >= 3;
}

function inBox(box: NonNullable<ReturnType<typeof boundingBox>>, latitude: number, longitude: number): boolean {
  return latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng;
}

/**
 * A lower bound of the great-circle miles for a latitude difference (degrees): the arc along the
 * meridian, less a hair so rounding never drops a point the haversine would keep.
 */
function latitudeMiles(degrees: number): number {
  return Math.abs(degrees) * ((Math.PI / 180) * EARTH_RADIUS_MILES) * (1 - 1e-9);
}

function overlayDistance(producer: ProducerData, measure: (lat: number, lng: number) => number): number {
  return producer.latitude === null || producer.longitude === null ? Number.NaN : measure(producer.latitude, producer.longitude);
}

function pageOf(items: Ranked[], offset: number): { id: number; distance: number | null }[] {
  return items.slice(offset).map((item) => ({ id: item.id, distance: Number.isFinite(item.distance) ? item.distance : null }));
}

/** Whether ascending `slots` holds `slot`. */
function holds(slots: Int32Array, slot: number): boolean {
  return slots[lowerBound(slots, slot)] === slot;
}

/** A lexeme's postings in one region (views, no copy). */
function inRegion(posting: RegionalPosting | undefined, region: number): Posting | undefined {
  if (!posting) return undefined;
  const at = lowerBound(posting.regions, region);
  if (posting.regions[at] !== region) return undefined;
  const [from, to] = [posting.start[at], posting.start[at + 1]];
  return { slots: posting.slots.subarray(from, to), flags: posting.flags.subarray(from, to) };
}

/** The slots holding any lexeme of a group (one word and its typo alternatives). */
function union(group: string[], postingOf: (lexeme: string) => Posting | undefined): Posting {
  const found = group.map(postingOf).filter((p): p is Posting => p !== undefined);
  if (found.length === 0) return { slots: new Int32Array(0), flags: new Uint8Array(0) };
  return found.reduce((a, b) => unite(a, b));
}

/** Sorted union of two postings (slots ascending), flags ORed where both hold a slot. */
function unite(a: Posting, b: Posting): Posting {
  const slots = new Int32Array(a.slots.length + b.slots.length);
  const flags = new Uint8Array(slots.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.slots.length || j < b.slots.length) {
    if (j >= b.slots.length || (i < a.slots.length && a.slots[i] < b.slots[j])) {
      slots[n] = a.slots[i];
      flags[n++] = a.flags[i++];
    } else if (i >= a.slots.length || b.slots[j] < a.slots[i]) {
      slots[n] = b.slots[j];
      flags[n++] = b.flags[j++];
    } else {
      slots[n] = a.slots[i];
      flags[n++] = a.flags[i++] | b.flags[j++];
    }
  }
  return { slots: slots.subarray(0, n), flags: flags.subarray(0, n) };
}

/**
 * Sorted intersection, flags ANDed: a tier needs every group in the name (or the farm name). A merge
 * walk: galloping through the longer side for a much shorter one measured slower at 1M (its binary
 * searches leave the cache; decision 280).
 */
export function intersect(a: Posting, b: Posting): Posting {
  const size = Math.min(a.slots.length, b.slots.length);
  const slots = new Int32Array(size);
  const flags = new Uint8Array(size);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.slots.length && j < b.slots.length) {
    if (a.slots[i] < b.slots[j]) i++;
    else if (b.slots[j] < a.slots[i]) j++;
    else {
      slots[n] = a.slots[i];
      flags[n++] = a.flags[i++] & b.flags[j++];
    }
  }
  return { slots: slots.subarray(0, n), flags: flags.subarray(0, n) };
}

/** A visible overlay producer that passed the filters and the radius of a producer search. */
type OverlayMatch = { producer: ProducerData; entry: OverlayProducer; distance: number };

function overlayRow(producer: ProducerData): SuggestedProducer {
  return { user_id: producer.userId, farm_name: producer.farmName, city: producer.city, state: producer.state };
}

function farmPage(items: FarmCandidate[], offset: number): { producerId: number; distance: number | null }[] {
  return items
    .slice(offset)
    .map((item) => ({ producerId: item.id, distance: Number.isNaN(item.distance) ? null : item.distance }));
}

/** Sorted intersection of two ascending slot lists. */
function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (b[j] < a[i]) j++;
    else {
      out[n++] = a[i];
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/**
 * The first `size` items by `order`, kept while streaming (as TopRanked: append, and sort and cut
 * whenever twice `size` are held). `size` may be infinite (every item, sorted).
 */
export class TopK<T> {
  private items: T[] = [];
  private bound: T | null = null;
  constructor(
    private readonly size: number,
    private readonly order: (a: T, b: T) => number,
  ) {}
  get full(): boolean {
    return this.bound !== null;
  }
  get worst(): T {
    return this.bound as T;
  }
  offer(item: T) {
    if (this.bound && this.order(item, this.bound) >= 0) return;
    this.items.push(item);
    if (this.items.length >= Math.max(2 * this.size, 64)) this.cut();
  }
  result(): T[] {
    this.cut();
    return this.items.sort(this.order);
  }
  /** As TopRanked's: the best `size` kept, the worst of them last. */
  private cut() {
    if (this.items.length < this.size) return;
    selectBest(this.items, this.size, this.order);
    this.items.length = this.size;
    this.bound = this.items[this.size - 1];
  }
}
