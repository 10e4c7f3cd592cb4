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
  SuggestionsResponse,
} from '@farmstand/shared/schemas/search';
import type { Db } from '../../db/client';
import { withStatementTimeout } from '../../db/statement-timeout';
import type { AppContext } from '../../lib/context';
import { geocode } from '../geocode/geocode.service';
import type { Point } from './geo';
import { indexReadsText } from './listing-index/database-text';
import { indexSearcherOf } from './listing-index/listing-index.service';
import { clusteredMapAnswer, type MapAnswer, producerMapAnswer } from './producer-map';
import { countAllListed, searchProductListings } from './product-search.repository';
import { cachedProductSearch, serializeProductSearch } from './product-search-cache';
import { presentProducerListItem, presentProducerMapItem, presentProductListing, producerListJson } from './search.presenter';
import * as repo from './search.repository';
import { searchGeneration } from './search-changes';

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

/** The product search answer as JSON, possibly shared by identical queries (decisions 071, 121). */
export function productSearchJson(ctx: AppContext, query: ProductSearchQuery): Promise<{ body: string; hit: boolean }> {
  return cachedProductSearch(ctx, JSON.stringify(query), () => productSearchBody(ctx, query));
}

async function productSearchBody(ctx: AppContext, query: ProductSearchQuery): Promise<string> {
  let center = point(query.latitude, query.longitude);
  if (!center && query.location) {
    const found = await geocode(ctx, query.location);
    // A place we cannot find has no products near it.
    if (!found) return serializeProductSearch({ products: [], total: 0 });
    center = { latitude: found.latitude, longitude: found.longitude };
  }
  const filters: repo.ProductSearchFilters = {
    text: query.search || undefined,
    category: query.category,
    availability: query.availability,
    area: toArea(center, query.radius, PRODUCT_LOCATION_RADIUS),
    sort: query.sort,
    limit: query.limit ?? PRODUCT_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
  // The in-memory index ranks, counts and writes the page (decisions 125, 260, 300): no database read.
  const searcher = indexSearcherOf(ctx);
  if (searcher) return searcher.ask({ kind: 'products', filters });
  const { rows, total } = await boundedSearch(ctx, (db) => searchProductListings(db, filters, (f) => browseTotal(ctx, f)));
  return serializeProductSearch({
    products: rows.map(presentProductListing),
    total: total ?? (await browseTotal(ctx, filters)),
  });
}

/**
 * The SQL path (no index yet, or text the index does not take) has no bound of its own on a national
 * catalogue: a statement past SEARCH_STATEMENT_TIMEOUT_MS is cancelled and the shopper asked to
 * narrow the search, rather than one request holding a connection and a core for minutes.
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5000;
const SEARCH_TOO_SLOW = 'This search is taking too long right now. Try more specific words, a category or a smaller distance.';

function boundedSearch<T>(ctx: AppContext, work: (db: Db) => Promise<T>): Promise<T> {
  return withStatementTimeout(ctx.database, SEARCH_STATEMENT_TIMEOUT_MS, SEARCH_TOO_SLOW, work);
}

/**
 * The total of plain browsing (no text, no centre) sums every visible producer's listed count: the
 * same for every visitor and the one count that reads every producer. Where that is costly (over
 * CHEAP_COUNT_MS: a national catalogue) it is kept per filter combination until the change feed
 * reports a write or BROWSE_TOTAL_MAX_AGE_MS pass, and refreshed in the background; the page itself
 * is always read fresh. Where it is cheap it is counted every time. Decision 120.
 */
const BROWSE_TOTAL_MAX_AGE_MS = 1000;
const CHEAP_COUNT_MS = 5;
type BrowseTotal = { at: number; generation: number; total: number; costMs: number; refreshing: Promise<number> | null };
const browseTotals = new WeakMap<AppContext, Map<string, BrowseTotal>>();

async function browseTotal(ctx: AppContext, filters: repo.ProductSearchFilters): Promise<number> {
  const cache = browseTotals.get(ctx) ?? new Map<string, BrowseTotal>();
  browseTotals.set(ctx, cache);
  const key = `${filters.category ?? ''}|${filters.availability ?? ''}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = { at: 0, generation: -1, total: 0, costMs: 0, refreshing: null };
    cache.set(key, entry);
  }
  const refresh = (current: BrowseTotal) => {
    const started = performance.now();
    const generation = searchGeneration(ctx);
    current.refreshing ??= countAllListed(ctx.db, filters)
      .then((total) => {
        Object.assign(current, { at: Date.now(), generation, total, costMs: performance.now() - started });
        return total;
      })
      .finally(() => {
        current.refreshing = null;
      });
    return current.refreshing;
  };
  if (entry.at === 0 || entry.costMs < CHEAP_COUNT_MS) return refresh(entry);
  if (entry.generation !== searchGeneration(ctx) || Date.now() - entry.at >= BROWSE_TOTAL_MAX_AGE_MS) {
    refresh(entry).catch(() => undefined);
  }
  return entry.total;
}

/**
 * Which path answers a producer search or a type-ahead (decisions 191, 310): the in-memory index
 * once it is loaded (on a database sorting text in byte order), for text whose every character the
 * database lower-cases and splits into words as the index does (probed at load); other text goes
 * to SQL, which does it in the database's locale.
 */
export function searchPathFor(ctx: AppContext, text: string | undefined): 'index' | 'sql' {
  const searcher = indexSearcherOf(ctx);
  return searcher && indexReadsText(searcher.textRules, text) ? 'index' : 'sql';
}

/**
 * Producers ranked by the listing index (decision 191), written as the list's or the map's JSON from
 * the rows kept beside it (decision 271); null when the SQL path answers.
 */
function producersJsonFromIndex(
  ctx: AppContext,
  filters: repo.ProducerSearchFilters,
  view: 'list' | 'map',
): Promise<string> | null {
  const searcher = indexSearcherOf(ctx);
  if (!searcher || searchPathFor(ctx, filters.text) !== 'index') return null;
  return searcher.ask({ kind: 'producers', view, filters });
}

/** The /search producer list as JSON (`ProducerSearchListResponse`). */
export async function searchProducerListJson(ctx: AppContext, query: ProducerSearchQuery): Promise<string> {
  const filters = producerListFilters(query);
  return (await producersJsonFromIndex(ctx, filters, 'list')) ?? producerListJson(await sqlProducerList(ctx, filters));
}

function producerListFilters(query: ProducerSearchQuery): repo.ProducerSearchFilters {
  return {
    text: query.search || undefined,
    category: query.category,
    verifiedOnly: query.verified === 'true',
    area: toArea(point(query.latitude ?? query.lat, query.longitude ?? query.lng), query.radius, DEFAULT_PRODUCER_RADIUS),
    limit: query.limit ?? PRODUCER_LIST_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
}

async function sqlProducerList(ctx: AppContext, filters: repo.ProducerSearchFilters): Promise<ProducerSearchListResponse> {
  const rows = await boundedSearch(ctx, (db) => repo.searchProducers(db, filters));
  // Past the last page no row carries the total: it is counted from the first page.
  const total =
    rows[0]?.total ?? (filters.offset > 0 ? (await sqlProducerList(ctx, { ...filters, offset: 0, limit: 1 })).total : 0);
  return { producers: rows.map(presentProducerListItem), total };
}

/** Every matching producer with coordinates, as JSON: the map clusters them, so there is no page size. */
async function searchProducerMapJson(ctx: AppContext, query: ProducerSearchQuery): Promise<string> {
  const filters: repo.ProducerSearchFilters = {
    text: query.search || undefined,
    category: query.category,
    verifiedOnly: query.verified === 'true',
    area: toArea(point(query.lat ?? query.latitude, query.lng ?? query.longitude), query.radius, DEFAULT_PRODUCER_RADIUS),
    requireCoordinates: true,
    limit: query.limit ?? null,
    offset: query.offset ?? 0,
  };
  const fromIndex = await producersJsonFromIndex(ctx, filters, 'map');
  if (fromIndex) return fromIndex;
  const rows = await boundedSearch(ctx, (db) => repo.searchProducers(db, filters));
  const answer: ProducerMapResponse = { producers: rows.map(presentProducerMapItem), total: rows[0]?.total ?? 0 };
  return JSON.stringify(answer);
}

/**
 * The map response as JSON bytes. Without text it is filtered from the in-memory map snapshot
 * (decision 070); 'any distance' (999) is the same answer as no location, as the spec's client
 * sends no location then, so it is shared by everyone (distance null). Text goes to the database.
 */
export async function producerMap(ctx: AppContext, query: ProducerSearchQuery): Promise<MapAnswer> {
  if (query.search) return { json: Buffer.from(await searchProducerMapJson(ctx, query)) };
  const center = point(query.lat ?? query.latitude, query.lng ?? query.longitude);
  const area = toArea(center, query.radius, DEFAULT_PRODUCER_RADIUS);
  if (query.bbox) {
    const [west, south, east, north] = query.bbox;
    return clusteredMapAnswer(
      ctx,
      {
        verifiedOnly: query.verified === 'true',
        category: query.category,
        center: center ?? undefined,
        radiusMiles: area?.radiusMiles ?? undefined,
      },
      { minLat: south, minLng: west, maxLat: north, maxLng: east, zoom: query.zoom ?? 12 },
    );
  }
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
  const searcher = indexSearcherOf(ctx);
  if (searcher && searchPathFor(ctx, text) === 'index') {
    // The type-ahead from memory (decision 191), exactly as the SQL below.
    const found = await searcher.ask({ kind: 'suggest', needle, limit: SUGGESTIONS_PER_KIND });
    return { ...found, categories };
  }
  const rows = await boundedSearch(ctx, (db) => repo.suggest(db, text, SUGGESTIONS_PER_KIND));
  return { ...rows, categories };
}
