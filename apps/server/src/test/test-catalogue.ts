import type { ProductDisplay } from '../modules/search/listing-index/listing-display';
import { type ListingData, ListingIndex, type ProducerData } from '../modules/search/listing-index/listing-index';
import { ListingIndexBuilder } from '../modules/search/listing-index/listing-index.builder';
import { Vocabulary } from '../modules/search/listing-index/query-words';

/** Tests of the index without a database: what a result shows beyond the ranked fields, the same for every listing. */
export const PLAIN_DISPLAY: ProductDisplay = {
  description: null,
  price: 1,
  priceUnit: 'each',
  stockQuantity: null,
  primaryImageUrl: null,
  seasonalStart: null,
  seasonalEnd: null,
  priceFrom: false,
  weightUnit: null,
  packMin: null,
  packMax: null,
  inspection: null,
  originState: null,
};

/** An index built from producers and listings made by a test, with these words as its vocabulary. */
export function indexOf(producers: ProducerData[], listings: ListingData[], words: string[]): ListingIndex {
  const builder = new ListingIndexBuilder(producers);
  builder.add(listings);
  return new ListingIndex(builder.build(), new Vocabulary(words));
}
