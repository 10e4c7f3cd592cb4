import { BenefitColumns, TAKES_NOTHING } from '../benefit-filter';
import { regionOf } from './geo-math';
import { ProductDisplayColumns } from './listing-display';
import {
  FARM,
  type IndexParts,
  type ListingData,
  NAME,
  type Posting,
  type ProducerData,
  type RegionalPosting,
} from './listing-index';

/** A typed array that doubles when full: postings of a million listings without boxed numbers. */
class GrowingInts {
  values = new Int32Array(8);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  done(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

class GrowingPosting {
  readonly slots = new GrowingInts();
  readonly flags = new GrowingInts();
  push(slot: number, flags: number) {
    this.slots.push(slot);
    this.flags.push(flags);
  }
  done(): Posting {
    return { slots: this.slots.done(), flags: Uint8Array.from(this.flags.done()) };
  }
}

/**
 * Builds the index's arrays from producers and then listings fed newest first, page by page, so a
 * million listings never exist as objects at once (decision 125).
 */
export class ListingIndexBuilder {
  private readonly producerSlot = new Map<number, number>();
  private readonly farmLexemes: Set<string>[] = [];
  private readonly productIds = new GrowingInts();
  private readonly producerOf = new GrowingInts();
  private readonly categoryOf = new GrowingInts();
  private readonly availabilityOf = new GrowingInts();
  private readonly categories: string[] = [];
  private readonly availabilities: string[] = [];
  private readonly postings = new Map<string, GrowingPosting>();
  /** The postings again, only where the lexeme is in the product's name / the farm's name (tiers 3 and 2). */
  private readonly namePostings = new Map<string, GrowingPosting>();
  private readonly farmPostings = new Map<string, GrowingPosting>();
  private readonly producerRegion: number[] = [];
  private readonly byCategory: GrowingInts[] = [];
  private readonly perProducer: GrowingInts[] = [];
  /** Each listing's product name, as a code into `listingNames` (type-ahead, decision 191). */
  private readonly nameOf = new GrowingInts();
  private readonly listingNames: string[] = [];
  private readonly nameCodes = new Map<string, number>();
  /** What a search result shows of each listing (listing-display.ts). */
  private readonly productDisplay = new ProductDisplayColumns();
  private lastId = Number.POSITIVE_INFINITY;

  constructor(private readonly producers: ProducerData[]) {
    producers.forEach((producer, slot) => {
      this.producerSlot.set(producer.producerId, slot);
      this.farmLexemes.push(new Set(producer.farmLexemes));
      this.perProducer.push(new GrowingInts());
      this.producerRegion.push(regionOf(producer.latitude, producer.longitude));
    });
  }

  /** Adds listings; ids must keep falling across calls (slots are newest first). */
  add(listings: ListingData[]): void {
    for (const listing of listings) {
      const producer = this.producerSlot.get(listing.producerId);
      if (producer === undefined) continue;
      if (listing.productId >= this.lastId) throw new Error('listings must come newest first');
      this.lastId = listing.productId;
      const slot = this.productIds.length;
      this.productIds.push(listing.productId);
      this.producerOf.push(producer);
      const category = codeOf(this.categories, listing.category);
      this.categoryOf.push(category);
      this.availabilityOf.push(codeOf(this.availabilities, listing.availability));
      this.byCategory[category] ??= new GrowingInts();
      this.byCategory[category].push(slot);
      this.perProducer[producer].push(slot);
      let nameCode = this.nameCodes.get(listing.name);
      if (nameCode === undefined) {
        nameCode = this.listingNames.push(listing.name) - 1;
        this.nameCodes.set(listing.name, nameCode);
      }
      this.nameOf.push(nameCode);
      this.productDisplay.push(listing.display);
      const name = new Set(listing.nameLexemes);
      const farm = this.farmLexemes[producer];
      for (const lexeme of new Set(listing.docLexemes)) {
        const flags = (name.has(lexeme) ? NAME : 0) | (farm.has(lexeme) ? FARM : 0);
        postingOf(this.postings, lexeme).push(slot, flags);
        if (flags & NAME) postingOf(this.namePostings, lexeme).push(slot, flags);
        if (flags & FARM) postingOf(this.farmPostings, lexeme).push(slot, flags);
      }
    }
  }

  build(): IndexParts {
    const producerCount = this.producers.length;
    const listingStart = new Int32Array(producerCount + 1);
    const producerListings = new Int32Array(this.productIds.length);
    let at = 0;
    this.perProducer.forEach((slots, producer) => {
      listingStart[producer] = at;
      producerListings.set(slots.done(), at);
      at += slots.length;
    });
    listingStart[producerCount] = at;
    // The listings of each product name, newest first (CSR like the producers' listings).
    const nameOf = this.nameOf.done();
    const nameStart = new Int32Array(this.listingNames.length + 1);
    for (const code of nameOf) nameStart[code + 1]++;
    for (let code = 0; code < this.listingNames.length; code++) nameStart[code + 1] += nameStart[code];
    const nameListings = new Int32Array(nameOf.length);
    const filled = nameStart.slice(0, this.listingNames.length);
    nameOf.forEach((code, slot) => {
      nameListings[filled[code]++] = slot;
    });
    const producerOf = this.producerOf.done();
    const postings = finished(this.postings);
    return {
      productIds: this.productIds.done(),
      producerOf,
      categoryOf: Uint8Array.from(this.categoryOf.done()),
      availabilityOf: Uint8Array.from(this.availabilityOf.done()),
      categories: this.categories,
      availabilities: this.availabilities,
      postings,
      namePostings: finished(this.namePostings),
      farmPostings: finished(this.farmPostings),
      regionalPostings: byRegion(postings, producerOf, this.producerRegion),
      categoryPostings: this.categories.map((_, code) => this.byCategory[code]?.done() ?? new Int32Array(0)),
      producerIds: Int32Array.from(this.producers.map((producer) => producer.producerId)),
      latitudes: Float64Array.from(this.producers.map((producer) => producer.latitude ?? Number.NaN)),
      longitudes: Float64Array.from(this.producers.map((producer) => producer.longitude ?? Number.NaN)),
      visibleUntil: Float64Array.from(this.producers.map((producer) => producer.visibleUntil)),
      listingStart,
      producerListings,
      listingNames: this.listingNames,
      nameStart,
      nameListings,
      farmNames: this.producers.map((producer) => producer.farmName),
      farmLower: this.producers.map((producer) => producer.farmLower),
      verified: Uint8Array.from(this.producers, (producer) => (producer.verified ? 1 : 0)),
      userIds: Int32Array.from(this.producers, (producer) => producer.userId),
      cities: this.producers.map((producer) => producer.city),
      states: this.producers.map((producer) => producer.state),
      productDisplay: this.productDisplay.done(),
      nameOf,
      deliveryAvailable: Uint8Array.from(this.producers, (producer) => (producer.deliveryAvailable ? 1 : 0)),
      deliveryRadius: Float64Array.from(this.producers, (producer) => producer.deliveryRadius ?? Number.NaN),
      benefits: new BenefitColumns(this.producers.map((producer) => producer.benefits ?? TAKES_NOTHING)),
    };
  }
}

/**
 * Every lexeme's postings ordered by region then slot (RegionalPosting). Regions are numbered
 * densely in key order, so one counting pass per lexeme sorts its postings with no map per posting.
 */
function byRegion(postings: Map<string, Posting>, producerOf: Int32Array, producerRegion: number[]) {
  const keys = [...new Set(producerRegion)].filter((region) => region >= 0).sort((a, b) => a - b);
  const denseOf = new Map(keys.map((key, dense) => [key, dense]));
  const producerDense = Int32Array.from(producerRegion, (region) => denseOf.get(region) ?? -1);
  const counts = new Int32Array(keys.length);
  const cursor = new Int32Array(keys.length);
  const regional = new Map<string, RegionalPosting>();
  for (const [lexeme, posting] of postings) {
    const touched: number[] = [];
    let placed = 0;
    for (const slot of posting.slots) {
      const dense = producerDense[producerOf[slot]];
      if (dense < 0) continue;
      if (counts[dense]++ === 0) touched.push(dense);
      placed++;
    }
    touched.sort((a, b) => a - b);
    const start = new Int32Array(touched.length + 1);
    touched.forEach((dense, r) => {
      cursor[dense] = start[r];
      start[r + 1] = start[r] + counts[dense];
      counts[dense] = 0;
    });
    const slots = new Int32Array(placed);
    const flags = new Uint8Array(placed);
    posting.slots.forEach((slot, i) => {
      const dense = producerDense[producerOf[slot]];
      if (dense < 0) return;
      slots[cursor[dense]] = slot;
      flags[cursor[dense]++] = posting.flags[i];
    });
    regional.set(lexeme, { regions: Int32Array.from(touched, (dense) => keys[dense]), start, slots, flags });
  }
  return regional;
}

const finished = (postings: Map<string, GrowingPosting>) =>
  new Map([...postings].map(([lexeme, posting]) => [lexeme, posting.done()]));

function postingOf(postings: Map<string, GrowingPosting>, lexeme: string): GrowingPosting {
  let posting = postings.get(lexeme);
  if (!posting) {
    posting = new GrowingPosting();
    postings.set(lexeme, posting);
  }
  return posting;
}

function codeOf(values: string[], value: string): number {
  const at = values.indexOf(value);
  return at >= 0 ? at : values.push(value) - 1;
}
