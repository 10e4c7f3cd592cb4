import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../../../lib/geo';
import { byRank, overlayTier, ranksBefore, type SortKey, TIER_OF_FLAGS } from '../product-order';
import { distanceFrom, farthestCornerOf, nearestPointOf, regionSides, regionsOf } from './geo-math';
import {
  type IndexAnswer,
  type IndexQuery,
  type IndexTables,
  type Measure,
  OUTSIDE_SLACK_MILES,
  overlayDistance,
} from './index-tables';
import { TopK } from './top-k';

/**
 * Product search with a centre (decision 280), in the order of product-order.ts: with text, tier
 * then distance then newest; without, nearest first, newest first at the same distance.
 */

/** How many distance bands `nearestHolding` splits a circle into. */
const NEAREST_BANDS = 64;

type Area = { center: Point; radiusMiles: number | null };

export function searchNearby(t: IndexTables, query: IndexQuery, area: Area): IndexAnswer {
  if (query.groups) return searchTextNearby(t, query, query.groups, area);
  return searchPlaceNearby(t, query, area);
}

/** Text and a centre: every match (in the radius) ranked by tier, distance, newest. */
function searchTextNearby(t: IndexTables, query: IndexQuery, groups: string[][], area: Area): IndexAnswer {
  const need = query.offset + query.limit;
  const category = t.codeFilter(t.categories, query.category);
  const availability = t.codeFilter(t.availabilities, query.availability);
  const measure = distanceFrom(area.center);
  const radius = area.radiusMiles;
  const top = new TopK<SortKey>(need, byRank);
  let total = 0;
  if (category !== -2 && availability !== -2) {
    total =
      radius === null
        ? rankEverywhere(t, groups, category, availability, area.center, measure, top)
        : rankWithin(t, groups, category, availability, area.center, radius, measure, top);
  }
  for (const { producer, entry } of t.visibleOverlay(query)) {
    const distance = overlayDistance(producer, measure);
    if (radius !== null && !(distance <= radius)) continue;
    for (const listing of entry.listings) {
      if (!t.overlayPasses(listing, query)) continue;
      const tier = overlayTier(listing, entry.farm, groups);
      if (tier === 0) continue;
      total++;
      top.offer({ tier, distance: Number.isNaN(distance) ? Number.POSITIVE_INFINITY : distance, id: listing.id });
    }
  }
  return { page: pageOf(top.result(), query.offset), total };
}

/**
 * Base matches within a radius into `top`; returns how many there are. Only the regions the circle
 * touches are read, nearest first (decision 280). A region wholly inside the circle needs no
 * distance to be counted, and once the page is full none for a match that cannot enter it.
 */
function rankWithin(
  t: IndexTables,
  groups: string[][],
  category: number,
  availability: number,
  center: Point,
  radius: number,
  measure: Measure,
  top: TopK<SortKey>,
): number {
  const box = boundingBox(center, radius);
  if (!box) return rankEverywhere(t, groups, category, availability, center, measure, top, radius);
  const regions = regionsOf(box)
    .map((key) => ({ key, sides: regionSides(key) }))
    .map((region) => ({ ...region, nearest: nearestPointOf(region.sides, center, measure) - OUTSIDE_SLACK_MILES }))
    .filter((region) => region.nearest <= radius)
    .sort((a, b) => a.nearest - b.nearest);
  const { producerOf, latitudes, longitudes, productIds } = t;
  let total = 0;
  for (const region of regions) {
    const matches = t.textMatches(groups, region.key);
    if (matches.slots.length === 0) continue;
    const whole = farthestCornerOf(region.sides, center, measure) < radius - 1e-6;
    for (let i = 0; i < matches.slots.length; i++) {
      const slot = matches.slots[i];
      if (!t.passes(slot, category, availability)) continue;
      const producer = producerOf[slot];
      const tier = TIER_OF_FLAGS[matches.flags[i] & 3];
      if (whole) {
        total++;
        // Inside the circle: counted. Its distance matters only if it might enter the page.
        if (top.full && (tier < top.worst.tier || (tier === top.worst.tier && region.nearest > top.worst.distance))) continue;
      } else {
        // Outside the box is outside the circle: no haversine needed.
        const latitude = latitudes[producer];
        const longitude = longitudes[producer];
        if (!(latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng)) continue;
        if (!(t.distanceOf(producer, measure) <= radius)) continue;
        total++;
      }
      const distance = t.distanceOf(producer, measure);
      const id = productIds[slot];
      if (!top.full || ranksBefore(tier, distance, id, top.worst)) top.offer({ tier, distance, id });
    }
  }
  return total;
}

/**
 * Base matches at any distance (or within a radius too large for a box) into `top`; returns how
 * many there are. Every match counts, but one that cannot enter the page needs no distance.
 * Producers without coordinates come last (as SQL sorts nulls last) and only at any distance.
 */
function rankEverywhere(
  t: IndexTables,
  groups: string[][],
  category: number,
  availability: number,
  center: Point,
  measure: Measure,
  top: TopK<SortKey>,
  radius: number | null = null,
): number {
  const matches = t.textMatches(groups);
  const { producerOf, latitudes, productIds } = t;
  let total = 0;
  for (let i = 0; i < matches.slots.length; i++) {
    const slot = matches.slots[i];
    if (!t.passes(slot, category, availability)) continue;
    const producer = producerOf[slot];
    const latitude = latitudes[producer];
    const tier = TIER_OF_FLAGS[matches.flags[i] & 3];
    if (radius === null && top.full) {
      const worst = top.worst;
      const atLeast = Number.isNaN(latitude) ? Number.POSITIVE_INFINITY : latitudeMiles(latitude - center.latitude);
      if (tier < worst.tier || (tier === worst.tier && atLeast > worst.distance)) {
        total++;
        continue;
      }
    }
    const measured = t.distanceOf(producer, measure);
    if (radius !== null && !(measured <= radius)) continue;
    total++;
    const distance = Number.isNaN(measured) ? Number.POSITIVE_INFINITY : measured;
    const id = productIds[slot];
    if (!top.full || ranksBefore(tier, distance, id, top.worst)) top.offer({ tier, distance, id });
  }
  return total;
}

/**
 * No text, a centre: nearest first (decision 280). The total counts the whole radius, cells inside
 * the circle from their sums; the page needs only the nearest listings, so circles of growing size
 * (5, 15, 45 … miles) are read until one holds `offset + limit` listings: everything outside it is
 * farther than everything in it, so its nearest are the radius's nearest.
 */
function searchPlaceNearby(t: IndexTables, query: IndexQuery, area: Area): IndexAnswer {
  const need = query.offset + query.limit;
  const category = t.codeFilter(t.categories, query.category);
  const availability = t.codeFilter(t.availabilities, query.availability);
  // Listings per producer of the filter, 0 for a farm not taking the benefit asked for.
  const counts = category === -2 || availability === -2 ? null : t.countsNow(category, availability);
  const measure = distanceFrom(area.center);
  const radius = area.radiusMiles;
  const heldOf = (overlay: { ids: number[] }[]) => overlay.reduce((sum, entry) => sum + entry.ids.length, 0);
  let total = t.baseTotal(category, availability) + overlayCount(t, query);
  if (radius !== null) {
    const base = counts ? t.heldWithin(area.center, radius, counts, t.filterKey(category, availability), measure) : 0;
    total = base + heldOf(overlayWithin(t, query, radius, measure));
  }
  // Circles from 5 miles, half as wide again each time (at any distance up to 400 miles, then
  // everywhere), until one holds the page: each grid cell is read once, and only producers holding
  // a listing of the filter are kept.
  const read: { slot: number; distance: number }[] = [];
  for (let miles: number | null = Math.min(5, radius ?? 5); ; ) {
    const box = miles === null ? null : boundingBox(area.center, miles);
    let producers: { slot: number; distance: number }[] = [];
    if (counts && box) {
      readCells(t, box, measure, counts, read);
      const within = miles as number;
      producers = read.filter(({ distance }) => distance <= within);
    } else if (counts) {
      producers = t.producersWithin(area.center, miles, measure).filter(({ slot }) => counts[slot] > 0);
    }
    const overlay = overlayWithin(t, query, miles, measure);
    let held = heldOf(overlay);
    if (counts) for (const producer of producers) held += counts[producer.slot];
    if (held >= need || miles === radius) {
      const nearest = counts ? nearestHolding(producers, overlay, need, counts) : producers;
      return { page: nearestListings(t, nearest, overlay, need, category, availability).slice(query.offset), total };
    }
    miles = radius === null ? (miles !== null && miles < 400 ? miles * 1.5 : null) : Math.min(radius, (miles as number) * 1.5);
  }
}

/**
 * Adds to `read` the visible producers holding a listing of the filter (`counts`) in the cells of
 * the box not read yet by this query, each with its distance.
 */
function readCells(
  t: IndexTables,
  box: NonNullable<ReturnType<typeof boundingBox>>,
  measure: Measure,
  counts: Int32Array,
  read: { slot: number; distance: number }[],
): void {
  const { start, slots } = t.grid;
  for (const cell of t.grid.cellsIn(box)) {
    if (t.cellReadStamp[cell] === t.stamp) continue;
    t.cellReadStamp[cell] = t.stamp;
    for (let i = start[cell]; i < start[cell + 1]; i++) {
      const slot = slots[i];
      if (t.visibleNow[slot] === 1 && counts[slot] > 0) read.push({ slot, distance: t.distanceOf(slot, measure) });
    }
  }
}

function overlayWithin(t: IndexTables, query: IndexQuery, miles: number | null, measure: Measure) {
  const found: { distance: number; ids: number[] }[] = [];
  for (const { producer, entry } of t.visibleOverlay(query)) {
    const distance = overlayDistance(producer, measure);
    if (miles !== null && !(distance <= miles)) continue;
    const ids = entry.listings.filter((listing) => t.overlayPasses(listing, query)).map((listing) => listing.id);
    if (ids.length) found.push({ distance: Number.isNaN(distance) ? Infinity : distance, ids });
  }
  return found;
}

function overlayCount(t: IndexTables, query: IndexQuery): number {
  let count = 0;
  for (const { entry } of t.visibleOverlay(query)) {
    for (const listing of entry.listings) if (t.overlayPasses(listing, query)) count++;
  }
  return count;
}

/** The first `need` listings of these producers, nearest first, newest first at the same distance. */
function nearestListings(
  t: IndexTables,
  producers: { slot: number; distance: number }[],
  overlay: { distance: number; ids: number[] }[],
  need: number,
  category: number,
  availability: number,
): { id: number; distance: number | null }[] {
  // A base place is its slot, an overlay place its ids (slot -1). No closure per place: at national
  // scale a circle holds thousands of producers.
  const places: { distance: number; slot: number; ids: number[] | null }[] = [];
  for (const { slot, distance } of producers) places.push({ distance, slot, ids: null });
  for (const { distance, ids } of overlay) places.push({ distance, slot: -1, ids });
  places.sort((a, b) => a.distance - b.distance);
  const page: { id: number; distance: number | null }[] = [];
  for (let i = 0; i < places.length && page.length < need; ) {
    // Places at the same distance share one run, newest first across them.
    let j = i;
    const ids: number[] = [];
    for (; j < places.length && places[j].distance === places[i].distance; j++) {
      const place = places[j];
      if (place.ids) ids.push(...place.ids);
      else pushListingsOf(t, place.slot, category, availability, ids);
    }
    const distance = places[i].distance;
    for (const id of ids.sort((a, b) => b - a)) page.push({ id, distance: Number.isFinite(distance) ? distance : null });
    i = j;
  }
  return page.slice(0, need);
}

/**
 * The producers of a circle nearest the centre that together with the overlay hold `need`
 * listings, and any as near: a circle of thousands need not be sorted for a page of twenty. The
 * circle's distances are split into bands; every producer up to the first band by which the held
 * listings reach `need` is kept (the page's last listing is no farther than that band's end).
 */
function nearestHolding(
  producers: { slot: number; distance: number }[],
  overlay: { distance: number; ids: number[] }[],
  need: number,
  counts: Int32Array,
): { slot: number; distance: number }[] {
  const bands = NEAREST_BANDS;
  if (producers.length <= bands) return producers;
  let farthest = 0;
  for (const { distance } of producers) if (distance > farthest && Number.isFinite(distance)) farthest = distance;
  const width = farthest / bands || 1;
  const bandOf = (distance: number) => Math.min(bands - 1, Math.floor(distance / width));
  const held = new Float64Array(bands);
  for (const { slot, distance } of producers) held[bandOf(distance)] += counts[slot];
  for (const { distance, ids } of overlay) held[bandOf(distance)] += ids.length;
  let last = bands - 1;
  for (let band = 0, sum = 0; band < bands; band++) {
    sum += held[band];
    if (sum >= need) {
      last = band;
      break;
    }
  }
  return last === bands - 1 ? producers : producers.filter(({ distance }) => bandOf(distance) <= last);
}

/** Appends the ids of a base producer's listings passing the filters. */
function pushListingsOf(t: IndexTables, slot: number, category: number, availability: number, ids: number[]): void {
  if (category === -2 || availability === -2) return;
  for (let i = t.listingStart[slot]; i < t.listingStart[slot + 1]; i++) {
    const listing = t.producerListings[i];
    if (t.passes(listing, category, availability)) ids.push(t.productIds[listing]);
  }
}

/**
 * A lower bound of the great-circle miles for a latitude difference (degrees): the arc along the
 * meridian, less a hair so rounding never drops a point the haversine would keep.
 */
function latitudeMiles(degrees: number): number {
  return Math.abs(degrees) * ((Math.PI / 180) * EARTH_RADIUS_MILES) * (1 - 1e-9);
}

function pageOf(items: SortKey[], offset: number): { id: number; distance: number | null }[] {
  return items.slice(offset).map((item) => ({ id: item.id, distance: Number.isFinite(item.distance) ? item.distance : null }));
}
