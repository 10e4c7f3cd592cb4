import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../lib/context';
import { onSearchChange, pollSearchChanges } from '../search-changes';
import { IndexKeeper } from './index-keeper';
import { type IndexSearcher, inThreadSearcher } from './index-requests';
import type { ListingIndex } from './listing-index';
import type { ProducerRows } from './producer-rows';
import { SearchThreads } from './search-threads';

/**
 * Owns each instance's listing index (decision 125): when to use it, where it runs, loading it in
 * the background and keeping it fresh from the change feed (decision 121), so a write anywhere shows
 * here within the feed's poll plus one reload. Until it is loaded the SQL path answers.
 *
 * `SEARCH_INDEX`: `on` always, `off` never, `auto` (default) from AUTO_MIN_LISTINGS listings up —
 * a small catalogue is answered by SQL at once, exact on its own write, with no memory to keep.
 * `config.searchThreads` (SEARCH_THREADS) above 0 on PostgreSQL runs it on that many search threads
 * (decision 300), each with its own copy; otherwise it runs on the main thread.
 */
export const AUTO_MIN_LISTINGS = 20_000;

type IndexState = {
  /** The index on this thread, or null. */
  keeper: IndexKeeper | null;
  /** The index on search threads, or null. */
  threads: SearchThreads | null;
  unsubscribe: (() => void) | null;
};

const states = new WeakMap<AppContext, IndexState>();

function mode(): 'on' | 'off' | 'auto' {
  const value = process.env.SEARCH_INDEX;
  return value === 'on' || value === 'off' ? value : 'auto';
}

/** What answers from the index now, wherever it runs; null while the SQL path answers. */
export function indexSearcherOf(ctx: AppContext): IndexSearcher | null {
  const state = states.get(ctx);
  if (state?.threads) return state.threads.ready ? state.threads : null;
  return state?.keeper ? inThreadSearcher(state.keeper) : null;
}

/** The index loaded on this thread, or null (none yet, or it runs on search threads). */
export function listingIndexOf(ctx: AppContext): ListingIndex | null {
  return states.get(ctx)?.keeper?.index ?? null;
}

/** The producer list's rows kept with the index on this thread (decision 271), or null. */
export function producerRowsOf(ctx: AppContext): ProducerRows | null {
  return states.get(ctx)?.keeper?.rows ?? null;
}

/**
 * Decides and, when the index is used, loads it in the background. Call after the change feed has
 * started: every change after the load began reaches the index. Resolves once the decision is made;
 * `listingIndexLoaded` waits for the load itself.
 */
export async function startListingIndex(ctx: AppContext, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  const state = states.get(ctx) ?? { keeper: null, threads: null, unsubscribe: null };
  states.set(ctx, state);
  if (state.keeper || state.threads || mode() === 'off') return;
  if (mode() === 'auto') {
    const result = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from search_listings limit ${AUTO_MIN_LISTINGS}) l`,
    );
    if (Number(result.rows[0]?.n ?? 0) < AUTO_MIN_LISTINGS) return;
  }
  const threadCount = ctx.config.searchThreads ?? 0;
  if (threadCount > 0 && ctx.config.databaseUrl) {
    const threads = new SearchThreads(ctx.config.databaseUrl, threadCount, log);
    state.threads = threads;
    state.unsubscribe = onSearchChange(ctx, (producerIds) => threads.changed(producerIds));
    return;
  }
  const keeper = new IndexKeeper(ctx.db, log);
  state.keeper = keeper;
  state.unsubscribe = onSearchChange(ctx, (producerIds) => keeper.changed(producerIds));
  keeper.start();
}

/** Waits for the load under way; the index on this thread, or null (none, or on search threads). */
export async function listingIndexLoaded(ctx: AppContext): Promise<ListingIndex | null> {
  const state = states.get(ctx);
  await state?.threads?.loaded();
  return (await state?.keeper?.loaded()) ?? null;
}

/** Polls the change feed now and waits until the index holds what it reported (tests, without the timer). */
export async function listingIndexCaughtUp(ctx: AppContext): Promise<ListingIndex | null> {
  await listingIndexLoaded(ctx);
  await pollSearchChanges(ctx);
  await states.get(ctx)?.threads?.settle();
  return listingIndexLoaded(ctx);
}

export function stopListingIndex(ctx: AppContext): void {
  const state = states.get(ctx);
  if (!state) return;
  state.unsubscribe?.();
  state.keeper?.stop();
  state.threads?.stop();
  states.delete(ctx);
}
