import type { ProductListing, ProductSearchResponse } from '@farmstand/shared/schemas/search';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** What a "Fresh this week" card looks for in the directory: a category, and words when the kind is narrower. */
export type FreshKind = { category: string; search?: string };

/**
 * The newest available listing of a kind, through the product search everyone uses (decision 404);
 * null when the directory has none.
 */
export function useFreshListing(kind: FreshKind) {
  const query = { category: kind.category, search: kind.search, availability: 'available', sort: 'newest', limit: 1 };
  return useQuery({
    queryKey: ['search', 'products', query],
    queryFn: ({ signal }) => api.get<ProductSearchResponse>('/search/products', query, signal),
    select: (answer): ProductListing | null => answer.products[0] ?? null,
    staleTime: 5 * 60_000,
  });
}
