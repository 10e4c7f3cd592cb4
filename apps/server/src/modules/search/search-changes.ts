import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';

/**
 * The change feed of search (decision 121). Triggers stamp `search_producers.changed_at` on every
 * write that can change what search, the map or a product page shows (a listing, a price, a farm
 * profile, an account status, a subscription). Each instance polls that index every POLL_MS and
 * tells its in-memory readers (the map, the result caches) which producers changed — so a write on
 * any instance shows on every instance within POLL_MS plus one query, with no hot row, no lock and
 * no NOTIFY (which serialises the commits of every notifying transaction) on the write path.
 */
export const POLL_MS = 250;
/**
 * A transaction stamps changed_at when it writes and becomes visible when it commits: rows are read
 * again for this long, so a write that commits late is still seen (each change is applied once).
 */
const OVERLAP_MS = 2000;

export type SearchChangeListener = (producerIds: number[]) => void;

/** One instance's feed, held in `ctx.search.feed` (search-state.ts). */
export type Feed = {
  listeners: Set<SearchChangeListener>;
  timer: NodeJS.Timeout | null;
  /** The database clock at the previous poll (text, exact to the microsecond). */
  lowWater: string | null;
  applied: Map<number, string>;
  /** Bumped on every batch of changes: cached answers computed under an older generation are stale. */
  generation: number;
  polling: Promise<void> | null;
  stopped: boolean;
};

/** A feed that has not polled yet. */
export function newFeed(): Feed {
  return { listeners: new Set(), timer: null, lowWater: null, applied: new Map(), generation: 0, polling: null, stopped: false };
}

/**
 * Starts polling (once per instance) and resolves when the feed has its starting point, so a reader
 * that loads its data after this sees every change made after its load began.
 */
export async function startSearchFeed(ctx: AppContext): Promise<void> {
  const feed = ctx.search.feed;
  if (feed.stopped) return;
  if (!feed.timer) {
    feed.timer = setInterval(() => {
      pollSearchChanges(ctx).catch(() => undefined);
    }, POLL_MS);
    feed.timer.unref();
  }
  if (!feed.lowWater) await pollSearchChanges(ctx);
}

export function stopSearchFeed(ctx: AppContext): void {
  const feed = ctx.search.feed;
  feed.stopped = true;
  if (feed.timer) clearInterval(feed.timer);
  feed.timer = null;
}

export function onSearchChange(ctx: AppContext, listener: SearchChangeListener): () => void {
  const feed = ctx.search.feed;
  feed.listeners.add(listener);
  return () => feed.listeners.delete(listener);
}

/** The current generation: a cached answer is good only while this is unchanged. */
export function searchGeneration(ctx: AppContext): number {
  return ctx.search.feed.generation;
}

type PollRow = { now: string; changes: { producer_id: number; changed_at: string }[] | string | null };

/** One poll (shared by callers that ask while it runs). Exported so tests need not wait for the timer. */
export function pollSearchChanges(ctx: AppContext): Promise<void> {
  const feed = ctx.search.feed;
  feed.polling ??= poll(ctx, feed).finally(() => {
    feed.polling = null;
  });
  return feed.polling;
}

async function poll(ctx: AppContext, feed: Feed): Promise<void> {
  const since = feed.lowWater;
  const result = await ctx.db.execute<PollRow>(sql`
    select clock_timestamp()::text as now,
      ${
        since === null
          ? sql`null::json`
          : sql`(select json_agg(json_build_object('producer_id', producer_id, 'changed_at', changed_at::text))
          from (select producer_id, changed_at from search_producers
            where changed_at > ${since}::timestamptz - ${`${OVERLAP_MS} milliseconds`}::interval
            order by changed_at limit 10000) c)`
      } as changes`);
  const row = result.rows[0];
  feed.lowWater = row.now;
  const changes = typeof row.changes === 'string' ? JSON.parse(row.changes) : (row.changes ?? []);
  const changed: number[] = [];
  for (const change of changes as { producer_id: number; changed_at: string }[]) {
    if (feed.applied.get(change.producer_id) === change.changed_at) continue;
    feed.applied.set(change.producer_id, change.changed_at);
    changed.push(change.producer_id);
  }
  // Only the overlap window needs remembering; a re-applied change is harmless, just extra work.
  if (feed.applied.size > 20_000) feed.applied.clear();
  if (changed.length === 0) return;
  feed.generation++;
  for (const listener of feed.listeners) listener(changed);
}
