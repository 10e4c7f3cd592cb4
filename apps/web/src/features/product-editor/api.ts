import type { LabelPrintQuery, LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import type {
  ImageUploadResponse,
  ProductCreatedResponse,
  ProductRequest,
  ProductResponse,
} from '@farmstand/shared/schemas/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { PRODUCTS_KEY, useRefreshingMutation } from '@/lib/queries';

/** Every product change refreshes the farm's list (counts, order, the limit) and the product's own page. */
const useProductMutation = <T, R>(mutationFn: (input: T) => Promise<R>) => useRefreshingMutation(mutationFn, [PRODUCTS_KEY]);

export const useCreateProduct = () =>
  useProductMutation((body: ProductRequest) => api.post<ProductCreatedResponse>('/products', body));

export const useUpdateProduct = () =>
  useProductMutation(({ id, body }: { id: number; body: ProductRequest }) => api.put<ProductResponse>(`/products/${id}`, body));

export const useUploadProductImage = () =>
  useProductMutation(({ id, file, isPrimary }: { id: number; file: File; isPrimary: boolean }) => {
    const form = new FormData();
    // Text fields first, so the server knows them before the file streams in.
    form.append('isPrimary', String(isPrimary));
    form.append('image', file);
    return api.upload<ImageUploadResponse>(`/images/products/${id}`, form);
  });

export const useDeleteProductImage = () =>
  useProductMutation(({ id, imageUrl, isPrimary }: { id: number; imageUrl: string; isPrimary: boolean }) =>
    api.delete<ProductResponse>(`/images/products/${id}/images`, { imageUrl, isPrimary }),
  );

export const useSetPrimaryImage = () =>
  useProductMutation(({ id, imageUrl }: { id: number; imageUrl: string }) =>
    api.put<ProductResponse>(`/images/products/${id}/primary`, { imageUrl }),
  );

/** The label PDF of one product (the server names it labels-<product>-<date>.pdf). */
export const fetchLabelPdf = (productId: number, query: LabelPrintQuery) => api.file(`/products/${productId}/labels`, query);

/**
 * Whether a product's label is ready and which sheets it fits (the same fit the PDF uses); the others
 * say why. Keyed under the product, so every product change (a save, a moderation) asks again.
 */
export function useLabelSheets(productId: number | null) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, productId, 'labels', 'sheets'],
    queryFn: ({ signal }) => api.get<LabelSheetsResponse>(`/products/${productId}/labels/sheets`, undefined, signal),
    enabled: productId !== null && productId > 0,
  });
}
