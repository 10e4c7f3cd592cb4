import type { NoticeStatus, SendNoticeResponse } from '@farmstand/shared/schemas/notices';
import type { PickListResponse } from '@farmstand/shared/schemas/orders';
import type {
  PickupPoint,
  PickupPointRequest,
  PickupSettingsRequest,
  PickupSetupResponse,
} from '@farmstand/shared/schemas/pickup';
import type { CloseDayResponse, PickupDayResponse } from '@farmstand/shared/schemas/pickup-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORDERS_KEY, PICKUP_KEY, useRefreshingMutation } from '@/lib/queries';

/**
 * The farm's pickup places and settings (read through shared/pickup-places), and its pickup days:
 * one day's orders, closing it, its pick list, and the "ordering is open" notice.
 */
export const useSavePickupSettings = () =>
  useRefreshingMutation(
    (input: PickupSettingsRequest) => api.put<PickupSetupResponse>('/pickup/mine/settings', input),
    [PICKUP_KEY],
  );
export const useSavePickupPoint = () =>
  useRefreshingMutation(
    ({ id, point }: { id: number | null; point: PickupPointRequest }) =>
      id === null
        ? api.post<{ point: PickupPoint }>('/pickup/mine/points', point)
        : api.put<{ point: PickupPoint }>(`/pickup/mine/points/${id}`, point),
    [PICKUP_KEY],
  );
export const useRemovePickupPoint = () =>
  useRefreshingMutation((id: number) => api.delete(`/pickup/mine/points/${id}`), [PICKUP_KEY]);

/** One pickup day of the farm (the server picks the current or next one without a date). */
export function usePickupDay(date: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'day', date],
    queryFn: () => api.get<PickupDayResponse>('/orders/days', date ? { date } : {}),
  });
}

export function usePickList(date: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'pick-list', date],
    queryFn: () => api.get<PickListResponse>('/orders/pick-list', { date }),
    enabled: Boolean(date),
  });
}

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, noShowIds }: { date: string; noShowIds: number[] }) =>
      api.post<CloseDayResponse>(`/orders/days/${date}/close`, { no_show_ids: noShowIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** The farm's "ordering is open" notice (decision 513): today's state, and sending it. */
export const useNoticeStatus = () =>
  useQuery({ queryKey: ['notices', 'mine'], queryFn: () => api.get<NoticeStatus>('/notices/mine') });

export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<SendNoticeResponse>('/notices', { message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notices', 'mine'] }),
  });
}
