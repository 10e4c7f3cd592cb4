import type { SuggestionsResponse } from '@farmstand/shared/schemas/search';
import type { ProducerSearchFilters, ProductSearchFilters } from './search.repository';

/** The type-ahead's products and farms (the categories are matched by the service, not the engine). */
export type Suggested = Omit<SuggestionsResponse, 'categories'>;

/**
 * The one engine behind product search, the producer list, the map with text and the type-ahead
 * (decision 460). Today the in-memory listing index answers (`listing-index/listing-index.service.ts`);
 * a hosted engine (OpenSearch, say) would be a second implementation of this interface, fed from the
 * same change feed (docs/ARCHITECTURE.md). Answers are the response JSON, written by the engine.
 */
export interface SearchProvider {
  /** Whether the engine has loaded and answers at once (readiness, decision 461). */
  readonly ready: boolean;
  /** `ProductSearchResponse` as JSON. */
  products(filters: ProductSearchFilters): Promise<string>;
  /** `ProducerSearchListResponse` (list) or `ProducerMapResponse` (map) as JSON. */
  producers(view: 'list' | 'map', filters: ProducerSearchFilters): Promise<string>;
  suggest(needle: string, limit: number, now: Date): Promise<Suggested>;
}
