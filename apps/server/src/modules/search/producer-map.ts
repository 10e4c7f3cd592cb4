import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { haversineMiles, PRODUCT_CATEGORIES } from '@farmstand/shared';
import type { AppContext } from '../../lib/context';
import { boundingBox, type Point } from './geo';
import { presentMapProducer, roundMiles } from './search.presenter';
import { loadMapProducers, type MapProducerRow } from './search.repository';
import { onSearchChange, startSearchFeed } from './search-changes';

const gzip = promisify(gzipCallback);

/**
 * The map's producers, kept in memory per server instance (decisions 070, 121): loaded once, then
 * patched producer by producer from the search change feed, so a write anywhere shows on every
 * instance's map within the feed's poll interval. Standing that runs out by the clock (a trial
 * ending) is checked per answer against each producer's `visibleUntil`.
 */
type MapEntry = {
  producerId: number;
  lat: number;
  lng: number;
  verified: boolean;
  visibleUntil: number;
  farmName: string;
  categories: ReadonlySet<string>;
  /** The item's JSON without its closing brace, so the distance can be appended without re-serialising. */
  head: string;
};

/** A ready answer: JSON bytes, and once compressed, the same bytes gzipped. */
export type MapAnswer = { json: Buffer; gzipped?: Buffer; compressing?: Promise<void> };

type Index = {
  byProducer: Map<number, MapEntry>;
  /** Alphabetical (farm name, then id); rebuilt when a change arrives and an answer needs it. */
  sorted: MapEntry[] | null;
  /** By latitude, so a viewport reads only its own band of producers; rebuilt like `sorted`. */
  byLatitude: LatitudeOrder | null;
  /** Whole-map answers (no location, no viewport): the same for everyone until the next change. */
  answers: Map<string, { at: number; answer: MapAnswer }>;
  version: number;
};

/** The whole-map answer is rebuilt at most this often (it can be tens of megabytes at national scale). */
const SHARED_ANSWER_MAX_AGE_MS = 1000;

const indexes = new WeakMap<AppContext, Promise<Index>>();

function toEntry(row: MapProducerRow): MapEntry {
  const json = JSON.stringify(presentMapProducer(row));
  return {
    producerId: row.producer_id,
    lat: row.latitude,
    lng: row.longitude,
    verified: row.verified,
    visibleUntil: Number(row.visible_until),
    farmName: row.farm_name,
    categories: new Set(row.categories),
    head: json.slice(0, -1),
  };
}

async function buildIndex(ctx: AppContext): Promise<Index> {
  // The feed's starting point comes first: a change made while the map loads is applied after it.
  await startSearchFeed(ctx);
  const index: Index = { byProducer: new Map(), sorted: null, byLatitude: null, answers: new Map(), version: 0 };
  const pending: number[][] = [];
  let loaded = false;
  const apply = async (ids: number[]) => {
    const rows = await loadMapProducers(ctx.db, ids);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.producer_id);
      if (row.visible) index.byProducer.set(row.producer_id, toEntry(row));
      else index.byProducer.delete(row.producer_id);
    }
    for (const id of ids) if (!seen.has(id)) index.byProducer.delete(id);
    index.sorted = null;
    index.byLatitude = null;
    index.answers.clear();
    index.version++;
  };
  onSearchChange(ctx, (ids) => {
    if (!loaded) {
      pending.push(ids);
      return;
    }
    apply(ids).catch(() => undefined);
  });
  for (const row of await loadMapProducers(ctx.db)) index.byProducer.set(row.producer_id, toEntry(row));
  loaded = true;
  for (const ids of pending) await apply(ids);
  return index;
}

async function mapIndex(ctx: AppContext): Promise<Index> {
  let index = indexes.get(ctx);
  if (!index) {
    index = buildIndex(ctx);
    indexes.set(ctx, index);
    index.catch(() => indexes.delete(ctx));
  }
  return index;
}

/**
 * The producers in latitude order with what a viewport filters on in flat typed arrays: a viewport
 * at a low zoom reads every producer, and reading 100,000 scattered objects cost ~0.6 µs each.
 */
type LatitudeOrder = {
  entries: MapEntry[];
  lat: Float64Array;
  lng: Float64Array;
  visibleUntil: Float64Array;
  verified: Uint8Array;
  /** A bit per category (PRODUCT_CATEGORIES order) the producer lists. */
  categories: Uint32Array;
};

const categoryBit = (category: string) => 1 << (PRODUCT_CATEGORIES as readonly string[]).indexOf(category);

function latitudeOrder(index: Index): LatitudeOrder {
  if (index.byLatitude) return index.byLatitude;
  const entries = [...index.byProducer.values()].sort((a, b) => a.lat - b.lat);
  index.byLatitude = {
    entries,
    lat: Float64Array.from(entries, (entry) => entry.lat),
    lng: Float64Array.from(entries, (entry) => entry.lng),
    visibleUntil: Float64Array.from(entries, (entry) => entry.visibleUntil),
    verified: Uint8Array.from(entries, (entry) => (entry.verified ? 1 : 0)),
    categories: Uint32Array.from(entries, (entry) => [...entry.categories].reduce((bits, c) => bits | categoryBit(c), 0)),
  };
  return index.byLatitude;
}

/** The first position whose latitude is ≥ `latitude` (> it when `strictlyAbove`). */
function latitudeIndex(order: LatitudeOrder, latitude: number, strictlyAbove: boolean): number {
  let low = 0;
  let high = order.lat.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order.lat[middle] < latitude || (strictlyAbove && order.lat[middle] === latitude)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function sortedEntries(index: Index): MapEntry[] {
  index.sorted ??= [...index.byProducer.values()].sort((a, b) =>
    a.farmName < b.farmName ? -1 : a.farmName > b.farmName ? 1 : a.producerId - b.producerId,
  );
  return index.sorted;
}

export type MapFilters = {
  verifiedOnly: boolean;
  category?: string;
  /** A finite radius around a centre; "any distance" is no area (the answer is the same for everyone). */
  area?: { center: Point; radiusMiles: number };
  limit: number | null;
  offset: number;
};

function answerOf(items: string[], total: number, clusters?: string[]): MapAnswer {
  const clusterPart = clusters ? `,"clusters":[${clusters.join(',')}]` : '';
  return { json: Buffer.from(`{"producers":[${items.join(',')}]${clusterPart},"total":${total}}`) };
}

const keeper = (filters: { verifiedOnly: boolean; category?: string }, now: number) => (entry: MapEntry) =>
  entry.visibleUntil > now &&
  (!filters.verifiedOnly || entry.verified) &&
  (!filters.category || entry.categories.has(filters.category));
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
  const now = Date.now();
  const keep = keeper(filters, now);
  if (!filters.area) {
    // The spec's call without a location: every producer, alphabetical, the same for everyone.
    const key = `${filters.verifiedOnly}|${filters.category ?? ''}|${filters.limit}|${filters.offset}`;
    const cached = index.answers.get(key);
    if (cached && now - cached.at < SHARED_ANSWER_MAX_AGE_MS) return cached.answer;
    const matching = sortedEntries(index).filter(keep);
    const answer = answerOf(
      pageOf(matching, filters).map((entry) => `${entry.head},"distance":null}`),
      matching.length,
    );
    index.answers.set(key, { at: now, answer });
    compressed(answer).catch(() => undefined);
    return answer;
  }
  const { center, radiusMiles } = filters.area;
  const box = boundingBox(center, radiusMiles);
  const near: { entry: MapEntry; miles: number }[] = [];
  for (const entry of sortedEntries(index)) {
    if (box && (entry.lat < box.minLat || entry.lat > box.maxLat || entry.lng < box.minLng || entry.lng > box.maxLng)) continue;
    if (!keep(entry)) continue;
    const miles = haversineMiles(center.latitude, center.longitude, entry.lat, entry.lng);
    if (miles <= radiusMiles) near.push({ entry, miles });
  }
  // A stable sort: equal distances keep the alphabetical order.
  near.sort((a, b) => a.miles - b.miles);
  return answerOf(
    pageOf(near, filters).map(({ entry, miles }) => `${entry.head},"distance":${roundMiles(miles)}}`),
    near.length,
  );
}

export type Viewport = { minLat: number; minLng: number; maxLat: number; maxLng: number; zoom: number };

/** Grid cells are about 60 screen pixels wide at every zoom (a 256-pixel tile spans 360 / 2^zoom degrees). */
const CELL_PIXELS = 60;
/** Cell rows and columns (±35,000 at the last clustered zoom) packed into one exact number. */
const CELL_KEY_OFFSET = 50_000;
const CELL_KEY_SPAN = 100_000;
/** From this zoom on (a few streets across) every producer is its own marker. */
export const NO_CLUSTER_ZOOM = 15;

/**
 * What the map shows in a viewport (decision 122): producers that are alone in their grid cell as
 * the spec's markers (same fields and popup), the others as clusters with their count, centre and
 * bounds, so an answer stays a few hundred items at any zoom and any number of producers.
 * `center` adds each marker's distance.
 */
export async function clusteredMapAnswer(
  ctx: AppContext,
  filters: { verifiedOnly: boolean; category?: string; center?: Point; radiusMiles?: number },
  viewport: Viewport,
): Promise<MapAnswer> {
  const index = await mapIndex(ctx);
  const now = Date.now();
  const cellDegrees = viewport.zoom >= NO_CLUSTER_ZOOM ? 0 : (360 / 2 ** viewport.zoom) * (CELL_PIXELS / 256);
  // Numeric cell keys: at national scale this loop runs over every producer in view, and building a
  // string key per producer was most of its cost.
  const cells = new Map<number, { count: number; lat: number; lng: number; box: number[]; first: number }>();
  const { center, radiusMiles } = filters;
  let total = 0;
  const order = latitudeOrder(index);
  const end = latitudeIndex(order, viewport.maxLat, true);
  const wantedCategory = filters.category ? categoryBit(filters.category) : 0;
  for (let i = latitudeIndex(order, viewport.minLat, false); i < end; i++) {
    const lat = order.lat[i];
    const lng = order.lng[i];
    if (lng < viewport.minLng || lng > viewport.maxLng) continue;
    if (!(order.visibleUntil[i] > now)) continue;
    if (filters.verifiedOnly && order.verified[i] === 0) continue;
    if (wantedCategory && (order.categories[i] & wantedCategory) === 0) continue;
    if (center && radiusMiles !== undefined && haversineMiles(center.latitude, center.longitude, lat, lng) > radiusMiles)
      continue;
    total++;
    const key = cellDegrees
      ? (Math.floor(lat / cellDegrees) + CELL_KEY_OFFSET) * CELL_KEY_SPAN + (Math.floor(lng / cellDegrees) + CELL_KEY_OFFSET)
      : order.entries[i].producerId;
    const cell = cells.get(key);
    if (!cell) {
      cells.set(key, { count: 1, lat, lng, box: [lat, lng, lat, lng], first: i });
      continue;
    }
    cell.count++;
    cell.lat += lat;
    cell.lng += lng;
    if (lat < cell.box[0]) cell.box[0] = lat;
    if (lng < cell.box[1]) cell.box[1] = lng;
    if (lat > cell.box[2]) cell.box[2] = lat;
    if (lng > cell.box[3]) cell.box[3] = lng;
  }
  const markers: string[] = [];
  const clusters: string[] = [];
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  for (const cell of cells.values()) {
    if (cell.count === 1) {
      const first = order.entries[cell.first];
      const miles = center ? roundMiles(haversineMiles(center.latitude, center.longitude, first.lat, first.lng)) : null;
      markers.push(`${first.head},"distance":${miles}}`);
    } else {
      clusters.push(
        JSON.stringify({
          lat: round(cell.lat / cell.count),
          lng: round(cell.lng / cell.count),
          count: cell.count,
          bounds: cell.box.map(round),
        }),
      );
    }
  }
  const answer = answerOf(markers, total, clusters);
  return answer;
}
