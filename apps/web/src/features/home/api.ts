import type { ProductListing, ProductSearchResponse } from '@farmstand/shared/schemas/search';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What a "Fresh this week" card looks for in the directory: a category, and words when the kind is narrower. */
export type FreshKind = { category: string; search?: string };

/** How many of the newest listings of a kind are looked through for one that is not sold out. */
const FRESH_LOOKED_AT = 5;

/**
 * The newest listing of a kind that can be had (available, pre-order or seasonal: a vegetable box is
 * usually ordered ahead), through the product search everyone uses (decision 404); null when the
 * directory has none.
 */
export function useFreshListing(kind: FreshKind) {
  const query = { category: kind.category, search: kind.search, sort: 'newest', limit: FRESH_LOOKED_AT };
  return useQuery({
    queryKey: ['search', 'products', query],
    queryFn: ({ signal }) => api.get<ProductSearchResponse>('/search/products', query, signal),
    select: (answer): ProductListing | null => answer.products.find((product) => product.availability !== 'sold_out') ?? null,
    staleTime: 5 * 60_000,
  });
}
