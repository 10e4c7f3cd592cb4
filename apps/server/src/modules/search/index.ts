// The search module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { placesChanged } from './benefit-filter';
export { searchIsReady } from './listing-index/listing-index.service';
export { presentProducerListItem } from './search.presenter';
export type { ProducerRow } from './search.repository';
export { productSearchJson } from './search.service';
export { newSearchState } from './search-state';
