import type { AvailabilityRequest, ProductResponse } from '@farmstand/shared/schemas/products';
import { api } from '@/lib/api';
import { PRODUCTS_KEY, useRefreshingMutation } from '@/lib/queries';

/** Every change to a listed product refreshes the farm's list (counts, order, the limit) and the product's own page. */
const useProductMutation = <T, R>(mutationFn: (input: T) => Promise<R>) => useRefreshingMutation(mutationFn, [PRODUCTS_KEY]);

export const useDeleteProduct = () => useProductMutation((id: number) => api.delete<ProductResponse>(`/products/${id}`));

export const useRestoreProduct = () => useProductMutation((id: number) => api.post<ProductResponse>(`/products/${id}/restore`));

export const useUpdateAvailability = () =>
  useProductMutation(({ id, body }: { id: number; body: AvailabilityRequest }) =>
    api.patch<ProductResponse>(`/products/${id}/availability`, body),
  );
