import type { FavoriteCheckResponse, FavoritesResponse, FavoriteToggleResponse } from '@farmstand/shared/schemas/favorites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

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

export function useIsFavorited(producerId: number, enabled: boolean) {
  return useQuery({
    queryKey: favoriteKeys.check(producerId),
    queryFn: ({ signal }) => api.get<Check>(`/favorites/check/${producerId}`, undefined, signal),
    enabled,
  });
}

export function useFavoriteCount(producerId: number) {
  return useQuery({
    queryKey: favoriteKeys.count(producerId),
    queryFn: ({ signal }) => api.get<{ count: number }>(`/favorites/count/${producerId}`, undefined, signal),
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
