import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../lib/context';
import { onSearchChange, pollSearchChanges } from '../search-changes';
import type { ListingIndex } from './listing-index';
import { countNames, loadListingIndex, loadNames, loadProducers, loadVocabulary } from './listing-index.loader';
import { loadProducerRows, type ProducerRows, reloadProducerRows } from './producer-rows';

/**
 * Owns each instance's listing index (decision 125): when to use it, loading it in the background,
 * and keeping it fresh from the change feed (decision 121), so a write anywhere shows here within
 * the feed's poll plus one reload. Until it is loaded the SQL path answers.
 *
 * `SEARCH_INDEX`: `on` always, `off` never, `auto` (default) from AUTO_MIN_LISTINGS listings up —
 * a small catalogue is answered by SQL at once, exact on its own write, with no memory to keep.
 */
export const AUTO_MIN_LISTINGS = 20_000;
/** Past this many overlay listings the base is rebuilt (in the background) to keep queries lean. */
const REBUILD_AT = 50_000;

type IndexState = {
  index: ListingIndex | null;
  /** What the producer list's rows show (decision 271): loaded and refreshed with the index, swapped with it. */
  rows: ProducerRows | null;
  loading: Promise<void> | null;
  /** Producers changed and not yet applied to the index. */
  pending: Set<number>;
  /** While a (re)build runs: every producer changed since it began, applied to the new index. */
  sinceBuild: Set<number> | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  applying: Promise<void>;
  stopped: boolean;
  unsubscribe: (() => void) | null;
};

const states = new WeakMap<AppContext, IndexState>();

function stateOf(ctx: AppContext): IndexState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      index: null,
      rows: null,
      loading: null,
      pending: new Set(),
      sinceBuild: null,
      log: console,
      applying: Promise.resolve(),
      stopped: false,
      unsubscribe: null,
    };
    states.set(ctx, state);
  }
  return state;
}

function mode(): 'on' | 'off' | 'auto' {
  const value = process.env.SEARCH_INDEX;
  return value === 'on' || value === 'off' ? value : 'auto';
}

/** The loaded index of this instance, or null while the SQL path answers. */
export function listingIndexOf(ctx: AppContext): ListingIndex | null {
  return states.get(ctx)?.index ?? null;
}

/** The producer list's rows kept with the loaded index (decision 271), or null without one. */
export function producerRowsOf(ctx: AppContext): ProducerRows | null {
  return states.get(ctx)?.rows ?? null;
}

/**
 * Decides and, when the index is used, loads it in the background. Call after the change feed has
 * started: every change after the load began reaches `pending`. Resolves once the decision is made;
 * `listingIndexLoaded` waits for the load itself.
 */
export async function startListingIndex(ctx: AppContext, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  const state = stateOf(ctx);
  state.log = log;
  if (state.loading || state.index || mode() === 'off') return;
  if (mode() === 'auto') {
    const result = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from search_listings limit ${AUTO_MIN_LISTINGS}) l`,
    );
    if (Number(result.rows[0]?.n ?? 0) < AUTO_MIN_LISTINGS) return;
  }
  state.unsubscribe ??= onSearchChange(ctx, (producerIds) => {
    for (const id of producerIds) {
      state.pending.add(id);
      state.sinceBuild?.add(id);
    }
    if (state.index) scheduleApply(ctx, state);
  });
  startBuild(ctx, state);
}

function startBuild(ctx: AppContext, state: IndexState): void {
  state.loading = build(ctx, state)
    .catch((error) => state.log.warn({ err: error }, 'search index: load failed; the SQL path answers'))
    .finally(() => {
      state.loading = null;
      state.sinceBuild = null;
    });
}

export async function listingIndexLoaded(ctx: AppContext): Promise<ListingIndex | null> {
  await stateOf(ctx).loading;
  await stateOf(ctx).applying;
  return listingIndexOf(ctx);
}

/** Polls the change feed now and waits until the index holds what it reported (tests, without the timer). */
export async function listingIndexCaughtUp(ctx: AppContext): Promise<ListingIndex | null> {
  await listingIndexLoaded(ctx);
  await pollSearchChanges(ctx);
  return listingIndexLoaded(ctx);
}

export function stopListingIndex(ctx: AppContext): void {
  const state = stateOf(ctx);
  state.stopped = true;
  state.unsubscribe?.();
  state.unsubscribe = null;
  state.index = null;
  state.rows = null;
}

async function build(ctx: AppContext, state: IndexState): Promise<void> {
  // Changes from here on are applied to the new index once it is built (the old one, if any, keeps
  // answering and taking them meanwhile).
  state.sinceBuild = new Set();
  const index = await loadListingIndex(ctx.db);
  const rows = await loadProducerRows(ctx.db);
  if (state.stopped) return;
  for (const id of state.sinceBuild) state.pending.add(id);
  state.index = index;
  state.rows = rows;
  scheduleApply(ctx, state);
  await state.applying;
}

/** Applies pending changes one batch at a time (reloads of the same producers never interleave). */
function scheduleApply(ctx: AppContext, state: IndexState): void {
  state.applying = state.applying.then(async () => {
    const index = state.index;
    const rows = state.rows;
    if (!index || state.pending.size === 0 || state.stopped) return;
    const producerIds = [...state.pending];
    state.pending.clear();
    try {
      const [updates, rowUpdates, vocabulary, nameCount] = await Promise.all([
        loadProducers(ctx.db, producerIds),
        reloadProducerRows(ctx.db, producerIds),
        loadVocabulary(ctx.db),
        countNames(ctx.db),
      ]);
      // The type-ahead's names only grow: a new count means a product with a new name (decision 191).
      const names = nameCount !== index.nameCount ? await loadNames(ctx.db) : null;
      index.applyProducers(updates);
      rows?.apply(rowUpdates);
      index.vocabulary = vocabulary;
      if (names) index.setNames(names);
    } catch (error) {
      // Try again with the next poll.
      for (const id of producerIds) state.pending.add(id);
      state.log.warn({ err: error }, 'search index: could not reload changed producers');
      return;
    }
    if (index.overlaySize > REBUILD_AT && state.loading === null) startBuild(ctx, state);
  });
}
