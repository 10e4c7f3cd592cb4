import type { MyProductsResponse } from '@farmstand/shared/schemas/products';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

/**
 * The first keys of the queries more than one feature refreshes (a feature never imports another,
 * so the keys they share live here). Every query whose answer follows an order's state starts with
 * ORDERS_KEY: the order lists, the pickup day, weighing, and an order's benefits plan (its total
 * and what each benefit may pay). So whatever changes an order (a move, a weighed pack, a short
 * line, a live update from another device) refreshes all of them by invalidating this one key
 * (decision 549).
 */
export const ORDERS_KEY = ['orders'] as const;
/** A farm's pickup places and their windows, its own and the public ones (an order fills a window). */
export const PICKUP_KEY = ['pickup'] as const;
/** Standing reservations, the shopper's and the farm's (a CSA membership is one). */
export const STANDING_KEY = ['standing'] as const;
/** Products and their pages (a share reserved leaves fewer shares). */
export const PRODUCTS_KEY = ['products'] as const;
/** The farm's own products: one query and one cache for its product list and the CSA box editor. */
export const MY_PRODUCTS_KEY = [...PRODUCTS_KEY, 'mine'] as const;
/** What a farm takes at pickup, its own and the public answers (the benefit programmes' table is under it too). */
export const BENEFITS_KEY = ['benefits'] as const;
/** The signed-in farm's own profile, its certifications in it. */
export const OWN_FARM_KEY = ['producers', 'me'] as const;

export function useMyProducts(enabled = true) {
  return useQuery({
    queryKey: MY_PRODUCTS_KEY,
    enabled,
    queryFn: ({ signal }) => api.get<MyProductsResponse>('/products/mine', undefined, signal),
  });
}

/** A mutation that refreshes every query under each of `keys` once it succeeds. */
export function useRefreshingMutation<T, R>(mutationFn: (input: T) => Promise<R>, keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
