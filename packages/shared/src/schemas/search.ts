import { z } from 'zod';
import { BENEFIT_PROGRAMMES } from '../benefits/programmes';
import { AVAILABILITIES, PRODUCT_CATEGORIES, STATES } from '../constants/catalog';
import { SUBSCRIPTION_STATUSES } from './auth';
import { latitudeInput, longitudeInput, optionalQuery, radiusInput, roundDegrees } from './common';
import { FarmMarket } from './markets';
import { INSPECTIONS } from './products';
import { MAX_SEARCH_OFFSET, MAX_SEARCH_TEXT, PRODUCT_SORTS, SEARCH_BENEFITS } from './search-url';

export * from './search-url';

const latitude = latitudeInput;
const longitude = longitudeInput;
/** Miles; 999 (NO_RADIUS_LIMIT) or more means no distance limit. */
const radius = radiusInput(100_000);
const searchText = z.string().trim().max(MAX_SEARCH_TEXT, 'Search is too long');
const limit = (max: number) => optionalQuery(z.coerce.number().int().min(1).max(max));
const offset = optionalQuery(z.coerce.number().int().min(0).max(MAX_SEARCH_OFFSET));
/** Only farms that take this benefit today (decision 516); any farm when absent. */
const benefits = optionalQuery(
  z.enum(SEARCH_BENEFITS, {
    error:
      'Benefits must be one of: snap (takes SNAP), coupons (takes WIC or Senior FMNP coupons), incentive (takes the state’s incentive)',
  }),
);

/** GET /api/search/products (spec 01 §7). Empty values are ignored. */
export const ProductSearchQuery = z
  .object({
    search: optionalQuery(searchText),
    category: optionalQuery(z.enum(PRODUCT_CATEGORIES, { error: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}` })),
    availability: optionalQuery(z.enum(AVAILABILITIES, { error: `Availability must be one of: ${AVAILABILITIES.join(', ')}` })),
    /** A town or ZIP code; used as the centre when latitude/longitude are not given. */
    location: optionalQuery(z.string().trim().max(MAX_SEARCH_TEXT)),
    latitude: optionalQuery(latitude),
    longitude: optionalQuery(longitude),
    radius: optionalQuery(radius),
    /** The order of the results (decision 401); relevance when absent. */
    sort: optionalQuery(z.enum(PRODUCT_SORTS, { error: `Sort must be one of: ${PRODUCT_SORTS.join(', ')}` })),
    benefits,
    limit: limit(100),
    offset,
  })
  .refine(
    (query) =>
      query.sort !== 'distance' ||
      query.location !== undefined ||
      (query.latitude !== undefined && query.longitude !== undefined),
    { path: ['sort'], error: 'Sorting by distance needs a location: give latitude and longitude, or a location' },
  );
export type ProductSearchQuery = z.infer<typeof ProductSearchQuery>;

/** A product on a listing: the product with its producer's public fields (spec 01 §3). */
export const ProductListing = z.object({
  id: z.number().int(),
  producer_id: z.number().int(),
  producer_user_id: z.number().int(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  price: z.number().nullable(),
  price_unit: z.string().nullable(),
  /** True when the product's variants differ in price: the card says "from $X" (price is the cheapest). */
  price_from: z.boolean(),
  /** By weight (decision 510): price is per this unit (lb | oz) and a pack weighs pack_min–pack_max. */
  weight_unit: z.enum(['lb', 'oz']).nullable(),
  pack_min: z.number().nullable(),
  pack_max: z.number().nullable(),
  availability: z.string(),
  stock_quantity: z.number().int().nullable(),
  primary_image_url: z.string().nullable(),
  seasonal_start: z.string().nullable(),
  seasonal_end: z.string().nullable(),
  /** Meat and poultry: how it was inspected (a custom-exempt share is a live animal, decision 511). */
  inspection: z.enum(INSPECTIONS).nullable(),
  /** Where it was grown or raised (decision 516); null: on the farm itself, in the farm's `state`. */
  origin_state: z.enum(STATES).nullable(),
  farm_name: z.string(),
  city: z.string(),
  state: z.string(),
  delivery_available: z.boolean(),
  delivery_radius: z.number().int().nullable(),
  /** Never an e-mail address: listings are public, so this stays null (decision 041). */
  producer_email: z.string().nullable(),
  verified: z.boolean(),
  /** The benefits the farm takes at pickup today (decision 516); the card asks the rules which cover this product. */
  benefit_takes: z.array(z.enum([...BENEFIT_PROGRAMMES, 'incentive'])),
  /** Miles from the searched location; null when no location was given. */
  distance: z.number().nullable(),
});
export type ProductListing = z.infer<typeof ProductListing>;

export const ProductSearchResponse = z.object({ products: z.array(ProductListing), total: z.number().int() });
export type ProductSearchResponse = z.infer<typeof ProductSearchResponse>;

/**
 * GET /api/search/producers. The list screen (/search) sends search, radius, latitude, longitude;
 * the map sends verified, category, lat, lng, radius. Which shape answers is decided by
 * `producerSearchView` (decision 040).
 */
export const ProducerSearchQuery = z.object({
  search: optionalQuery(searchText),
  latitude: optionalQuery(latitude),
  longitude: optionalQuery(longitude),
  lat: optionalQuery(latitude),
  lng: optionalQuery(longitude),
  radius: optionalQuery(radius),
  verified: optionalQuery(z.enum(['true', 'false'], { error: 'Verified must be true or false' })),
  category: optionalQuery(z.enum(PRODUCT_CATEGORIES, { error: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}` })),
  benefits,
  view: optionalQuery(z.enum(['list', 'map'], { error: 'View must be list or map' })),
  /**
   * The map's viewport, `west,south,east,north` in degrees (Leaflet's toBBoxString), with `zoom`:
   * the answer then holds the markers and clusters of that view only (decision 122).
   */
  bbox: optionalQuery(
    z
      .string()
      .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'Map area (bbox) must be west,south,east,north')
      .transform((value) => value.split(',').map((part) => roundDegrees(Number(part))) as [number, number, number, number])
      .refine(([west, south, east, north]) => south <= north && west <= east && south >= -90 && north <= 90, {
        message: 'Map area (bbox) must be west,south,east,north',
      }),
  ),
  zoom: optionalQuery(
    z.coerce.number().int('Zoom must be a whole number').min(0, 'Zoom must be 0 to 22').max(22, 'Zoom must be 0 to 22'),
  ),
  limit: limit(100),
  offset,
});
export type ProducerSearchQuery = z.infer<typeof ProducerSearchQuery>;

const MAP_ONLY_PARAMS = ['lat', 'lng', 'verified', 'category', 'bbox', 'zoom'] as const;

/** Filters both shapes take: they never choose the shape. */
const EITHER_SHAPE_PARAMS: readonly string[] = ['benefits'];

/**
 * The map shape answers when asked for (`view=map`), when any map-only parameter is present, or
 * when there are no parameters at all (the map with no filters and no location sends nothing,
 * while the list screen always sends its radius). `benefits` filters both shapes and counts as no
 * parameter here: the map with only a benefit asked for is still the map.
 */
export function producerSearchView(query: Partial<Record<keyof ProducerSearchQuery, unknown>>): 'list' | 'map' {
  if (query.view === 'map' || query.view === 'list') return query.view;
  if (MAP_ONLY_PARAMS.some((key) => query[key] !== undefined)) return 'map';
  const given = Object.entries(query).filter(([key, value]) => value !== undefined && !EITHER_SHAPE_PARAMS.includes(key));
  return given.length === 0 ? 'map' : 'list';
}

/** A producer in the /search list (spec 01 §3). */
export const ProducerSearchItem = z.object({
  user_id: z.number().int(),
  farm_name: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  description: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  delivery_available: z.boolean(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  verified: z.boolean(),
  product_count: z.number().int(),
  /** The benefits the farm takes at pickup today (decision 516), as on its page: the card names them. */
  benefit_takes: z.array(z.enum([...BENEFIT_PROGRAMMES, 'incentive'])),
  distance: z.number().nullable(),
  /** The markets the farm is an approved vendor of (issue 48, decision 581): the card says it attends them. */
  markets: z.array(FarmMarket),
});
export type ProducerSearchItem = z.infer<typeof ProducerSearchItem>;

/** A producer on the map (spec 01 §3, map variant). `id` is the producer's user id (its public id). */
export const ProducerMapItem = z.object({
  id: z.number().int(),
  farm_name: z.string(),
  description: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  verified: z.boolean(),
  profile_image_url: z.string().nullable(),
  product_count: z.number().int(),
  distance: z.number().nullable(),
});
export type ProducerMapItem = z.infer<typeof ProducerMapItem>;

export const ProducerSearchListResponse = z.object({ producers: z.array(ProducerSearchItem), total: z.number().int() });
export type ProducerSearchListResponse = z.infer<typeof ProducerSearchListResponse>;
/** A group of nearby producers on the map at the asked zoom: its count, centre and the bounds to zoom into. */
export const ProducerMapCluster = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** south, west, north, east */
  bounds: z.array(z.number()).length(4),
});
export type ProducerMapCluster = z.infer<typeof ProducerMapCluster>;

/** `clusters` is present only when a viewport (`bbox` and `zoom`) was asked for. */
export const ProducerMapResponse = z.object({
  producers: z.array(ProducerMapItem),
  clusters: z.array(ProducerMapCluster).optional(),
  total: z.number().int(),
});
export type ProducerMapResponse = z.infer<typeof ProducerMapResponse>;

export const SuggestionsQuery = z.object({ q: optionalQuery(searchText) });
export const SuggestionsResponse = z.object({
  products: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string(), farm_name: z.string() })),
  producers: z.array(z.object({ user_id: z.number().int(), farm_name: z.string(), city: z.string(), state: z.string() })),
  categories: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;
