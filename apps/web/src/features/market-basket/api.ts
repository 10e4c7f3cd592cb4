import type { MarketOffer, MarketOrder, PlaceMarketBasketRequest } from '@farmstand/shared/schemas/market-basket';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { ORDERS_KEY, PRODUCTS_KEY, useRefreshingMutation } from '@/lib/queries';

/** What the market's vendors offer for a market day (no date: the coming one); 404 when the market has no basket. */
function useMarketOffer(marketId: number, date: string | null, enabled = true) {
  return useQuery({
    queryKey: ['markets', 'offer', marketId, date],
    enabled,
    queryFn: ({ signal }) => api.get<MarketOffer>(`/markets/${marketId}/offer`, date ? { date } : undefined, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/**
 * The offer of the day the shopper wants (chosen, or their basket's), when it is one of the coming
 * market days; else the coming day's. `missing`: the market takes no baskets (404).
 */
export function useDayOffer(marketId: number, wanted: string | null) {
  const coming = useMarketOffer(marketId, null);
  const days = coming.data?.days ?? [];
  const other = wanted !== null && wanted !== coming.data?.date && days.includes(wanted) ? wanted : null;
  const picked = useMarketOffer(marketId, other, other !== null);
  const query = other === null ? coming : picked;
  return {
    offer: query.data,
    isPending: query.isPending,
    isError: query.isError,
    missing: coming.error instanceof ApiError && coming.error.status === 404,
    refetch: () => query.refetch(),
  };
}

/** A market order follows its parts' states: its key starts with ORDERS_KEY (a farm's move refreshes it). */
const MARKET_ORDERS_KEY = [...ORDERS_KEY, 'market'] as const;

export function useMarketOrder(id: number) {
  return useQuery({
    queryKey: [...MARKET_ORDERS_KEY, id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.get<MarketOrder>(`/market-orders/${id}`, undefined, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

type Placed = { message: string; marketOrder: MarketOrder };

/** Places the basket once (a retry with the same clientKey answers the same market order). */
export function usePlaceMarketBasket(marketId: number) {
  return useRefreshingMutation(
    (request: PlaceMarketBasketRequest) => api.post<Placed>(`/markets/${marketId}/basket`, request),
    [ORDERS_KEY, PRODUCTS_KEY, ['markets', 'offer', marketId]],
  );
}

/** Cancels every open part of the market order. */
export function useCancelMarketOrder(id: number) {
  return useRefreshingMutation(() => api.post<Placed>(`/market-orders/${id}/cancel`, {}), [ORDERS_KEY]);
}
