import { PRODUCTS_URL, type ProductSort, readUrlParams } from '@farmstand/shared/schemas/search-url';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type UserLocation, useUserLocation } from '@/shared/user-location';
import type { ProductFilters } from './api';

/** 'available' is the default (spec 01 §4); choosing All is kept in the URL as availability=all. */
export const DEFAULT_AVAILABILITY = 'available';
const ALL = 'all';

/**
 * The /products filters live in the URL (search, category, availability, benefits, sort, page, lat,
 * lng, place) so a search can be shared and survives a reload; values the page does not offer are
 * ignored. The location is the user's one location (user-location.ts), set here, on
 * /search or on the map; a shared link's lat/lng take its place.
 */
export function useProductUrlFilters() {
  const [params, setParams] = useSearchParams();
  const stored = useUserLocation();
  const url = readUrlParams(params, PRODUCTS_URL);
  const location: UserLocation | null =
    url.lat !== undefined && url.lng !== undefined
      ? { latitude: url.lat, longitude: url.lng, address: url.place, type: url.place ? 'address' : 'current' }
      : stored.location;
  const availabilityParam = url.availability ?? DEFAULT_AVAILABILITY;
  // Nearest first needs a place to measure from; without one the page keeps its default order.
  const sort: ProductSort = url.sort === 'distance' && !location ? 'relevance' : (url.sort ?? 'relevance');

  const filters: ProductFilters = {
    search: url.search ?? '',
    category: url.category ?? '',
    availability: availabilityParam === ALL ? '' : availabilityParam,
    benefits: url.benefits ?? '',
    sort,
    page: url.page ?? 1,
    location: location ? { latitude: location.latitude, longitude: location.longitude } : null,
  };

  const update = useCallback(
    (changes: Record<string, string | null>, options: { keepPage?: boolean; replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          // Any filter change starts again at page 1.
          if (!options.keepPage) next.delete('page');
          return next;
        },
        { replace: options.replace },
      ),
    [setParams],
  );

  const setLocation = (next: UserLocation | null) => {
    stored.setLocation(next);
    // The link keeps the place so it can be shared; cleared, the page has no location at all.
    update(
      next
        ? { lat: next.latitude.toFixed(5), lng: next.longitude.toFixed(5), place: next.address ?? null }
        : { lat: null, lng: null, place: null, sort: url.sort === 'distance' ? null : (url.sort ?? null) },
    );
  };

  return {
    filters,
    location,
    availabilityValue: availabilityParam === ALL ? ALL : filters.availability,
    setSearch: (search: string) => update({ search }),
    setCategory: (category: string) => update({ category }),
    setAvailability: (value: string) => update({ availability: value === DEFAULT_AVAILABILITY ? null : value }),
    setBenefits: (benefits: string) => update({ benefits }),
    setSort: (value: ProductSort) => update({ sort: value === 'relevance' ? null : value }),
    setPage: (page: number, options: { replace?: boolean } = {}) =>
      update({ page: page > 1 ? String(page) : null }, { keepPage: true, replace: options.replace }),
    setLocation,
  };
}
