import type { StandDay } from '@farmstand/shared/schemas/stand';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The day's books (`GET /api/stand/day`): the server's count of the farm's stand sales and pickups. */
export function useStandDay(date: string) {
  return useQuery({ queryKey: ['stand', 'day', date], queryFn: () => api.get<StandDay>('/stand/day', { date }) });
}

export const fetchStandDayCsv = (date: string) => api.file('/stand/day.csv', { date });
