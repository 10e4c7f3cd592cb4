import type { LabelPrintQuery, LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The label PDF of one product (the server names it labels-<product>-<date>.pdf). */
export const fetchLabelPdf = (productId: number, query: LabelPrintQuery) => api.file(`/products/${productId}/labels`, query);

/**
 * Whether a product's label is ready and which sheets it fits (the same fit the PDF uses); the others
 * say why. Keyed under the product, so every product change (a save, a moderation) asks again.
 */
export function useLabelSheets(productId: number | null) {
  return useQuery({
    queryKey: ['products', productId, 'labels', 'sheets'],
    queryFn: ({ signal }) => api.get<LabelSheetsResponse>(`/products/${productId}/labels/sheets`, undefined, signal),
    enabled: productId !== null && productId > 0,
  });
}
