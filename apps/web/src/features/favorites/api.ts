import {
  FAVORITE_CHECK_BATCH_MAX,
  type FavoriteBatchCheckResponse,
  type FavoriteCheckResponse,
  type FavoritesResponse,
  type FavoriteToggleResponse,
} from '@farmstand/shared/schemas/favorites';
import type { NoticeSubscriptions, NoticeUnsubscribeResponse } from '@farmstand/shared/schemas/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';

type Check = z.infer<typeof FavoriteCheckResponse>;

export const favoriteKeys = {
  all: ['favorites'] as const,
  check: (producerId: number) => ['favorites', 'check', producerId] as const,
  count: (producerId: number) => ['favorites', 'count', producerId] as const,
};

export function useFavorites(enabled = true) {
  return useQuery({
    queryKey: favoriteKeys.all,
    queryFn: ({ signal }) => api.get<FavoritesResponse>('/favorites', undefined, signal),
    enabled,
  });
}

/**
 * Every heart asks through one batcher: the checks asked in the same tick (a page of 50 search
 * cards) go out as one GET /favorites/check?producerIds=… instead of one call per card. Works for any page that shows hearts, without the page knowing.
 */
type Waiter = { resolve: (isFavorited: boolean) => void; reject: (error: unknown) => void };
const waiting = new Map<number, Waiter[]>();
let isFlushScheduled = false;

export function checkFavoriteBatched(producerId: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    waiting.set(producerId, [...(waiting.get(producerId) ?? []), { resolve, reject }]);
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setTimeout(flushFavoriteChecks, 0);
    }
  });
}

function flushFavoriteChecks(): void {
  isFlushScheduled = false;
  const batch = new Map(waiting);
  waiting.clear();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += FAVORITE_CHECK_BATCH_MAX) {
    const chunk = ids.slice(start, start + FAVORITE_CHECK_BATCH_MAX);
    api
      .get<FavoriteBatchCheckResponse>('/favorites/check', { producerIds: chunk.join(',') })
      .then(({ favorites }) => {
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.resolve(favorites[String(id)] ?? false);
      })
      .catch((error: unknown) => {
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
      });
  }
}

export function useIsFavorited(producerId: number, enabled: boolean) {
  return useQuery({
    queryKey: favoriteKeys.check(producerId),
    queryFn: async (): Promise<Check> => ({ isFavorited: await checkFavoriteBatched(producerId) }),
    enabled,
  });
}

export function useFavoriteCount(producerId: number) {
  return useQuery({
    queryKey: favoriteKeys.count(producerId),
    queryFn: ({ signal }) => api.get<{ count: number }>(`/favorites/count/${producerId}`, undefined, signal),
    initialData: () => initialApiData<{ count: number }>(`/favorites/count/${producerId}`),
  });
}

/** POST or DELETE /api/favorites/{producerId}; the heart flips at once and rolls back on failure. */
export function useToggleFavorite(producerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      favorite
        ? api.post<FavoriteToggleResponse>(`/favorites/${producerId}`)
        : api.delete<FavoriteToggleResponse>(`/favorites/${producerId}`),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.check(producerId) });
      const previous = queryClient.getQueryData<Check>(favoriteKeys.check(producerId));
      queryClient.setQueryData<Check>(favoriteKeys.check(producerId), { isFavorited: favorite });
      return { previous };
    },
    onError: (_error, _favorite, context) => {
      queryClient.setQueryData(favoriteKeys.check(producerId), context?.previous);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<Check>(favoriteKeys.check(producerId), { isFavorited: result.isFavorited });
      queryClient.setQueryData(favoriteKeys.count(producerId), { count: Math.max(0, result.count) });
      queryClient.invalidateQueries({ queryKey: favoriteKeys.all, exact: true });
    },
  });
}

/** The shopper's "ordering is open" notices per favourite farm (decision 513). */
const NOTICES_KEY = ['notices', 'subscriptions'] as const;

export const useNoticeSubscriptions = (enabled: boolean) =>
  useQuery({ queryKey: NOTICES_KEY, queryFn: () => api.get<NoticeSubscriptions>('/notices/subscriptions'), enabled });

export function useSetNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ producerUserId, notices }: { producerUserId: number; notices: boolean }) =>
      api.put<NoticeSubscriptions>(`/notices/subscriptions/${producerUserId}`, { notices }),
    onSuccess: (data) => client.setQueryData(NOTICES_KEY, data),
  });
}

export function useNoticeUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NoticeUnsubscribeResponse>(`/notices/unsubscribe/${encodeURIComponent(token)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
