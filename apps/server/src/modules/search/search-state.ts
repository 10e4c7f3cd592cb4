import type { IndexState } from './listing-index/listing-index.service';
import type { MapIndex } from './producer-map';
import { type Feed, newFeed } from './search-changes';

declare module '../../lib/context' {
  interface AppContext {
    /** Search: the listing index, the map's producers and the change feed that keeps both fresh. */
    search: SearchState;
  }
}

/**
 * What search holds in memory on one app instance (`ctx.search`, made by app.ts#buildApp). Each app
 * has its own: tests build several apps, on one database or on several, in one process.
 */
export type SearchState = {
  /** The change feed: its listeners, its place in `search_producers` and its timer (search-changes.ts). */
  feed: Feed;
  /** The listing index and the provider searches go through, from start to stop (listing-index.service.ts). */
  listing: IndexState | null;
  /** The map's producers, loading or loaded, from the first map answer on (producer-map.ts). */
  map: Promise<MapIndex> | null;
};

export function newSearchState(): SearchState {
  return { feed: newFeed(), listing: null, map: null };
}
