import type { LabelPrintQuery, LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, toQueryString } from '@/lib/api';
import { getToken } from '@/lib/storage';

/**
 * The label PDF of one product. A file, not JSON, so it is fetched here with the same bearer token
 * and the same `{ message }` errors as every other call.
 */
export async function fetchLabelPdf(productId: number, query: LabelPrintQuery): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api/products/${productId}/labels${toQueryString(query)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'Could not reach Farmstand. Check your connection and try again.', undefined, false);
  }
  if (response.ok) {
    // The server names the file (labels-<product>-<date>.pdf); the dialog falls back to its own name.
    const disposition = response.headers.get('content-disposition') ?? '';
    return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }
  const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof data?.message === 'string' ? data.message : `Request failed (${response.status})`;
  throw new ApiError(response.status, message, undefined, typeof data?.message === 'string');
}

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
