import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { UserLocation } from '../search/user-location';
import type { ProductFilters } from './api';

/** 'available' is the default (spec 01 §4); choosing All is kept in the URL as availability=all. */
export const DEFAULT_AVAILABILITY = 'available';
const ALL = 'all';

/**
 * The /products filters live in the URL (search, category, availability, page, lat, lng, place) so
 * a search can be shared and survives a reload.
 */
export function useProductUrlFilters() {
  const [params, setParams] = useSearchParams();
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const hasLocation = params.has('lat') && params.has('lng') && Number.isFinite(lat) && Number.isFinite(lng);
  const availabilityParam = params.get('availability') ?? DEFAULT_AVAILABILITY;

  const filters: ProductFilters = {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    availability: availabilityParam === ALL ? '' : availabilityParam,
    page: Math.max(1, Number(params.get('page')) || 1),
    location: hasLocation ? { latitude: lat, longitude: lng } : null,
  };
  const location: UserLocation | null = hasLocation
    ? {
        latitude: lat,
        longitude: lng,
        address: params.get('place') ?? undefined,
        type: params.get('place') ? 'address' : 'current',
      }
    : null;

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

  const setLocation = (next: UserLocation | null) =>
    update(
      next
        ? { lat: next.latitude.toFixed(5), lng: next.longitude.toFixed(5), place: next.address ?? null }
        : { lat: null, lng: null, place: null },
    );

  return {
    filters,
    location,
    availabilityValue: availabilityParam === ALL ? ALL : filters.availability,
    setSearch: (search: string) => update({ search }),
    setCategory: (category: string) => update({ category }),
    setAvailability: (value: string) => update({ availability: value === DEFAULT_AVAILABILITY ? null : value }),
    setPage: (page: number, options: { replace?: boolean } = {}) =>
      update({ page: page > 1 ? String(page) : null }, { keepPage: true, replace: options.replace }),
    setLocation,
  };
}
