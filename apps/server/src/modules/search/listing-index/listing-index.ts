import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../geo';
import { cellColumn, cellKey, cellRow, distanceFrom, regionsOf } from './geo-math';
import type { Vocabulary } from './query-words';

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
};

export type ListingData = {
  productId: number;
  producerId: number;
  category: string;
  availability: string;
  nameLexemes: string[];
  docLexemes: string[];
};

export type IndexQuery = {
  /** Lexeme groups (AND of ORs); null: no text. */
  groups: string[][] | null;
  category?: string;
  availability?: string;
  /** A centre; `radiusMiles` null means any distance. */
  area?: { center: Point; radiusMiles: number | null };
  offset: number;
  limit: number;
  now: number;
};

export type IndexAnswer = { page: { id: number; distance: number | null }[]; total: number };

export const NAME = 1;
export const FARM = 2;
const TIER_OF_FLAGS = [1, 3, 2, 3];

export type Posting = { slots: Int32Array; flags: Uint8Array };

/** What the builder (listing-index.builder.ts) makes; the index adds its grid and per-query state. */
export type IndexParts = {
  productIds: Int32Array;
  producerOf: Int32Array;
  categoryOf: Uint8Array;
  availabilityOf: Uint8Array;
  categories: string[];
  availabilities: string[];
  postings: Map<string, Posting>;
  /** The postings again, split by the producer's region (geo-math.ts#regionOf). */
  regionPostings: Map<number, Map<string, Posting>>;
  categoryPostings: Int32Array[];
  producerIds: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  visibleUntil: Float64Array;
  listingStart: Int32Array;
  producerListings: Int32Array;
};

type OverlayListing = { id: number; category: string; availability: string; name: Set<string>; doc: Set<string> };
type OverlayProducer = { producer: ProducerData | null; farm: Set<string>; listings: OverlayListing[] };

/** A candidate of a centred search: its sort key and id. */
type Ranked = { tier: number; distance: number; id: number };
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
  offer(item: Ranked) {
    if (this.bound && !before(item, this.bound)) return;
    this.items.push(item);
    if (this.items.length >= Math.max(2 * this.size, 64)) this.cut();
  }
  /** The kept candidates, best first. */
  result(): Ranked[] {
    this.cut();
    return this.items;
  }
  private cut() {
    this.items.sort(byRank);
    if (this.items.length > this.size) this.items.length = this.size;
    if (this.items.length === this.size) this.bound = this.items[this.size - 1];
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
  private readonly regionPostings!: Map<number, Map<string, Posting>>;
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
  private readonly cells = new Map<number, number[]>();
  private readonly countsByFilter = new Map<string, Int32Array>();

  private readonly overlay = new Map<number, OverlayProducer>();
  private overlayListings = 0;
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
    parts.producerIds.forEach((producerId, slot) => {
      this.producerSlot.set(producerId, slot);
      const latitude = parts.latitudes[slot];
      if (Number.isNaN(latitude)) return;
      const key = cellKey(cellRow(latitude), cellColumn(parts.longitudes[slot]));
      const cell = this.cells.get(key);
      if (cell) cell.push(slot);
      else this.cells.set(key, [slot]);
    });
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
      if (previous) this.overlayListings -= previous.listings.length;
      const listings = update.listings
        .map((listing) => ({
          id: listing.productId,
          category: listing.category,
          availability: listing.availability,
          name: new Set(listing.nameLexemes),
          doc: new Set(listing.docLexemes),
        }))
        .sort((a, b) => b.id - a.id);
      this.overlay.set(update.producerId, {
        producer: update.producer,
        farm: new Set(update.producer?.farmLexemes ?? []),
        listings,
      });
      this.overlayListings += listings.length;
    }
  }

  search(query: IndexQuery): IndexAnswer {
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    this.refreshVisibility(query.now);
    if (query.area) return this.searchNearby(query, query.area);
    if (query.groups) return this.searchText(query, query.groups);
    return this.browse(query);
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

  private *visibleOverlay(query: IndexQuery): Generator<{ producer: ProducerData; entry: OverlayProducer }> {
    for (const entry of this.overlay.values()) {
      if (entry.producer && entry.producer.visibleUntil > query.now) yield { producer: entry.producer, entry };
    }
  }

  // ── Text ─────────────────────────────────────────────────────────────────────────────────────

  /** Base listings matching every group, newest first, with flags (TIER_OF_FLAGS gives the tier). */
  private textMatches(groups: string[][], postings: Map<string, Posting> | undefined = this.postings): Posting {
    let current: Posting | null = null;
    // Rarest group first keeps the intersections small.
    const unions = groups.map((group) => union(group, postings)).sort((a, b) => a.slots.length - b.slots.length);
    for (const posting of unions) {
      // Intersection ANDs the flags: NAME survives only if every group matched in the name.
      current = current ? intersect(current, posting) : posting;
      if (current.slots.length === 0) break;
    }
    return current ?? { slots: new Int32Array(0), flags: new Uint8Array(0) };
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
      const matches = this.textMatches(groups);
      for (let i = 0; i < matches.slots.length; i++) {
        const slot = matches.slots[i];
        if (!this.passes(slot, category, availability)) continue;
        total++;
        const list = byTier[TIER_OF_FLAGS[matches.flags[i] & 3]];
        if (list.length < need) list.push(this.productIds[slot]);
      }
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
    const box = radius === null ? null : boundingBox(area.center, radius);
    const top = new TopRanked(need);
    let total = 0;
    // Any distance keeps producers without coordinates (last, as SQL sorts nulls last); a radius does not.
    const rank = (tier: number, distance: number, id: number) => {
      if (radius !== null && !(distance <= radius)) return;
      total++;
      top.offer({ tier, distance: Number.isNaN(distance) ? Number.POSITIVE_INFINITY : distance, id });
    };
    // Within a radius only the regions the circle touches are read; at any distance, everything.
    const parts =
      category === -2 || availability === -2
        ? []
        : box
          ? regionsOf(box).map((region) => this.textMatches(groups, this.regionPostings.get(region)))
          : [this.textMatches(groups)];
    for (const matches of parts) {
      for (let i = 0; i < matches.slots.length; i++) {
        const slot = matches.slots[i];
        if (!this.passes(slot, category, availability)) continue;
        const producer = this.producerOf[slot];
        const latitude = this.latitudes[producer];
        if (box) {
          // Outside the box is outside the circle: no haversine needed.
          if (!(latitude >= box.minLat && latitude <= box.maxLat)) continue;
          const longitude = this.longitudes[producer];
          if (!(longitude >= box.minLng && longitude <= box.maxLng)) continue;
        } else if (top.full) {
          // Any distance: every match counts, but one that cannot enter the page needs no distance.
          const worst = top.worst;
          const tier = TIER_OF_FLAGS[matches.flags[i] & 3];
          const atLeast = Number.isNaN(latitude) ? Number.POSITIVE_INFINITY : latitudeMiles(latitude - area.center.latitude);
          if (tier < worst.tier || (tier === worst.tier && atLeast > worst.distance)) {
            total++;
            continue;
          }
        }
        rank(TIER_OF_FLAGS[matches.flags[i] & 3], this.distanceOf(producer, measure), this.productIds[slot]);
      }
    }
    for (const { producer, entry } of this.visibleOverlay(query)) {
      const distance = overlayDistance(producer, measure);
      for (const listing of entry.listings) {
        if (!this.overlayPasses(listing, query)) continue;
        const tier = this.overlayTier(listing, entry.farm, groups);
        if (tier > 0) rank(tier, distance, listing.id);
      }
    }
    return { page: pageOf(top.result(), query.offset), total };
  }

  /**
   * No text, a centre: nearest first. Rings (as the SQL path): the first ring whose producers hold
   * `offset + limit` listings gives the exact page, everything outside it being farther.
   */
  private searchPlaceNearby(query: IndexQuery, area: { center: Point; radiusMiles: number | null }): IndexAnswer {
    const need = query.offset + query.limit;
    const category = this.codeFilter(this.categories, query.category);
    const availability = this.codeFilter(this.availabilities, query.availability);
    const counts = category === -2 || availability === -2 ? null : this.countsFor(category, availability);
    const measure = distanceFrom(area.center);
    const rings = area.radiusMiles === null ? [5, 25, 100, 400, null] : [area.radiusMiles];
    let page: { id: number; distance: number | null }[] = [];
    let total = 0;
    for (const [index, miles] of rings.entries()) {
      const producers = this.producersWithin(area.center, miles, measure);
      const overlay = this.overlayWithin(query, miles, measure);
      let held = overlay.reduce((sum, entry) => sum + entry.ids.length, 0);
      if (counts) for (const producer of producers) held += counts[producer.slot];
      if (held < need && index < rings.length - 1) continue;
      total = area.radiusMiles === null ? this.baseTotal(category, availability) + this.overlayCount(query) : held;
      // Within a radius, the page needs only the nearest producers: the smallest inner circle
      // (R/8, R/2) that holds `need` listings is sorted, not the whole radius.
      for (const inner of miles === null ? [null] : [miles / 8, miles / 2, miles]) {
        const near = inner === null ? producers : producers.filter((producer) => producer.distance <= inner);
        const nearOverlay = inner === null ? overlay : overlay.filter((entry) => entry.distance <= inner);
        let innerHeld = nearOverlay.reduce((sum, entry) => sum + entry.ids.length, 0);
        if (counts) for (const producer of near) innerHeld += counts[producer.slot];
        if (innerHeld < need && inner !== miles) continue;
        page = this.nearestListings(near, nearOverlay, need, category, availability).slice(query.offset);
        break;
      }
      break;
    }
    return { page, total };
  }

  /** Visible, unmasked base producers within `miles` (all, when null) with their distance. */
  private producersWithin(
    center: Point,
    miles: number | null,
    measure: (lat: number, lng: number) => number,
  ): { slot: number; distance: number }[] {
    const found: { slot: number; distance: number }[] = [];
    const box = miles === null ? null : boundingBox(center, miles);
    const consider = (slot: number) => {
      if (this.visibleNow[slot] === 0) return;
      // The box is cheaper than the haversine and never drops a point inside the circle.
      if (box && !(this.latitudes[slot] >= box.minLat && this.latitudes[slot] <= box.maxLat)) return;
      const distance = this.distanceOf(slot, measure);
      if (miles === null || distance <= miles) found.push({ slot, distance: Number.isNaN(distance) ? Infinity : distance });
    };
    const rows = box ? [cellRow(box.minLat), cellRow(box.maxLat)] : null;
    const columns = box ? [cellColumn(box.minLng), cellColumn(box.maxLng)] : null;
    if (rows && columns && (rows[1] - rows[0] + 1) * (columns[1] - columns[0] + 1) <= this.cells.size) {
      for (let row = rows[0]; row <= rows[1]; row++) {
        for (let column = columns[0]; column <= columns[1]; column++) {
          for (const slot of this.cells.get(cellKey(row, column)) ?? []) consider(slot);
        }
      }
    } else {
      for (let slot = 0; slot < this.producerIds.length; slot++) consider(slot);
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
    const places: { distance: number; ids: () => number[] }[] = [
      ...producers.map(({ slot, distance }) => ({
        distance,
        ids: () => {
          const ids: number[] = [];
          for (let i = this.listingStart[slot]; i < this.listingStart[slot + 1]; i++) {
            const listing = this.producerListings[i];
            if (category !== -2 && availability !== -2 && this.passes(listing, category, availability)) {
              ids.push(this.productIds[listing]);
            }
          }
          return ids;
        },
      })),
      ...overlay.map((entry) => ({ distance: entry.distance, ids: () => entry.ids })),
    ].sort((a, b) => a.distance - b.distance);
    const page: { id: number; distance: number | null }[] = [];
    for (let i = 0; i < places.length && page.length < need; ) {
      // Places at the same distance share one run, newest first across them.
      let j = i;
      const ids: number[] = [];
      while (j < places.length && places[j].distance === places[i].distance) ids.push(...places[j++].ids());
      const distance = places[i].distance;
      for (const id of ids.sort((a, b) => b - a)) page.push({ id, distance: Number.isFinite(distance) ? distance : null });
      i = j;
    }
    return page.slice(0, need);
  }
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

/** The slots holding any lexeme of a group (one word and its typo alternatives). */
function union(group: string[], postings: Map<string, Posting> | undefined): Posting {
  const found = group.map((lexeme) => postings?.get(lexeme)).filter((p): p is Posting => p !== undefined);
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

/** Sorted intersection, flags ANDed: a tier needs every group in the name (or the farm name). */
function intersect(a: Posting, b: Posting): Posting {
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
