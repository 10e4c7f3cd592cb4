import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { BoundedCache } from '../../lib/bounded-cache';
import type { AppContext } from '../../lib/context';
import type { Point } from '../../lib/geo';
import { type BenefitsWanted, takesWanted } from './benefit-filter';
import {
  alphabetical,
  type LatitudeOrder,
  latitudeOrderOf,
  type MapEntry,
  mapEntryOf,
  nearestWithin,
  type Viewport,
  viewportParts,
} from './producer-map-grid';
import { roundMiles } from './search.presenter';
import { loadMapProducers } from './search.repository';
import { onSearchChange, startSearchFeed } from './search-changes';
import { isVisible } from './visible-until';

const gzip = promisify(gzipCallback);

/** A ready answer: JSON bytes, and once compressed, the same bytes gzipped. */
export type MapAnswer = { json: Buffer; gzipped?: Buffer; compressing?: Promise<void> };

/**
 * The map's producers, kept in memory per server instance in `ctx.search.map` (decisions 070, 121): loaded once, then
 * patched producer by producer from the search change feed, so a write anywhere shows on every
 * instance's map within the feed's poll interval. Standing that runs out by the clock (a trial
 * ending) is checked per answer against each producer's `visibleUntil`.
 */
export type MapIndex = {
  byProducer: Map<number, MapEntry>;
  /** Alphabetical (farm name, then id); rebuilt when a change arrives and an answer needs it. */
  sorted: MapEntry[] | null;
  /**
   * By latitude, so a viewport or a radius reads only its own band of producers, with the
   * viewport's cell totals (producer-map-grid.ts); rebuilt like `sorted`.
   */
  byLatitude: LatitudeOrder | null;
  /**
   * Whole-map answers (no location, no viewport): the same for everyone until the next change, each
   * for SHARED_ANSWER_MAX_AGE_MS and within MAP_ANSWER_BOUNDS (lib/bounded-cache.ts): the key holds the
   * page's limit and offset, which a client chooses.
   */
  answers: BoundedCache<string, MapAnswer>;
  version: number;
};

/** The whole-map answer is rebuilt at most this often (it can be tens of megabytes at national scale). */
const SHARED_ANSWER_MAX_AGE_MS = 1000;
/** What whole-map answers may hold at once: the few filters and pages of the last second. */
export const MAP_ANSWER_BOUNDS = { maxEntries: 64, maxBytes: 64 * 1024 * 1024 };

const newAnswers = () =>
  new BoundedCache<string, MapAnswer>({
    ttlMs: SHARED_ANSWER_MAX_AGE_MS,
    ...MAP_ANSWER_BOUNDS,
    weigh: (answer) => answer.json.length,
  });

async function buildIndex(ctx: AppContext): Promise<MapIndex> {
  // The feed's starting point comes first: a change made while the map loads is applied after it.
  await startSearchFeed(ctx);
  const index: MapIndex = { byProducer: new Map(), sorted: null, byLatitude: null, answers: newAnswers(), version: 0 };
  const pending: number[][] = [];
  let loaded = false;
  const apply = async (ids: number[]) => {
    const rows = await loadMapProducers(ctx.db, ids);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.producer_id);
      if (row.visible) index.byProducer.set(row.producer_id, mapEntryOf(row));
      else index.byProducer.delete(row.producer_id);
    }
    for (const id of ids) if (!seen.has(id)) index.byProducer.delete(id);
    index.sorted = null;
    index.byLatitude = null;
    index.answers.clear();
    index.version++;
  };
  // Changes are applied one after another, in the feed's order: each reads its producers from the
  // database, and two reads running at once could finish out of order, an older state of a farm
  // overwriting a newer one until its next change (seen as a farm missing from the map).
  let applied = Promise.resolve();
  onSearchChange(ctx, (ids) => {
    if (!loaded) {
      pending.push(ids);
      return;
    }
    applied = applied.then(() => apply(ids)).catch(() => undefined);
  });
  for (const row of await loadMapProducers(ctx.db)) index.byProducer.set(row.producer_id, mapEntryOf(row));
  loaded = true;
  for (const ids of pending) await apply(ids);
  return index;
}

/** Loaded on the first map answer; a load that failed is tried again by the next one. */
function mapIndex(ctx: AppContext): Promise<MapIndex> {
  if (!ctx.search.map) {
    const index = buildIndex(ctx);
    ctx.search.map = index;
    index.catch(() => {
      ctx.search.map = null;
    });
  }
  return ctx.search.map;
}

function latitudeOrder(index: MapIndex): LatitudeOrder {
  index.byLatitude ??= latitudeOrderOf(index.byProducer.values());
  return index.byLatitude;
}

function sortedEntries(index: MapIndex): MapEntry[] {
  index.sorted ??= [...index.byProducer.values()].sort(alphabetical);
  return index.sorted;
}

export type MapFilters = {
  verifiedOnly: boolean;
  category?: string;
  /** Only farms taking this benefit on its day (benefit-filter.ts). */
  benefits?: BenefitsWanted;
  /** A finite radius around a centre; "any distance" is no area (the answer is the same for everyone). */
  area?: { center: Point; radiusMiles: number };
  limit: number | null;
  offset: number;
};

function answerOf(items: string[], total: number, clusters?: string[]): MapAnswer {
  const clusterPart = clusters ? `,"clusters":[${clusters.join(',')}]` : '';
  return { json: Buffer.from(`{"producers":[${items.join(',')}]${clusterPart},"total":${total}}`) };
}

const keeper =
  (filters: { verifiedOnly: boolean; category?: string; benefits?: BenefitsWanted }, now: number) => (entry: MapEntry) =>
    isVisible(entry.visibleUntil, now) &&
    (!filters.verifiedOnly || entry.verified) &&
    (!filters.category || entry.categories.has(filters.category)) &&
    (!filters.benefits || takesWanted(entry.benefits, filters.benefits));
const pageOf = <T>(list: T[], filters: MapFilters) =>
  filters.limit === null ? list.slice(filters.offset) : list.slice(filters.offset, filters.offset + filters.limit);

/** Gzips an answer once (off the main thread); until then clients get the plain bytes. */
function compressed(answer: MapAnswer): Promise<void> {
  answer.compressing ??= gzip(answer.json).then((bytes) => {
    answer.gzipped = bytes;
  });
  return answer.compressing;
}

/** The map answer: producers in good standing with coordinates, filtered, nearest first when a radius applies. */
export async function producerMapAnswer(ctx: AppContext, filters: MapFilters): Promise<MapAnswer> {
  const index = await mapIndex(ctx);
  const now = ctx.clock.now().getTime();
  const keep = keeper(filters, now);
  if (!filters.area) {
    // The spec's call without a location: every producer, alphabetical, the same for everyone.
    const benefits = filters.benefits ? `${filters.benefits.bits}@${filters.benefits.day}` : '';
    const key = `${filters.verifiedOnly}|${filters.category ?? ''}|${benefits}|${filters.limit}|${filters.offset}`;
    const cached = index.answers.get(key);
    if (cached) return cached;
    const matching = sortedEntries(index).filter(keep);
    const answer = answerOf(
      pageOf(matching, filters).map((entry) => `${entry.head},"distance":null}`),
      matching.length,
    );
    index.answers.set(key, answer);
    compressed(answer).catch(() => undefined);
    return answer;
  }
  const { center, radiusMiles } = filters.area;
  const near = nearestWithin(latitudeOrder(index), filters, center, radiusMiles, now);
  return nearAnswer(pageOf(near, filters), near.length);
}

/**
 * The radius answer (the same bytes as `answerOf`), copied from each producer's head bytes into
 * one buffer: near a city it is thousands of producers and hundreds of kilobytes, and building it
 * as one string made garbage that cost milliseconds to collect.
 */
function nearAnswer(page: { entry: MapEntry; miles: number }[], total: number): MapAnswer {
  const open = '{"producers":[';
  const close = `],"total":${total}}`;
  const tails = page.map(({ miles }, k) => `,"distance":${roundMiles(miles)}}${k < page.length - 1 ? ',' : ''}`);
  const heads = page.map(({ entry }) => {
    entry.headBytes ??= Buffer.from(entry.head);
    return entry.headBytes;
  });
  let size = open.length + close.length;
  for (let k = 0; k < page.length; k++) size += heads[k].length + tails[k].length;
  // Only ASCII is written as text: the heads, which may hold any letter, are copied as UTF-8.
  const json = Buffer.allocUnsafe(size);
  let at = json.write(open, 0, 'latin1');
  for (let k = 0; k < page.length; k++) {
    at += heads[k].copy(json, at);
    at += json.write(tails[k], at, 'latin1');
  }
  json.write(close, at, 'latin1');
  return { json };
}

/**
 * What the map shows in a viewport (decision 122): producers that are alone in their grid cell as
 * the spec's markers (same fields and popup), the others as clusters with their count, centre and
 * bounds, so an answer stays a few hundred items at any zoom and any number of producers.
 * `center` adds each marker's distance.
 */
export async function clusteredMapAnswer(
  ctx: AppContext,
  filters: { verifiedOnly: boolean; category?: string; benefits?: BenefitsWanted; center?: Point; radiusMiles?: number },
  viewport: Viewport,
): Promise<MapAnswer> {
  const index = await mapIndex(ctx);
  const { markers, clusters, total } = viewportParts(
    latitudeOrder(index),
    filters,
    viewport,
    ctx.clock.now().getTime(),
    filters.center,
    filters.radiusMiles,
  );
  return answerOf(markers, total, clusters);
}
