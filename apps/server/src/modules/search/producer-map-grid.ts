import { haversineMiles, PRODUCT_CATEGORIES } from '@farmstand/shared';
import { boundingBox, type Point } from '../../lib/geo';
import { BenefitColumns, type BenefitsWanted, type BenefitTimeline, benefitTimeline, TAKES_NOTHING } from './benefit-filter';
import { presentMapProducer, roundMiles } from './search.presenter';
import type { MapProducerRow } from './search.repository';
import { lowerBound, upperBound } from './sorted-search';
import { isVisible } from './visible-until';

/**
 * The map's producers in latitude order, and the two map answers that read them: the viewport's
 * markers and clusters, and the spec's radius call (decision 270). Pure functions over an order
 * built from the in-memory snapshot; `producer-map.ts` keeps the snapshot and the change feed.
 */

export type MapEntry = {
  producerId: number;
  lat: number;
  lng: number;
  verified: boolean;
  visibleUntil: number;
  farmName: string;
  categories: ReadonlySet<string>;
  /** What the farm takes by day, asked of the benefits policy when loaded (benefit-filter.ts); none: nothing. */
  benefits?: BenefitTimeline;
  /** The item's JSON without its closing brace, so the distance can be appended without re-serialising. */
  head: string;
  /** `head` as UTF-8, made the first time a radius answer copies it. */
  headBytes?: Buffer;
};

export function mapEntryOf(row: MapProducerRow): MapEntry {
  const json = JSON.stringify(presentMapProducer(row));
  return {
    producerId: row.producer_id,
    lat: row.latitude,
    lng: row.longitude,
    verified: row.verified,
    visibleUntil: Number(row.visible_until),
    farmName: row.farm_name,
    categories: new Set(row.categories),
    benefits: benefitTimeline(row.benefits, row.state, row.offered ?? []),
    head: json.slice(0, -1),
  };
}

/**
 * The producers in latitude order with what a viewport filters on in flat typed arrays: a viewport
 * at a low zoom reads every producer, and reading 100,000 scattered objects cost ~0.6 µs each.
 */
export type LatitudeOrder = {
  entries: MapEntry[];
  lat: Float64Array;
  lng: Float64Array;
  visibleUntil: Float64Array;
  verified: Uint8Array;
  /** A bit per category (PRODUCT_CATEGORIES order) the producer lists. */
  categories: Uint32Array;
  /** What each farm takes by day, and per benefit asked for the farms taking it today (benefit-filter.ts). */
  benefits: BenefitColumns;
  /** Cell totals per zoom and filter, built on first use; dropped with the order at the next change. */
  grids: Map<string, Grid>;
};

export type MapFilter = { verifiedOnly: boolean; category?: string; benefits?: BenefitsWanted };
export type Viewport = { minLat: number; minLng: number; maxLat: number; maxLng: number; zoom: number };
/** What a viewport answer is made of; `producer-map.ts` wraps it in the response JSON. */
export type ViewportParts = { markers: string[]; clusters: string[]; total: number };

/** Grid cells are about 60 screen pixels wide at every zoom (a 256-pixel tile spans 360 / 2^zoom degrees). */
const CELL_PIXELS = 60;
/** Cell rows and columns (±35,000 at the last clustered zoom) packed into one exact number. */
const CELL_KEY_OFFSET = 50_000;
const CELL_KEY_SPAN = 100_000;
/** From this zoom on (a few streets across) every producer is its own marker. */
export const NO_CLUSTER_ZOOM = 15;

/**
 * When a viewport reads the cell totals instead of its producers. A viewport whose latitude band
 * holds at most `walkUpTo` producers walks them (a few µs per hundred); a wider one reads the
 * grid. At most `maxGrids` grids are kept (each is up to a few MB at 100,000 producers); the least
 * recently used goes first. Tests set `walkUpTo` to 0 to check the grid on small maps.
 */
export const mapGridTuning = { walkUpTo: 8000, maxGrids: 128 };

const categoryBit = (category: string) => 1 << (PRODUCT_CATEGORIES as readonly string[]).indexOf(category);

export function latitudeOrderOf(producers: Iterable<MapEntry>): LatitudeOrder {
  const entries = [...producers].sort((a, b) => a.lat - b.lat);
  return {
    entries,
    lat: Float64Array.from(entries, (entry) => entry.lat),
    lng: Float64Array.from(entries, (entry) => entry.lng),
    visibleUntil: Float64Array.from(entries, (entry) => entry.visibleUntil),
    verified: Uint8Array.from(entries, (entry) => (entry.verified ? 1 : 0)),
    categories: Uint32Array.from(entries, (entry) => [...entry.categories].reduce((bits, c) => bits | categoryBit(c), 0)),
    benefits: new BenefitColumns(entries.map((entry) => entry.benefits ?? TAKES_NOTHING)),
    grids: new Map(),
  };
}

/** The first position whose latitude is ≥ `latitude` (> it when `strictlyAbove`). */
function latitudeIndex(order: LatitudeOrder, latitude: number, strictlyAbove: boolean): number {
  return strictlyAbove ? upperBound(order.lat, latitude) : lowerBound(order.lat, latitude);
}

/** A filter as the typed arrays test it; `taking`: 1 for each farm taking the benefit asked for, or null. */
type Wanted = { verifiedOnly: boolean; categoryBit: number; taking: Uint8Array | null };
const wantedOf = (order: LatitudeOrder, filter: MapFilter): Wanted => ({
  verifiedOnly: filter.verifiedOnly,
  categoryBit: filter.category ? categoryBit(filter.category) : 0,
  taking: filter.benefits ? order.benefits.taking(filter.benefits) : null,
});

/** Whether the producer at `i` passes the filter and is still in good standing at `now`. */
function passes(order: LatitudeOrder, i: number, wanted: Wanted, now: number): boolean {
  if (!isVisible(order.visibleUntil[i], now)) return false;
  if (wanted.verifiedOnly && order.verified[i] === 0) return false;
  if (wanted.taking !== null && wanted.taking[i] === 0) return false;
  return wanted.categoryBit === 0 || (order.categories[i] & wanted.categoryBit) !== 0;
}

/** The spec's radius call: the producers within the radius, nearest first, ties alphabetical (farm name, then id). */
export function nearestWithin(
  order: LatitudeOrder,
  filter: MapFilter,
  center: Point,
  radiusMiles: number,
  now: number,
): { entry: MapEntry; miles: number }[] {
  // Only the box's latitude band is read; no box (a circle over a pole) means every producer.
  const box = boundingBox(center, radiusMiles);
  const start = box ? latitudeIndex(order, box.minLat, false) : 0;
  const end = box ? latitudeIndex(order, box.maxLat, true) : order.lat.length;
  const wanted = wantedOf(order, filter);
  const near: { entry: MapEntry; miles: number }[] = [];
  for (let i = start; i < end; i++) {
    if (box && (order.lng[i] < box.minLng || order.lng[i] > box.maxLng)) continue;
    if (!passes(order, i, wanted, now)) continue;
    const miles = haversineMiles(center.latitude, center.longitude, order.lat[i], order.lng[i]);
    if (miles <= radiusMiles) near.push({ entry: order.entries[i], miles });
  }
  return near.sort((a, b) => a.miles - b.miles || alphabetical(a.entry, b.entry));
}

/** The map's alphabetical order (the no-location answer's, and the radius call's tie-break). */
export const alphabetical = (a: MapEntry, b: MapEntry) =>
  a.farmName < b.farmName ? -1 : a.farmName > b.farmName ? 1 : a.producerId - b.producerId;

const cellDegreesAt = (zoom: number) => (zoom >= NO_CLUSTER_ZOOM ? 0 : (360 / 2 ** zoom) * (CELL_PIXELS / 256));
const cellKey = (row: number, column: number) => (row + CELL_KEY_OFFSET) * CELL_KEY_SPAN + (column + CELL_KEY_OFFSET);
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** A cell's running totals, added to in latitude order (the order fixes the floating-point sums). */
type Tally = { count: number; lat: number; lng: number; box: number[]; first: number };

const newTally = (first: number): Tally => ({ count: 0, lat: 0, lng: 0, box: [Infinity, Infinity, -Infinity, -Infinity], first });

function add(tally: Tally, lat: number, lng: number): void {
  tally.count++;
  tally.lat += lat;
  tally.lng += lng;
  if (lat < tally.box[0]) tally.box[0] = lat;
  if (lng < tally.box[1]) tally.box[1] = lng;
  if (lat > tally.box[2]) tally.box[2] = lat;
  if (lng > tally.box[3]) tally.box[3] = lng;
}

const tallyJson = (tally: Tally) =>
  JSON.stringify({
    lat: round(tally.lat / tally.count),
    lng: round(tally.lng / tally.count),
    count: tally.count,
    bounds: tally.box.map(round),
  });

const markerJson = (entry: MapEntry, center: Point | undefined) =>
  `${entry.head},"distance":${center ? roundMiles(haversineMiles(center.latitude, center.longitude, entry.lat, entry.lng)) : null}}`;

/**
 * What the map shows in a viewport (decision 122): producers alone in their grid cell as markers,
 * the others as clusters. Items come in the order of each cell's southernmost producer in view
 * (the order of a walk up the latitude band). A radius around `center` narrows the producers;
 * `center` alone adds each marker's distance.
 */
export function viewportParts(
  order: LatitudeOrder,
  filter: MapFilter,
  viewport: Viewport,
  now: number,
  center?: Point,
  radiusMiles?: number,
): ViewportParts {
  const cellDegrees = cellDegreesAt(viewport.zoom);
  const radius = center && radiusMiles !== undefined ? { center, radiusMiles } : undefined;
  const band = latitudeIndex(order, viewport.maxLat, true) - latitudeIndex(order, viewport.minLat, false);
  const grid = cellDegrees === 0 || radius || band <= mapGridTuning.walkUpTo ? null : gridFor(order, filter, cellDegrees, now);
  if (!grid) return walkViewport(order, filter, narrowed(viewport, radius), now, center, radius);
  return gridViewport(grid, order, viewport, now, center);
}

/** The viewport cut to the radius's box: producers outside it fail the exact distance anyway. */
function narrowed(viewport: Viewport, radius: { center: Point; radiusMiles: number } | undefined): Viewport {
  const box = radius && boundingBox(radius.center, radius.radiusMiles);
  if (!box) return viewport;
  return {
    zoom: viewport.zoom,
    minLat: Math.max(viewport.minLat, box.minLat),
    maxLat: Math.min(viewport.maxLat, box.maxLat),
    minLng: Math.max(viewport.minLng, box.minLng),
    maxLng: Math.min(viewport.maxLng, box.maxLng),
  };
}

/** The straightforward answer: every producer of the viewport's latitude band, one by one. */
export function walkViewport(
  order: LatitudeOrder,
  filter: MapFilter,
  viewport: Viewport,
  now: number,
  center?: Point,
  radius?: { center: Point; radiusMiles: number },
): ViewportParts {
  const cellDegrees = cellDegreesAt(viewport.zoom);
  // Numeric cell keys: building a string key per producer was most of this loop's cost.
  const cells = new Map<number, Tally>();
  let total = 0;
  const wanted = wantedOf(order, filter);
  const end = latitudeIndex(order, viewport.maxLat, true);
  for (let i = latitudeIndex(order, viewport.minLat, false); i < end; i++) {
    const lat = order.lat[i];
    const lng = order.lng[i];
    if (lng < viewport.minLng || lng > viewport.maxLng) continue;
    if (!passes(order, i, wanted, now)) continue;
    if (radius && haversineMiles(radius.center.latitude, radius.center.longitude, lat, lng) > radius.radiusMiles) continue;
    total++;
    const key = cellDegrees ? cellKey(Math.floor(lat / cellDegrees), Math.floor(lng / cellDegrees)) : order.entries[i].producerId;
    let cell = cells.get(key);
    if (!cell) {
      cell = newTally(i);
      cells.set(key, cell);
    }
    add(cell, lat, lng);
  }
  const markers: string[] = [];
  const clusters: string[] = [];
  for (const cell of cells.values()) {
    if (cell.count === 1) markers.push(markerJson(order.entries[cell.first], center));
    else clusters.push(tallyJson(cell));
  }
  return { markers, clusters, total };
}

/**
 * One zoom's cells for one filter, in key order (row, then column), as parallel arrays (a grid
 * of 100,000 small objects cost more in garbage collection than the walk it saves). Each cell has
 * its totals over the producers that passed the filter when the grid was built, and those
 * producers' positions in latitude order, so a cell the viewport cuts can be re-counted.
 */
type Grid = {
  keys: Float64Array;
  rows: Int32Array;
  columns: Int32Array;
  count: Int32Array;
  sumLat: Float64Array;
  sumLng: Float64Array;
  /** Four per cell: south, west, north, east of its producers. */
  bounds: Float64Array;
  /** The earliest `visibleUntil` among the cell's producers: past it the totals include someone hidden. */
  lapsesAt: Float64Array;
  /** Cell c's producers are members[start[c]] .. members[start[c + 1] - 1]. */
  start: Int32Array;
  members: Int32Array;
  /** A whole cell's cluster JSON, made on first use (it reads the same in every viewport). */
  json: Map<number, string>;
  /** The clock it was built at: producers out of standing then are not in it. */
  builtAt: number;
};

function gridFor(order: LatitudeOrder, filter: MapFilter, cellDegrees: number, now: number): Grid {
  // A benefit's grid is of its day: the next day's farms may differ (an authorisation ended).
  const benefits = filter.benefits ? `${filter.benefits.bits}@${filter.benefits.day}` : '';
  const name = `${cellDegrees}|${filter.verifiedOnly}|${filter.category ?? ''}|${benefits}`;
  let grid = order.grids.get(name);
  order.grids.delete(name);
  // A clock set back would show producers the grid left out: build it again.
  if (!grid || grid.builtAt > now) grid = buildGrid(order, filter, cellDegrees, now);
  // Re-inserted last: the map's first key is the least recently used.
  order.grids.set(name, grid);
  if (order.grids.size > mapGridTuning.maxGrids) order.grids.delete(order.grids.keys().next().value as string);
  return grid;
}

/**
 * The producers that pass, grouped by cell with cells in key order and each cell's producers in
 * latitude order: two stable counting sorts (by column, then by row) of the latitude order, so no
 * comparisons and no garbage. A producer already out of standing at `now` is left out for good
 * (standing only runs out by the clock, and a change drops the whole order); one whose standing
 * runs out later is caught by its cell's `lapsesAt`.
 */
function buildGrid(order: LatitudeOrder, filter: MapFilter, cellDegrees: number, now: number): Grid {
  const n = order.lat.length;
  const wanted = wantedOf(order, filter);
  const rows = new Int32Array(n);
  const columns = new Int32Array(n);
  const passing = new Int32Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (!passes(order, i, wanted, now)) continue;
    rows[i] = Math.floor(order.lat[i] / cellDegrees);
    columns[i] = Math.floor(order.lng[i] / cellDegrees);
    passing[kept++] = i;
  }
  const members = stableSort(stableSort(passing.subarray(0, kept), columns), rows);
  // A cell starts where a producer's row or column differs from the one before.
  const starts = new Int32Array(kept + 1);
  let cells = 0;
  for (let m = 0; m < kept; m++) {
    const i = members[m];
    const before = members[m - 1];
    if (m === 0 || rows[i] !== rows[before] || columns[i] !== columns[before]) starts[cells++] = m;
  }
  starts[cells] = kept;
  return { ...fillGrid(order, members, starts.slice(0, cells + 1), rows, columns), builtAt: now };
}

/** `positions` ordered by `keys[position]`, keeping their order among equal keys (a counting sort). */
function stableSort(positions: Int32Array, keys: Int32Array): Int32Array {
  let low = Infinity;
  let high = -Infinity;
  for (const i of positions) {
    low = Math.min(low, keys[i]);
    high = Math.max(high, keys[i]);
  }
  const sorted = new Int32Array(positions.length);
  if (!positions.length) return sorted;
  const next = new Int32Array(high - low + 2);
  for (const i of positions) next[keys[i] - low + 1]++;
  for (let k = 1; k < next.length; k++) next[k] += next[k - 1];
  for (const i of positions) sorted[next[keys[i] - low]++] = i;
  return sorted;
}

/** Each cell's totals, its producers added in latitude order as a walk adds them: the same sums to the last bit. */
function fillGrid(
  order: LatitudeOrder,
  members: Int32Array,
  start: Int32Array,
  rows: Int32Array,
  columns: Int32Array,
): Omit<Grid, 'builtAt'> {
  const cells = start.length - 1;
  const grid = {
    keys: new Float64Array(cells),
    rows: new Int32Array(cells),
    columns: new Int32Array(cells),
    count: new Int32Array(cells),
    sumLat: new Float64Array(cells),
    sumLng: new Float64Array(cells),
    bounds: new Float64Array(cells * 4),
    lapsesAt: new Float64Array(cells),
    start,
    members,
    json: new Map(),
  };
  for (let c = 0; c < cells; c++) {
    const first = members[start[c]];
    grid.rows[c] = rows[first];
    grid.columns[c] = columns[first];
    grid.keys[c] = cellKey(rows[first], columns[first]);
    // The same steps as `add`, in plain numbers: a grid at zoom 14 has a cell per producer.
    let sumLat = 0;
    let sumLng = 0;
    let south = Infinity;
    let west = Infinity;
    let north = -Infinity;
    let east = -Infinity;
    let lapsesAt = Infinity;
    for (let m = start[c]; m < start[c + 1]; m++) {
      const lat = order.lat[members[m]];
      const lng = order.lng[members[m]];
      sumLat += lat;
      sumLng += lng;
      if (lat < south) south = lat;
      if (lng < west) west = lng;
      if (lat > north) north = lat;
      if (lng > east) east = lng;
      lapsesAt = Math.min(lapsesAt, order.visibleUntil[members[m]]);
    }
    grid.count[c] = start[c + 1] - start[c];
    grid.sumLat[c] = sumLat;
    grid.sumLng[c] = sumLng;
    grid.bounds[c * 4] = south;
    grid.bounds[c * 4 + 1] = west;
    grid.bounds[c * 4 + 2] = north;
    grid.bounds[c * 4 + 3] = east;
    grid.lapsesAt[c] = lapsesAt;
  }
  return grid;
}

/** The first cell position ≥ `from` whose key is ≥ `key`. */
function keyIndex(grid: Grid, key: number, from: number): number {
  return lowerBound(grid.keys, key, from);
}

type Item = { first: number; json: string };

/**
 * The same answer as `walkViewport` from the grid: a cell wholly inside the viewport (its
 * producers' bounds are) with no one's standing lapsed is taken as built; any other cell is
 * re-counted from its own producers. Only the cells of the viewport's rows and columns are read.
 */
function gridViewport(grid: Grid, order: LatitudeOrder, viewport: Viewport, now: number, center?: Point): ViewportParts {
  const cellDegrees = cellDegreesAt(viewport.zoom);
  // Every producer in view has its row and column in these ranges (floor of a division is monotonic).
  const [south, north] = [Math.floor(viewport.minLat / cellDegrees), Math.floor(viewport.maxLat / cellDegrees)];
  const [west, east] = [Math.floor(viewport.minLng / cellDegrees), Math.floor(viewport.maxLng / cellDegrees)];
  const markers: Item[] = [];
  const clusters: Item[] = [];
  let total = 0;
  let c = keyIndex(grid, cellKey(south, west), 0);
  while (c < grid.keys.length && grid.rows[c] <= north) {
    // Skip to the viewport's columns of this row, or on to the next row.
    if (grid.columns[c] < west) c = keyIndex(grid, cellKey(grid.rows[c], west), c);
    else if (grid.columns[c] > east) c = keyIndex(grid, cellKey(grid.rows[c] + 1, west), c);
    else {
      const whole = grid.lapsesAt[c] > now && inside(grid.bounds, c * 4, viewport);
      const tally = whole
        ? wholeTally(grid, c)
        : recount(order, grid.members.subarray(grid.start[c], grid.start[c + 1]), viewport, now);
      total += tally.count;
      if (tally.count === 1) markers.push({ first: tally.first, json: markerJson(order.entries[tally.first], center) });
      else if (tally.count > 1) {
        const json = whole ? (grid.json.get(c) ?? grid.json.set(c, tallyJson(tally)).get(c)) : tallyJson(tally);
        clusters.push({ first: tally.first, json: json as string });
      }
      c++;
    }
  }
  return { markers: inWalkOrder(markers), clusters: inWalkOrder(clusters), total };
}

const wholeTally = (grid: Grid, c: number): Tally => ({
  count: grid.count[c],
  lat: grid.sumLat[c],
  lng: grid.sumLng[c],
  box: Array.from(grid.bounds.subarray(c * 4, c * 4 + 4)),
  first: grid.members[grid.start[c]],
});

/** A walk meets each cell first at its southernmost producer in view. */
const inWalkOrder = (items: Item[]) => items.sort((a, b) => a.first - b.first).map((item) => item.json);

const inside = (bounds: Float64Array, b: number, viewport: Viewport) =>
  bounds[b] >= viewport.minLat &&
  bounds[b + 1] >= viewport.minLng &&
  bounds[b + 2] <= viewport.maxLat &&
  bounds[b + 3] <= viewport.maxLng;

/**
 * A cell the viewport cuts (or with someone's standing lapsed): its producers in view, in latitude
 * order. Its producers are in latitude order, so those south and north of the view are skipped by
 * binary search.
 */
function recount(order: LatitudeOrder, members: Int32Array, viewport: Viewport, now: number): Tally {
  const tally = newTally(-1);
  const end = firstMember(order, members, (lat) => lat > viewport.maxLat);
  for (let m = firstMember(order, members, (lat) => lat >= viewport.minLat); m < end; m++) {
    const i = members[m];
    const lng = order.lng[i];
    if (lng < viewport.minLng || lng > viewport.maxLng || !isVisible(order.visibleUntil[i], now)) continue;
    if (tally.first < 0) tally.first = i;
    add(tally, order.lat[i], lng);
  }
  return tally;
}

/** The first of `members` (in latitude order) whose latitude is `past` the mark, or their count. */
function firstMember(order: LatitudeOrder, members: Int32Array, past: (lat: number) => boolean): number {
  let low = 0;
  let high = members.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (past(order.lat[members[middle]])) high = middle;
    else low = middle + 1;
  }
  return low;
}
