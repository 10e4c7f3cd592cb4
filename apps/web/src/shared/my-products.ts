import type { MyProductsResponse } from '@farmstand/shared/schemas/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The producer's own products: one query and one cache for their product list and the CSA box editor. */
export const MY_PRODUCTS_KEY = ['products', 'mine'] as const;

export function useMyProducts(enabled = true) {
  return useQuery({
    queryKey: MY_PRODUCTS_KEY,
    enabled,
    queryFn: ({ signal }) => api.get<MyProductsResponse>('/products/mine', undefined, signal),
  });
}
