import { boundingBox, type Point } from '../../../lib/geo';
import type { BenefitsWanted } from '../benefit-filter';
import { type FarmSimilarity, hasTrigram } from './farm-similarity';
import { distanceFrom, regionsOf } from './geo-math';
import type { OverlayProducer, ProducerData } from './index-data';
import type { IndexTables, Measure } from './index-tables';
import { setBit } from './slot-bitmaps';
import { TopK } from './top-k';
import { compareUtf8, similarityBound, TrigramQuery, WORD_SIMILARITY_THRESHOLD, wordSimilarity } from './word-similarity';

/** The producer list of /api/search/producers (decision 120's `searchProducers`), answered in memory. */
export type ProducerQuery = {
  /** The search as typed (trimmed, printable ASCII), or undefined. */
  text?: string;
  /** Its lexeme groups (as for products); empty when the text has no searchable words. */
  groups: string[][];
  category?: string;
  verifiedOnly: boolean;
  /** Only farms taking this benefit on its day (../benefit-filter.ts). */
  benefits?: BenefitsWanted;
  area?: { center: Point; radiusMiles: number | null };
  requireCoordinates: boolean;
  /** Null: every match (the map). */
  limit: number | null;
  offset: number;
  now: number;
};
export type ProducerAnswer = { page: { producerId: number; distance: number | null }[]; total: number };

/** A producer being ranked (the list, the type-ahead): word similarity desc, distance asc (nulls last), farm name, id. */
export type FarmCandidate = { slot: number; id: number; name: string; similarity: number; distance: number };

/** A visible overlay producer that passed the filters and the radius of a producer search. */
type OverlayMatch = { producer: ProducerData; entry: OverlayProducer; distance: number };

type Box = NonNullable<ReturnType<typeof boundingBox>>;

/** The order of farms: similarity desc, distance asc (NaN: none, last), farm name (byte order), producer id. */
export function farmOrderOf(t: IndexTables): (a: FarmCandidate, b: FarmCandidate) => number {
  const { nameRank } = t;
  return (a, b) => {
    if (a.similarity !== b.similarity) return b.similarity - a.similarity;
    const aNone = Number.isNaN(a.distance);
    const bNone = Number.isNaN(b.distance);
    if (aNone !== bNone) return aNone ? 1 : -1;
    if (!aNone && a.distance !== b.distance) return a.distance - b.distance;
    if (a.slot >= 0 && b.slot >= 0) return nameRank[a.slot] - nameRank[b.slot];
    return compareUtf8(a.name, b.name) || a.id - b.id;
  };
}

export function farmCandidate(t: IndexTables, slot: number, similarity: number, distance: number): FarmCandidate {
  return { slot, id: t.producerIds[slot], name: t.farmNames[slot], similarity, distance };
}

/**
 * The producer list exactly as `searchProducers` (search.repository.ts), over the index's tables:
 * visible producers, of the category (any listing), verified if asked, taking the benefit asked
 * for, within the radius; with
 * text, those the text is word-similar to (`<%`), whose name holds it (`ilike`) or with a listing
 * matching its words; ranked by word similarity, distance (nulls last), farm name and id; the total
 * counts every match. Holds its per-query marks (reused: a list grown per query was garbage).
 */
export class ProducerRanking {
  /** Per query marks: farms with a matching listing, candidates already listed, farms to walk in name order, farms whose name holds the text. */
  private readonly sellerMark: Uint32Array;
  private readonly candidateMark: Uint32Array;
  private readonly pickMark: Uint32Array;
  private readonly containsMark: Uint32Array;
  /** Base farms with a listing matching every word group (within the box's regions when given). */
  private readonly sellers: Int32Array;
  private sellerCount = 0;
  /** Per common lexeme (kept as bits): the base farms with a listing holding it, made on first use. */
  private readonly farmBits = new Map<string, Uint32Array>();
  private readonly farmOrder: (a: FarmCandidate, b: FarmCandidate) => number;

  constructor(
    private readonly t: IndexTables,
    private readonly farms: FarmSimilarity,
  ) {
    const producerCount = t.producerIds.length;
    this.sellerMark = new Uint32Array(producerCount);
    this.candidateMark = new Uint32Array(producerCount);
    this.pickMark = new Uint32Array(producerCount);
    this.containsMark = new Uint32Array(producerCount);
    this.sellers = new Int32Array(producerCount);
    this.farmOrder = farmOrderOf(t);
  }

  search(query: ProducerQuery): ProducerAnswer {
    const { t, farms } = this;
    t.begin(query.now, query.benefits);
    const need = query.limit === null ? Number.POSITIVE_INFINITY : query.offset + query.limit;
    const category = t.codeFilter(t.categories, query.category);
    const counts = category >= 0 ? t.countsFor(category, -1) : null;
    const area = query.area;
    const measure = area ? distanceFrom(area.center) : null;
    const radius = area ? area.radiusMiles : null;
    const box = area && radius !== null ? boundingBox(area.center, radius) : null;
    const distanceOf = (slot: number) => (measure ? t.distanceOf(slot, measure) : Number.NaN);

    const taking = t.takingNow;
    /** Filters other than text and place, for a visible base producer. */
    const passesFilters = (slot: number) =>
      category !== -2 &&
      (counts === null || counts[slot] > 0) &&
      (!query.verifiedOnly || t.verified[slot] === 1) &&
      (taking === null || taking[slot] === 1) &&
      (!query.requireCoordinates || !Number.isNaN(t.latitudes[slot]));
    const inRadius = (latitude: number, longitude: number, distance: number) =>
      radius === null || (!Number.isNaN(latitude) && (!box || inBox(box, latitude, longitude)) && distance <= radius);

    const overlay = this.overlayProducers(query, area, radius, measure, inRadius);
    const text = query.text;
    if (text === undefined) {
      return this.producersWithoutText(query, need, passesFilters, distanceOf, overlay);
    }

    // With text: the candidates (farms in the radius, or those the text can match), then the matches.
    const lowered = text.toLowerCase();
    const trigramQuery = new TrigramQuery(lowered, t.trigrams);
    const touched = farms.countShared(trigramQuery);
    this.markSellers(query.groups, box);
    const candidates = this.textCandidates(trigramQuery, touched, lowered, box, () =>
      t.producersWithin(area?.center as Point, radius as number, measure as Measure),
    );
    const holdsText = this.nameHoldsText(lowered);
    const matched: number[] = [];
    // Indexed loops here and below: this function is too large for the optimiser to drop
    // for-of's iterator results, which were the list's largest garbage.
    for (let c = 0; c < candidates.length; c++) {
      const slot = candidates[c];
      if (!passesFilters(slot)) continue;
      const shared = farms.sharedOf(slot);
      let match = this.sellerMark[slot] === t.stamp || holdsText(slot);
      if (!match && similarityBound(shared, trigramQuery.size) >= WORD_SIMILARITY_THRESHOLD) {
        match = farms.farmSimilarity(trigramQuery, slot) >= WORD_SIMILARITY_THRESHOLD;
      }
      if (!match || (box && !inBox(box, t.latitudes[slot], t.longitudes[slot]))) continue;
      if (inRadius(t.latitudes[slot], t.longitudes[slot], distanceOf(slot))) matched.push(slot);
    }
    const overlayMatches = overlay.filter((entry) => overlayMatchesText(entry, lowered, trigramQuery, query.groups));
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
    for (let m = 0; m < matched.length; m++) buckets[farms.sharedOf(matched[m])].push(matched[m]);
    for (let shared = trigramQuery.size; shared >= 1; shared--) {
      if (top.full && similarityBound(shared, trigramQuery.size) < top.worst.similarity) break;
      const bucket = buckets[shared];
      // One shared trigram: the best extent is that trigram alone, so the similarity is the bound
      // itself (1 / size) and need not be computed; such farms are often a thousand per query.
      const alike = shared === 1 ? similarityBound(1, trigramQuery.size) : -1;
      for (let b = 0; b < bucket.length; b++) {
        const slot = bucket[b];
        const similarity = alike >= 0 ? alike : farms.farmSimilarity(trigramQuery, slot);
        const distance = distanceOf(slot);
        const worst = top.full ? top.worst : null;
        // Cannot enter the page: no candidate is made.
        if (worst && (similarity < worst.similarity || (similarity === worst.similarity && distance > worst.distance))) continue;
        top.offer(farmCandidate(t, slot, similarity, distance));
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
          top.offer(farmCandidate(t, slot, 0, distance));
        }
      } else {
        // No centre: similarity 0 and no distance, so farm-name order decides; the first `need` in it suffice.
        const stamp = t.stamp;
        for (const slot of unshared) this.pickMark[slot] = stamp;
        let offered = 0;
        for (let i = 0; i < t.byName.length && offered < need; i++) {
          const slot = t.byName[i];
          if (this.pickMark[slot] !== stamp) continue;
          top.offer(farmCandidate(t, slot, 0, Number.NaN));
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
    const { t } = this;
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
      for (let i = 0; i < t.byName.length; i++) {
        const slot = t.byName[i];
        if (t.visibleNow[slot] !== 1 || !passesFilters(slot)) continue;
        if (total - overlay.length < need) top.offer(farmCandidate(t, slot, 0, Number.NaN));
        total++;
      }
      return { page: farmPage(top.result(), query.offset), total };
    }
    const measure = distanceFrom(area.center);
    const radius = area.radiusMiles;
    if (radius !== null) {
      // Counted from the grid's per-cell sums; the page from the nearest circle (5, 15, 45 … miles,
      // then the radius) holding it, as for products: every producer outside is farther than all inside.
      const filter = `list|${query.category}|${query.verifiedOnly}|${query.requireCoordinates}${t.benefitKey}`;
      const passing = this.passingProducers(filter, passesFilters);
      total += t.heldWithin(area.center, radius, passing, filter, measure);
      for (let miles = Math.min(5, radius); ; miles = Math.min(radius, miles * 3)) {
        const circle = t.producersWithin(area.center, miles, measure).filter(({ slot }) => passing[slot] === 1);
        if (circle.length < need && miles < radius) continue;
        for (const { slot, distance } of circle) top.offer(farmCandidate(t, slot, 0, distance));
        break;
      }
      return { page: farmPage(top.result(), query.offset), total };
    }
    // Any distance: rings, as for products; the first ring holding `need` producers gives the page.
    for (let producer = 0; producer < t.visibleNow.length; producer++) {
      if (t.visibleNow[producer] === 1 && passesFilters(producer)) total++;
    }
    for (const miles of [5, 25, 100, 400, null]) {
      const ring = t.producersWithin(area.center, miles, measure).filter(({ slot }) => passesFilters(slot));
      if (miles !== null && ring.length < need) continue;
      for (const { slot } of ring) top.offer(farmCandidate(t, slot, 0, distanceOf(slot)));
      break;
    }
    return { page: farmPage(top.result(), query.offset), total };
  }

  /** 1 for each base producer passing the list's filters other than text and place (visibility aside), kept per filter. */
  private passingProducers(filter: string, passesFilters: (slot: number) => boolean): Int32Array {
    let passing = this.t.countsByFilter.get(filter);
    if (!passing) {
      passing = new Int32Array(this.t.producerIds.length);
      for (let slot = 0; slot < passing.length; slot++) passing[slot] = passesFilters(slot) ? 1 : 0;
      this.t.countsByFilter.set(filter, passing);
    }
    return passing;
  }

  /** The visible overlay producers passing the filters and the radius, with their distance. */
  private overlayProducers(
    query: ProducerQuery,
    area: ProducerQuery['area'],
    radius: number | null,
    measure: Measure | null,
    inRadius: (latitude: number, longitude: number, distance: number) => boolean,
  ): OverlayMatch[] {
    const found: OverlayMatch[] = [];
    for (const { producer, entry } of this.t.visibleOverlay(query)) {
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

  /** Marks the base farms with a listing matching every word group (within the box's regions when given). */
  private markSellers(groups: string[][], box: Box | null): void {
    const { t } = this;
    this.sellerCount = 0;
    if (groups.length === 0) return;
    const stamp = t.stamp;
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
        const { start, slots } = t.grid;
        for (const cell of t.grid.cellsIn(box)) {
          for (let i = start[cell]; i < start[cell + 1]; i++) if (sells(slots[i])) mark(slots[i]);
        }
      } else {
        for (let producer = 0; producer < t.producerIds.length; producer++) if (sells(producer)) mark(producer);
      }
      return;
    }
    const parts = box ? regionsOf(box).map((region) => t.textMatches(groups, region)) : [t.textMatches(groups)];
    for (const matches of parts) {
      for (let i = 0; i < matches.slots.length; i++) mark(t.producerOf[matches.slots[i]]);
    }
  }

  /**
   * The farm bits of each lexeme of a group, or null when one of its lexemes is a rare word (its
   * postings are walked instead). A lexeme no listing holds (a typo as typed) adds nothing.
   */
  private farmBitsOfGroup(group: string[]): Uint32Array[] | null {
    const { t } = this;
    const found: Uint32Array[] = [];
    for (const lexeme of group) {
      const posting = t.postings.get(lexeme);
      if (!posting) continue;
      if (!t.bitmaps.holds(lexeme)) return null;
      let bits = this.farmBits.get(lexeme);
      if (!bits) {
        bits = new Uint32Array(Math.ceil(t.producerIds.length / 32));
        for (let i = 0; i < posting.slots.length; i++) setBit(bits, t.producerOf[posting.slots[i]]);
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
    box: Box | null,
    inCircle: () => { slot: number }[],
  ): number[] {
    const { t, farms } = this;
    const similarGroups = touched.filter(
      (group) =>
        similarityBound(farms.sharedOfGroup(group), query.size) >= WORD_SIMILARITY_THRESHOLD &&
        farms.similarityOfGroup(query, group) >= WORD_SIMILARITY_THRESHOLD,
    );
    if (box) {
      const nearby = t.grid.producersIn(box);
      let named = this.sellerCount;
      for (const group of similarGroups) named += farms.farmsIn(group);
      if (named >= nearby || !hasTrigram(lowered)) return inCircle().map(({ slot }) => slot);
    }
    const candidates: number[] = [];
    const stamp = t.stamp;
    const add = (slot: number) => {
      if (this.candidateMark[slot] === stamp || t.visibleNow[slot] !== 1) return;
      this.candidateMark[slot] = stamp;
      candidates.push(slot);
    };
    for (let i = 0; i < this.sellerCount; i++) add(this.sellers[i]);
    for (const group of similarGroups) farms.forFarmsOfGroup(group, add);
    for (const slot of farms.farmsContaining(lowered)) add(slot);
    return candidates;
  }

  /**
   * Whether a base farm's lower-cased name holds the text (`ilike '%text%'`): marked from the farms
   * `farmsContaining` finds by trigram, or, for text too short for trigrams, by reading the name.
   */
  private nameHoldsText(lowered: string): (slot: number) => boolean {
    const { t } = this;
    if (!hasTrigram(lowered)) return (slot) => t.farmLower[slot].includes(lowered);
    const stamp = t.stamp;
    for (const slot of this.farms.farmsContaining(lowered)) this.containsMark[slot] = stamp;
    return (slot) => this.containsMark[slot] === stamp;
  }
}

function overlayMatchesText(match: OverlayMatch, lowered: string, query: TrigramQuery, groups: string[][]): boolean {
  const { producer, entry } = match;
  if (
    groups.length > 0 &&
    entry.listings.some((listing) => groups.every((group) => group.some((lexeme) => listing.doc.has(lexeme))))
  ) {
    return true;
  }
  return producer.farmLower.includes(lowered) || wordSimilarity(query, entry.trigrams) >= WORD_SIMILARITY_THRESHOLD;
}

function inBox(box: Box, latitude: number, longitude: number): boolean {
  return latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng;
}

function farmPage(items: FarmCandidate[], offset: number): { producerId: number; distance: number | null }[] {
  return items
    .slice(offset)
    .map((item) => ({ producerId: item.id, distance: Number.isNaN(item.distance) ? null : item.distance }));
}
