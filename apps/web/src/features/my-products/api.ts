import type { CatalogueImportResult } from '@farmstand/shared/schemas/books';
import type { AvailabilityRequest, ProductResponse } from '@farmstand/shared/schemas/products';
import { useMutation } from '@tanstack/react-query';
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

/** The farm's catalogue as the spreadsheet the import reads back (decision 585). */
export const fetchCatalogueCsv = () => api.file('/products/catalogue.csv');

/** Sends the file as text/csv whatever the browser calls it (Windows says application/vnd.ms-excel). */
const sendCatalogue = (file: Blob, dryRun: boolean, zeroMissing: boolean) =>
  api.postFile<CatalogueImportResult>('/products/catalogue', new Blob([file], { type: 'text/csv' }), {
    dryRun: String(dryRun),
    zeroMissing: String(zeroMissing),
  });

/** The dry run: what the file would create, update or leave, and every problem by row and column. */
export const useCheckCatalogue = () =>
  useMutation({
    mutationFn: ({ file, zeroMissing }: { file: Blob; zeroMissing: boolean }) => sendCatalogue(file, true, zeroMissing),
  });

/** The import itself: written whole or not at all; the list refreshes after. */
export const useApplyCatalogue = () =>
  useProductMutation(({ file, zeroMissing }: { file: Blob; zeroMissing: boolean }) => sendCatalogue(file, false, zeroMissing));
