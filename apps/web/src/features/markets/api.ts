import type { MarketPage, MarketSummary } from '@farmstand/shared/schemas/markets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';

/** What GET /api/markets asks: words to match a market's name or city, and the shopper's place for "nearest first". */
export type MarketQuery = { q?: string; lat?: number; lng?: number };

/** Only the parameters that are set: the key and the URL stay the same for the same question. */
function marketParams(query: MarketQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.lat !== undefined && query.lng !== undefined) {
    params.lat = query.lat;
    params.lng = query.lng;
  }
  return params;
}

/** The public markets: nearest first with a place, else by name (the server's order, kept). */
export function useMarkets(query: MarketQuery, options: { enabled?: boolean } = {}) {
  const params = marketParams(query);
  return useQuery({
    queryKey: ['markets', 'list', params],
    queryFn: ({ signal }) => api.get<{ markets: MarketSummary[] }>('/markets', params, signal),
    initialData: () => initialApiData<{ markets: MarketSummary[] }>('/markets', params),
    select: (answer) => answer.markets,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One market's public page; a 404 is not asked again. */
export function useMarket(slug: string) {
  return useQuery({
    queryKey: ['markets', 'page', slug],
    enabled: slug !== '',
    queryFn: ({ signal }) => api.get<MarketPage>(`/markets/${encodeURIComponent(slug)}`, undefined, signal),
    initialData: () => initialApiData<MarketPage>(`/markets/${encodeURIComponent(slug)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
