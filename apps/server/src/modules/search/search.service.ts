import {
  CATEGORY_LABELS,
  DEFAULT_PRODUCER_RADIUS,
  NO_RADIUS_LIMIT,
  PRODUCT_CATEGORIES,
  PRODUCT_LOCATION_RADIUS,
  PRODUCT_PAGE_SIZE,
} from '@farmstand/shared';
import type {
  ProducerMapResponse,
  ProducerSearchListResponse,
  ProducerSearchQuery,
  ProductSearchQuery,
  ProductSearchResponse,
  SuggestionsResponse,
} from '@farmstand/shared/schemas/search';
import type { AppContext } from '../../lib/context';
import { geocode } from '../geocode/geocode.service';
import type { Point } from './geo';
import { type MapAnswer, producerMapAnswer } from './producer-map';
import { cachedProductSearch } from './product-search-cache';
import { presentProducerListItem, presentProducerMapItem, presentProductListing } from './search.presenter';
import * as repo from './search.repository';

/** The /search list shows this many producers per page unless asked for another page size. */
export const PRODUCER_LIST_PAGE_SIZE = 50;
const SUGGESTIONS_PER_KIND = 5;

/** A radius of 999 miles or more means "any distance" (spec 01 §5). */
function toArea(center: Point | null, radius: number | undefined, defaultRadius: number): repo.Area | undefined {
  if (!center) return undefined;
  const miles = radius ?? defaultRadius;
  return { center, radiusMiles: miles >= NO_RADIUS_LIMIT ? null : miles };
}

function point(latitude: number | undefined, longitude: number | undefined): Point | null {
  return latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
}

/** The product search answer as JSON, shared by identical queries while the catalogue is unchanged (decision 071). */
export function productSearchJson(ctx: AppContext, query: ProductSearchQuery): Promise<string> {
  return cachedProductSearch(ctx, JSON.stringify(query), () => searchProducts(ctx, query));
}

export async function searchProducts(ctx: AppContext, query: ProductSearchQuery): Promise<ProductSearchResponse> {
  let center = point(query.latitude, query.longitude);
  if (!center && query.location) {
    const found = await geocode(ctx, query.location);
    // A place we cannot find has no products near it.
    if (!found) return { products: [], total: 0 };
    center = { latitude: found.latitude, longitude: found.longitude };
  }
  const filters: repo.ProductSearchFilters = {
    text: query.search || undefined,
    category: query.category,
    availability: query.availability,
    area: toArea(center, query.radius, PRODUCT_LOCATION_RADIUS),
    limit: query.limit ?? PRODUCT_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
  const rows = await repo.searchProducts(ctx.db, filters);
  const windowTotal = rows[0]?.total;
  const total =
    windowTotal != null ? windowTotal : rows.length === 0 && filters.offset === 0 ? 0 : await countProducts(ctx, filters);
  return { products: rows.map(presentProductListing), total };
}

/**
 * Totals of plain browsing (no text, no radius) are the same for every visitor and costly to count
 * over the whole catalogue, so they are kept briefly per filter combination (decision 044).
 */
const BROWSE_TOTAL_TTL_MS = 15_000;
const browseTotals = new WeakMap<AppContext, Map<string, { at: number; total: number }>>();

async function countProducts(ctx: AppContext, filters: repo.ProductSearchFilters): Promise<number> {
  const isBrowse = !filters.text && !filters.area;
  if (!isBrowse) return repo.countProducts(ctx.db, filters);
  const cache = browseTotals.get(ctx) ?? new Map<string, { at: number; total: number }>();
  browseTotals.set(ctx, cache);
  const key = `${filters.category ?? ''}|${filters.availability ?? ''}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < BROWSE_TOTAL_TTL_MS) return hit.total;
  const total = await repo.countProducts(ctx.db, filters);
  cache.set(key, { at: Date.now(), total });
  return total;
}

export async function searchProducerList(ctx: AppContext, query: ProducerSearchQuery): Promise<ProducerSearchListResponse> {
  const offset = query.offset ?? 0;
  const rows = await repo.searchProducers(ctx.db, {
    text: query.search || undefined,
    category: query.category,
    verifiedOnly: query.verified === 'true',
    area: toArea(point(query.latitude ?? query.lat, query.longitude ?? query.lng), query.radius, DEFAULT_PRODUCER_RADIUS),
    limit: query.limit ?? PRODUCER_LIST_PAGE_SIZE,
    offset,
  });
  const total = rows[0]?.total ?? (offset > 0 ? await countProducersPastEnd(ctx, query) : 0);
  return { producers: rows.map(presentProducerListItem), total };
}

async function countProducersPastEnd(ctx: AppContext, query: ProducerSearchQuery): Promise<number> {
  const first = await searchProducerList(ctx, { ...query, offset: 0, limit: 1 });
  return first.total;
}

/** Every matching producer with coordinates: the map clusters them, so there is no page size. */
export async function searchProducerMap(ctx: AppContext, query: ProducerSearchQuery): Promise<ProducerMapResponse> {
  const rows = await repo.searchProducers(ctx.db, {
    text: query.search || undefined,
    category: query.category,
    verifiedOnly: query.verified === 'true',
    area: toArea(point(query.lat ?? query.latitude, query.lng ?? query.longitude), query.radius, DEFAULT_PRODUCER_RADIUS),
    requireCoordinates: true,
    limit: query.limit ?? null,
    offset: query.offset ?? 0,
  });
  return { producers: rows.map(presentProducerMapItem), total: rows[0]?.total ?? 0 };
}

/**
 * The map response as JSON bytes. Without text it is filtered from the in-memory map snapshot
 * (decision 070); 'any distance' (999) is the same answer as no location, as the spec's client
 * sends no location then, so it is shared by everyone (distance null). Text goes to the database.
 */
export async function producerMap(ctx: AppContext, query: ProducerSearchQuery): Promise<MapAnswer> {
  if (query.search) return { json: Buffer.from(JSON.stringify(await searchProducerMap(ctx, query))) };
  const center = point(query.lat ?? query.latitude, query.lng ?? query.longitude);
  const area = toArea(center, query.radius, DEFAULT_PRODUCER_RADIUS);
  return producerMapAnswer(ctx, {
    verifiedOnly: query.verified === 'true',
    category: query.category,
    area: area && area.radiusMiles !== null ? { center: area.center, radiusMiles: area.radiusMiles } : undefined,
    limit: query.limit ?? null,
    offset: query.offset ?? 0,
  });
}

export async function suggestions(ctx: AppContext, text: string | undefined): Promise<SuggestionsResponse> {
  if (!text) return { products: [], producers: [], categories: [] };
  const needle = text.toLowerCase();
  const categories = PRODUCT_CATEGORIES.filter(
    (value) => value.includes(needle) || CATEGORY_LABELS[value].toLowerCase().includes(needle),
  ).map((value) => ({ value, label: CATEGORY_LABELS[value] }));
  const rows = await repo.suggest(ctx.db, text, SUGGESTIONS_PER_KIND);
  return { ...rows, categories };
}
