import { PRODUCT_LOCATION_RADIUS, PRODUCT_PAGE_SIZE } from '@farmstand/shared';
import type { ProductResponse } from '@farmstand/shared/schemas/products';
import type { ProductSearchResponse, ProductSort } from '@farmstand/shared/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';

export type ProductFilters = {
  search: string;
  category: string;
  /** '' means all availabilities. */
  availability: string;
  sort: ProductSort;
  /** '' means any farm; else only farms taking that benefit now (snap, coupons, incentive). */
  benefits: string;
  page: number;
  location: { latitude: number; longitude: number } | null;
};

/** GET /api/search/products with the spec's parameters (and benefits when asked); radius=50 only with a location (spec 01 §7). */
export function useProductSearch(filters: ProductFilters) {
  const query = {
    search: filters.search,
    category: filters.category,
    availability: filters.availability,
    benefits: filters.benefits,
    // The default order is sent as no order, so the page's first answer still matches.
    sort: filters.sort === 'relevance' ? undefined : filters.sort,
    limit: PRODUCT_PAGE_SIZE,
    offset: (filters.page - 1) * PRODUCT_PAGE_SIZE,
    latitude: filters.location?.latitude,
    longitude: filters.location?.longitude,
    radius: filters.location ? PRODUCT_LOCATION_RADIUS : undefined,
  };
  return useQuery({
    queryKey: ['search', 'products', query],
    queryFn: ({ signal }) => api.get<ProductSearchResponse>('/search/products', query, signal),
    initialData: () => initialApiData<ProductSearchResponse>('/search/products', query),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: ['products', id],
    queryFn: ({ signal }) => api.get<ProductResponse>(`/products/${id}`, undefined, signal),
    initialData: () => initialApiData<ProductResponse>(`/products/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}
