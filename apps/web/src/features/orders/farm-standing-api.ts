import type { StandingDemand, StandingList, StandingResponse } from '@farmstand/shared/schemas/standing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The farm's side of standing reservations (decision 514): the shoppers' standing reservations of
 * the farm, the units they want over the next 8 weeks, and ending one with a reason. Ending one
 * refreshes both (the demand loses its units).
 */
export const STANDING_KEY = ['standing'] as const;

export const useReceivedStanding = () =>
  useQuery({ queryKey: [...STANDING_KEY, 'received'], queryFn: () => api.get<StandingList>('/standing/received') });

export const useStandingDemand = () =>
  useQuery({ queryKey: [...STANDING_KEY, 'demand'], queryFn: () => api.get<StandingDemand>('/standing/demand') });

/** The demand as a CSV file, named by the server (decision 546). */
export const fetchDemandCsv = () => api.file('/standing/demand.csv');

export function useEndStanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<StandingResponse>(`/standing/${id}/end`, { reason }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: STANDING_KEY });
    },
  });
}
