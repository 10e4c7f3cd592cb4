import { maskOn, TAKES_NOTHING } from '../benefit-filter';
import { FarmSimilarity } from './farm-similarity';
import type { IndexParts, ListingData, ProducerData } from './index-data';
import { type IndexAnswer, type IndexQuery, IndexTables } from './index-tables';
import { displayJsonOf, farmFieldsJson, listingJson, type ProducerDisplay, takesJson } from './listing-display';
import type { NameRow } from './name-table';
import { type ProducerAnswer, type ProducerQuery, ProducerRanking } from './producer-ranking';
import { searchProducts } from './product-ranking';
import type { Vocabulary } from './query-words';
import { type SuggestedProducer, type SuggestedProduct, TypeAhead } from './type-ahead';

/**
 * The product search held in memory (decision 125), split by question: the tables (index-tables.ts:
 * typed arrays, postings, grid, overlay, farm-name orders, and the one visibility rule `isVisible`);
 * product ranking (product-ranking.ts, product-nearby.ts, its rule in ../product-order.ts); the
 * producer list (producer-ranking.ts); the type-ahead (type-ahead.ts); farm-name similarity
 * (farm-similarity.ts); postings operations (postings.ts); one top-k (top-k.ts). This class is
 * the face the service, the loader and the tests use, and writes a product answer's JSON.
 */

export type { IndexParts, ListingData, ProducerData } from './index-data';
export type { IndexAnswer, IndexQuery } from './index-tables';
export { FARM, NAME, type Posting, type RegionalPosting } from './postings';
export type { ProducerAnswer, ProducerQuery } from './producer-ranking';
export type { SuggestedProducer, SuggestedProduct } from './type-ahead';

export class ListingIndex {
  readonly listingCount: number;
  private readonly tables: IndexTables;
  private readonly producers: ProducerRanking;
  private readonly typeAhead: TypeAhead;
  /**
   * Base values as JSON text for writing a page (answerJson): names, categories and availabilities
   * escaped once; a farm's fields when one of its listings is first written (a base farm never changes).
   */
  private readonly json: { names: string[]; categories: string[]; availabilities: string[]; farms: string[] };

  constructor(
    parts: IndexParts,
    public vocabulary: Vocabulary,
  ) {
    this.tables = new IndexTables(parts);
    this.listingCount = this.tables.listingCount;
    const farms = new FarmSimilarity(this.tables);
    this.producers = new ProducerRanking(this.tables, farms);
    this.typeAhead = new TypeAhead(this.tables, farms);
    this.json = {
      names: parts.listingNames.map((name) => JSON.stringify(name)),
      categories: parts.categories.map((category) => JSON.stringify(category)),
      availabilities: parts.availabilities.map((availability) => JSON.stringify(availability)),
      farms: new Array(parts.producerIds.length),
    };
  }

  /** How many listings the overlay holds (the owner rebuilds the base when it grows large). */
  get overlaySize(): number {
    return this.tables.overlaySize;
  }

  /**
   * Replaces what the index knows of these producers with their current state (null: gone). The
   * base keeps their old rows masked; the overlay answers for them from now on.
   */
  applyProducers(updates: { producerId: number; producer: ProducerData | null; listings: ListingData[] }[]): void {
    this.tables.applyProducers(updates);
  }

  /** A product search: ranked, counted and paged (product-ranking.ts). */
  search(query: IndexQuery): IndexAnswer {
    return searchProducts(this.tables, query);
  }

  /** The producer list (producer-ranking.ts). */
  searchProducers(query: ProducerQuery): ProducerAnswer {
    return this.producers.search(query);
  }

  /**
   * What a producer's farm takes on `day` (a day number), as bits (../benefit-filter.ts): a
   * producer list row says it as the product rows do (`takesJson`, `takesOfBits`).
   */
  producerTakes(producerId: number, day: number): number {
    return this.tables.takesOf(producerId, day);
  }

  /** Replaces the type-ahead's product names (`search_names`, which only grows). */
  setNames(rows: NameRow[]): void {
    this.typeAhead.setNames(rows);
  }

  /** How many `search_names` rows the index holds (the owner reloads them when the table has more). */
  get nameCount(): number {
    return this.typeAhead.nameCount;
  }

  suggestProducts(lowered: string, limit: number, now: number): SuggestedProduct[] {
    return this.typeAhead.suggestProducts(lowered, limit, now);
  }

  suggestProducers(lowered: string, limit: number, now: number): SuggestedProducer[] {
    return this.typeAhead.suggestProducers(lowered, limit, now);
  }

  /**
   * The route's JSON for an answer (`ProductSearchResponse`), written from the display columns kept
   * beside the listings (listing-display.ts): no database read, no generic serialiser. A listing of
   * a changed producer is written from the overlay, which holds its current state. `day` is the
   * farms' day today (a day number, ../benefit-filter.ts): each row says what its farm takes on it.
   */
  answerJson(answer: IndexAnswer, day: number): string {
    const t = this.tables;
    const rows: string[] = [];
    for (const { id, distance } of answer.page) {
      const changed = t.overlayById.get(id);
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
        const takes = takesJson(maskOn(producer.benefits ?? TAKES_NOTHING, day));
        rows.push(listingJson(fields, farmFieldsJson(producer), takes, distance));
        continue;
      }
      const slot = t.slotOf(id);
      const producer = t.producerOf[slot];
      const fields = {
        id,
        producerId: t.producerIds[producer],
        userId: t.userIds[producer],
        name: this.json.names[t.nameOf[slot]],
        category: this.json.categories[t.categoryOf[slot]],
        availability: this.json.availabilities[t.availabilityOf[slot]],
        display: t.productDisplay.json(slot),
      };
      this.json.farms[producer] ??= farmFieldsJson(this.producerDisplayOf(producer));
      rows.push(listingJson(fields, this.json.farms[producer], takesJson(t.benefits.maskOf(producer, day)), distance));
    }
    return `{"products":[${rows.join(',')}],"total":${answer.total}}`;
  }

  private producerDisplayOf(producer: number): ProducerDisplay {
    const t = this.tables;
    const radius = t.deliveryRadius[producer];
    return {
      farmName: t.farmNames[producer],
      city: t.cities[producer],
      state: t.states[producer],
      deliveryAvailable: t.deliveryAvailable[producer] === 1,
      deliveryRadius: Number.isNaN(radius) ? null : radius,
      verified: t.verified[producer] === 1,
    };
  }
}
