import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { onSearchChange, pollSearchChanges } from '../search-changes';
import type { SearchProvider } from '../search-provider';
import { InMemorySearch } from './in-memory-search';
import { IndexKeeper } from './index-keeper';
import type { ListingIndex } from './listing-index';
import type { ProducerRows } from './producer-rows';

/**
 * Owns each instance's listing index, the one search engine (decisions 125, 460): loaded when the
 * app starts, on either database and at any size, and kept fresh from the change feed (decision
 * 121), so a write anywhere shows here within the feed's poll plus one reload. Until it has loaded,
 * `/api/health/ready` answers 503 and searches wait for it (decision 461). Held in `ctx.search.listing`
 * from start to stop.
 */
export type IndexState = { keeper: IndexKeeper; provider: InMemorySearch; unsubscribe: () => void };

/** The search engine of this instance. */
export function searchProviderOf(ctx: AppContext): SearchProvider {
  const state = ctx.search.listing;
  if (!state) throw new AppError(503, 'Search is still starting up. Try again in a few seconds.', undefined, 5);
  return state.provider;
}

/** Whether search has loaded and answers at once (readiness). */
export function searchIsReady(ctx: AppContext): boolean {
  return ctx.search.listing?.provider.ready === true;
}

/** The index loaded on this instance, or null while it loads. */
export function listingIndexOf(ctx: AppContext): ListingIndex | null {
  return ctx.search.listing?.keeper.index ?? null;
}

/** The producer list's rows kept with the index (decision 271), or null while it loads. */
export function producerRowsOf(ctx: AppContext): ProducerRows | null {
  return ctx.search.listing?.keeper.rows ?? null;
}

/**
 * Starts loading the index in the background. Call after the change feed has started: every change
 * after the load began reaches the index.
 */
export function startListingIndex(ctx: AppContext, log: Pick<FastifyBaseLogger, 'warn'>): void {
  if (ctx.search.listing) return;
  const keeper = new IndexKeeper(ctx.db, log);
  const unsubscribe = onSearchChange(ctx, (producerIds) => keeper.changed(producerIds));
  ctx.search.listing = { keeper, provider: new InMemorySearch(keeper), unsubscribe };
  keeper.start();
}

/** Waits for the load under way; the index, or null if it has not loaded. */
export async function listingIndexLoaded(ctx: AppContext): Promise<ListingIndex | null> {
  return (await ctx.search.listing?.keeper.loaded()) ?? null;
}

/** Polls the change feed now and waits until the index holds what it reported (tests, without the timer). */
export async function listingIndexCaughtUp(ctx: AppContext): Promise<ListingIndex | null> {
  await listingIndexLoaded(ctx);
  await pollSearchChanges(ctx);
  return listingIndexLoaded(ctx);
}

export function stopListingIndex(ctx: AppContext): void {
  const state = ctx.search.listing;
  if (!state) return;
  state.unsubscribe();
  state.keeper.stop();
  ctx.search.listing = null;
}
