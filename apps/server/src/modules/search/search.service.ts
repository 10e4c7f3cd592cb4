import {
  CATEGORY_LABELS,
  DEFAULT_PRODUCER_RADIUS,
  NO_RADIUS_LIMIT,
  PRODUCER_LIST_PAGE_SIZE,
  PRODUCT_CATEGORIES,
  PRODUCT_LOCATION_RADIUS,
  PRODUCT_PAGE_SIZE,
} from '@farmstand/shared';
import type { ProducerSearchQuery, ProductSearchQuery, SuggestionsResponse } from '@farmstand/shared/schemas/search';
import type { AppContext } from '../../lib/context';
import type { Point } from '../../lib/geo';
import { farmToday } from '../../lib/time';
import { geocode } from '../geocode';
import { benefitsWanted, dayNumber } from './benefit-filter';
import { searchProviderOf } from './listing-index/listing-index.service';
import { clusteredMapAnswer, type MapAnswer, producerMapAnswer } from './producer-map';
import type * as repo from './search.repository';

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

/** The product search answer as JSON (`ProductSearchResponse`), ranked by the search engine (decision 460). */
export async function productSearchJson(ctx: AppContext, query: ProductSearchQuery): Promise<string> {
  let center = point(query.latitude, query.longitude);
  if (!center && query.location) {
    const found = await geocode(ctx, query.location);
    // A place we cannot find has no products near it.
    if (!found) return JSON.stringify({ products: [], total: 0 });
    center = { latitude: found.latitude, longitude: found.longitude };
  }
  const now = ctx.clock.now();
  return searchProviderOf(ctx).products({
    text: query.search || undefined,
    category: query.category,
    availability: query.availability,
    area: toArea(center, query.radius, PRODUCT_LOCATION_RADIUS),
    sort: query.sort,
    benefits: await benefitsWanted(ctx, query.benefits),
    // Each card shows what its farm takes today, on the same day the benefits filter reads.
    day: dayNumber(await farmToday(ctx, now)),
    now,
    limit: query.limit ?? PRODUCT_PAGE_SIZE,
    offset: query.offset ?? 0,
  });
}

/** The /search producer list as JSON (`ProducerSearchListResponse`). */
export async function searchProducerListJson(ctx: AppContext, query: ProducerSearchQuery): Promise<string> {
  return searchProviderOf(ctx).producers('list', await producerListFilters(ctx, query));
}

async function producerListFilters(ctx: AppContext, query: ProducerSearchQuery): Promise<repo.ProducerSearchFilters> {
  const now = ctx.clock.now();
  return {
    text: query.search || undefined,
    category: query.category,
    verifiedOnly: query.verified === 'true',
    benefits: await benefitsWanted(ctx, query.benefits),
    // Each card shows what its farm takes today, on the same day the benefits filter reads.
    day: dayNumber(await farmToday(ctx, now)),
    now,
    area: toArea(point(query.latitude ?? query.lat, query.longitude ?? query.lng), query.radius, DEFAULT_PRODUCER_RADIUS),
    limit: query.limit ?? PRODUCER_LIST_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
}

/** Every matching producer with coordinates, as JSON: the map clusters them, so there is no page size. */
async function searchProducerMapJson(ctx: AppContext, query: ProducerSearchQuery): Promise<string> {
  const now = ctx.clock.now();
  const filters: repo.ProducerSearchFilters = {
    text: query.search || undefined,
    category: query.category,
    verifiedOnly: query.verified === 'true',
    benefits: await benefitsWanted(ctx, query.benefits),
    day: dayNumber(await farmToday(ctx, now)),
    now,
    area: toArea(point(query.lat ?? query.latitude, query.lng ?? query.longitude), query.radius, DEFAULT_PRODUCER_RADIUS),
    requireCoordinates: true,
    limit: query.limit ?? null,
    offset: query.offset ?? 0,
  };
  return searchProviderOf(ctx).producers('map', filters);
}

/**
 * The map response as JSON bytes. Without text it is filtered from the in-memory map snapshot
 * (decision 070); 'any distance' (999) is the same answer as no location, as the spec's client
 * sends no location then, so it is shared by everyone (distance null). Text goes to the search engine.
 */
export async function producerMap(ctx: AppContext, query: ProducerSearchQuery): Promise<MapAnswer> {
  if (query.search) return { json: Buffer.from(await searchProducerMapJson(ctx, query)) };
  const center = point(query.lat ?? query.latitude, query.lng ?? query.longitude);
  const area = toArea(center, query.radius, DEFAULT_PRODUCER_RADIUS);
  const benefits = await benefitsWanted(ctx, query.benefits);
  if (query.bbox) {
    const [west, south, east, north] = query.bbox;
    return clusteredMapAnswer(
      ctx,
      {
        verifiedOnly: query.verified === 'true',
        category: query.category,
        benefits,
        center: center ?? undefined,
        radiusMiles: area?.radiusMiles ?? undefined,
      },
      { minLat: south, minLng: west, maxLat: north, maxLng: east, zoom: query.zoom ?? 12 },
    );
  }
  return producerMapAnswer(ctx, {
    verifiedOnly: query.verified === 'true',
    category: query.category,
    benefits,
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
  return { ...(await searchProviderOf(ctx).suggest(needle, SUGGESTIONS_PER_KIND, ctx.clock.now())), categories };
}
