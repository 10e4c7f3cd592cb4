import type { ProducerSearchListResponse } from '@farmstand/shared/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type ProducerSearchParams = {
  search?: string;
  radius: number;
  latitude?: number;
  longitude?: number;
  /** Only farms taking this benefit now (snap, coupons, incentive); any farm when absent. */
  benefits?: string;
};

/** GET /api/search/producers with the /search screen's parameters (spec 01 §7, and benefits): the list shape. */
export function useProducerSearch(params: ProducerSearchParams) {
  return useQuery({
    queryKey: ['search', 'producers', params],
    queryFn: ({ signal }) => api.get<ProducerSearchListResponse>('/search/producers', params, signal),
    placeholderData: keepPreviousData,
  });
}
