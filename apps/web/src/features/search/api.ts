import { PRODUCER_LIST_PAGE_SIZE } from '@farmstand/shared';
import type { ProducerSearchListResponse } from '@farmstand/shared/schemas/search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type ProducerSearchParams = {
  search?: string;
  radius: number;
  latitude?: number;
  longitude?: number;
  /** Only farms taking this benefit now (snap, coupons, incentive); any farm when absent. */
  benefits?: string;
};

/**
 * GET /api/search/producers with the /search screen's parameters (spec 01 §7, and benefits): the
 * list shape, a page of PRODUCER_LIST_PAGE_SIZE at a time. 'Show more' asks for the next page at
 * the offset of what is shown, until every producer the total counts is shown (decision 530).
 */
export function useProducerSearch(params: ProducerSearchParams) {
  return useInfiniteQuery({
    queryKey: ['search', 'producers', params],
    queryFn: ({ signal, pageParam }) =>
      api.get<ProducerSearchListResponse>(
        '/search/producers',
        { ...params, limit: PRODUCER_LIST_PAGE_SIZE, offset: pageParam || undefined },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.producers.length, 0);
      // A page that came back empty ends the list even if the total says more (a farm hidden meanwhile).
      return shown < last.total && last.producers.length > 0 ? shown : undefined;
    },
    select: (data) => {
      // A producer moved up between pages would be shown twice: each is shown once, where first seen.
      const seen = new Set<number>();
      const producers = data.pages.flatMap((page) => page.producers).filter((p) => !seen.has(p.user_id) && seen.add(p.user_id));
      return { producers, total: data.pages[data.pages.length - 1]?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}
