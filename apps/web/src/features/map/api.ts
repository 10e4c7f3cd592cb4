import type { MarketSummary } from '@farmstand/shared/schemas/markets';
import type { ProducerMapResponse } from '@farmstand/shared/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MapMarket } from './types';

type MarketList = { markets: MarketSummary[] };

/** Spec 01 §3 map filter state, and the benefit asked for ('' any farm; kept in the page's URL). */
export type MapFilters = { verifiedOnly: boolean; radius: number; category: string; benefits: string };

/**
 * Exactly the spec's map parameters (spec 01 §7): verified=true when on, category when set, and
 * lat, lng, radius only when the user's location is known and the radius is under 999; and
 * benefits when a benefit is asked for (decision 516).
 */
export function mapQuery(filters: MapFilters, location: { latitude: number; longitude: number } | null, noLimit: number) {
  const query: Record<string, string | number> = {};
  if (filters.verifiedOnly) query.verified = 'true';
  if (filters.category) query.category = filters.category;
  if (filters.benefits) query.benefits = filters.benefits;
  if (location && filters.radius < noLimit) {
    query.lat = location.latitude;
    query.lng = location.longitude;
    query.radius = filters.radius;
  }
  return query;
}

/**
 * The map's producers. With a viewport (bbox, zoom) the server answers only that view, clustered
 * (decision 122); without one it answers every producer as the spec's call does.
 */
export function useMapProducers(query: Record<string, string | number>, viewport?: { bbox: string; zoom: number } | null) {
  const withViewport = viewport ? { ...query, bbox: viewport.bbox, zoom: viewport.zoom } : query;
  return useQuery({
    queryKey: ['search', 'map', withViewport],
    queryFn: ({ signal }) => api.get<ProducerMapResponse>('/search/producers', withViewport, signal),
    placeholderData: keepPreviousData,
    enabled: viewport !== null,
  });
}

/**
 * How many producers the filters return, wherever the map is looking (decision 403): the count box
 * says this, so panning (or a popup that pans) never changes it. The map shape's total for the same
 * parameters without a viewport, read with a page of one.
 */
export function useMapCount(query: Record<string, string | number>) {
  const counted = { ...query, view: 'map', limit: 1 };
  return useQuery({
    queryKey: ['search', 'map-count', counted],
    queryFn: ({ signal }) => api.get<ProducerMapResponse>('/search/producers', counted, signal),
    select: (answer) => answer.total,
    placeholderData: keepPreviousData,
  });
}

/**
 * The farmers markets with a place, for their own pins (issue 48). They are few: one answer for the
 * whole map, not per viewport.
 */
export function useMapMarkets() {
  return useQuery({
    queryKey: ['markets', 'list', {}],
    queryFn: ({ signal }) => api.get<MarketList>('/markets', {}, signal),
    select: (answer): MapMarket[] =>
      answer.markets.flatMap((market) =>
        market.latitude === null || market.longitude === null
          ? []
          : [
              {
                slug: market.slug,
                name: market.name,
                city: market.city,
                state: market.state,
                lat: market.latitude,
                lng: market.longitude,
                daysText: market.daysText,
                nextDate: market.nextDate,
                vendorCount: market.vendorCount,
              },
            ],
      ),
    staleTime: 5 * 60_000,
  });
}
