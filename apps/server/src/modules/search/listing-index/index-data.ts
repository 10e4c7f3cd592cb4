import type { BenefitColumns, BenefitTimeline } from '../benefit-filter';
import type { ProductDisplay, ProductDisplayColumns } from './listing-display';
import type { Posting, RegionalPosting } from './postings';

/**
 * What the listing index is built from (decision 125): a producer and a listing as the loader reads
 * them, the columns the builder (listing-index.builder.ts) makes of them, and a producer of the
 * overlay (written since the build). The tables (index-tables.ts) hold them and the questions read them.
 */

export type ProducerData = {
  producerId: number;
  latitude: number | null;
  longitude: number | null;
  /** Epoch ms until which the producer is visible (±Infinity for hidden / for good): see `isVisible`. */
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
  /** What the farm takes by day, asked of the benefits policy when loaded (../benefit-filter.ts); none: nothing. */
  benefits?: BenefitTimeline;
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

/** What the builder (listing-index.builder.ts) makes; the tables add the grid and per-query state. */
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
  /** What each farm takes by day (../benefit-filter.ts). */
  benefits: BenefitColumns;
};

export type OverlayListing = {
  id: number;
  display: ProductDisplay;
  productName: string;
  category: string;
  availability: string;
  name: Set<string>;
  doc: Set<string>;
};
export type OverlayProducer = {
  producer: ProducerData | null;
  farm: Set<string>;
  trigrams: Int32Array;
  listings: OverlayListing[];
};
