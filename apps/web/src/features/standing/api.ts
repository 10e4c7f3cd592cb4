import type {
  ChangeStandingRequest,
  MakeStandingRequest,
  SkipLinkInfo,
  StandingDemand,
  StandingList,
  StandingResponse,
} from '@farmstand/shared/schemas/standing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORDERS_KEY, STANDING_KEY, useRefreshingMutation } from '@/lib/queries';
import { useAuth } from '@/shared/auth-context';

/**
 * Standing reservations (decision 514). The shopper's side: the list on /orders?tab=standing and
 * each change. Every change refreshes the standing lists and the orders (a skip cancels a placed
 * order, an unskip may place one at once).
 */

export function useMyStanding() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [...STANDING_KEY, 'mine'],
    queryFn: () => api.get<StandingList>('/standing/mine'),
    enabled: isAuthenticated,
  });
}

function useStandingMutation<T>(fn: (input: T) => Promise<StandingResponse>) {
  return useRefreshingMutation(fn, [STANDING_KEY, ORDERS_KEY]);
}

/** Makes a reservation standing; `fromOrderId` makes that order the first of the series. */
export const useMakeStanding = () =>
  useStandingMutation((input: MakeStandingRequest) => api.post<StandingResponse>('/standing', input));

export const useChangeStanding = () =>
  useStandingMutation(({ id, change }: { id: number; change: ChangeStandingRequest }) =>
    api.patch<StandingResponse>(`/standing/${id}`, change),
  );

/** One window, named by its start: skipped (a placed order is cancelled) or taken back, before its cut-off. */
export const useSkipWindow = () =>
  useStandingMutation(({ id, startsAt, undo }: { id: number; startsAt: string; undo: boolean }) =>
    api.post<StandingResponse>(`/standing/${id}/${undo ? 'unskip' : 'skip'}`, { startsAt }),
  );

export const usePauseStanding = () =>
  useStandingMutation(({ id, weeks }: { id: number; weeks: number }) =>
    api.post<StandingResponse>(`/standing/${id}/pause`, { weeks }),
  );

/** Away dates: no orders for pickups from `from` to `to` (local dates). */
export const useHoldStanding = () =>
  useStandingMutation(({ id, from, to }: { id: number; from: string; to: string }) =>
    api.post<StandingResponse>(`/standing/${id}/hold`, { from, to }),
  );

export const useResumeStanding = () => useStandingMutation((id: number) => api.post<StandingResponse>(`/standing/${id}/resume`));

export const useCancelStanding = () => useStandingMutation((id: number) => api.post<StandingResponse>(`/standing/${id}/cancel`));

const linkPath = (token: string) => `/standing/links/skip/${encodeURIComponent(token)}`;

/** What a reminder's skip link would skip; opening the page changes nothing (mail scanners open links too). */
export function useSkipLink(token: string) {
  return useQuery({
    queryKey: [...STANDING_KEY, 'link', token],
    queryFn: () => api.get<SkipLinkInfo>(linkPath(token)),
    retry: false,
  });
}

/** The link's one action, without signing in. */
export function useSkipByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SkipLinkInfo>(linkPath(token)),
    onSuccess: (info) => {
      queryClient.setQueryData([...STANDING_KEY, 'link', token], info);
      void queryClient.invalidateQueries({ queryKey: [...STANDING_KEY, 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    // Used or expired meanwhile (410): read the link again so the page says where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: [...STANDING_KEY, 'link', token] }),
  });
}

/**
 * The farm's side: the shoppers' standing reservations of the farm, the units they want over the
 * next 8 weeks, and ending one with a reason. Ending one refreshes both (the demand loses its units).
 */
export const useReceivedStanding = () =>
  useQuery({ queryKey: [...STANDING_KEY, 'received'], queryFn: () => api.get<StandingList>('/standing/received') });

export const useStandingDemand = () =>
  useQuery({ queryKey: [...STANDING_KEY, 'demand'], queryFn: () => api.get<StandingDemand>('/standing/demand') });

/** The demand as a CSV file, named by the server (decision 546). */
export const fetchDemandCsv = () => api.file('/standing/demand.csv');

export const useEndStanding = () =>
  useRefreshingMutation(
    ({ id, reason }: { id: number; reason: string }) => api.post<StandingResponse>(`/standing/${id}/end`, { reason }),
    [STANDING_KEY],
  );
