import type { ProducerAnalyticsResponse } from '@farmstand/shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The periods the producer can look back over. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export function useProducerAnalytics(producerUserId: number, days: AnalyticsPeriod) {
  return useQuery({
    queryKey: ['analytics', 'producer', producerUserId, days],
    queryFn: ({ signal }) => api.get<ProducerAnalyticsResponse>(`/analytics/producer/${producerUserId}`, { days }, signal),
    placeholderData: keepPreviousData,
  });
}
