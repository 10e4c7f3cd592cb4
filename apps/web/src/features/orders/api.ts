import type { Message } from '@farmstand/shared/schemas/messages';
import type { NoticeStatus, SendNoticeResponse } from '@farmstand/shared/schemas/notices';
import type {
  Order,
  OrderListResponse,
  OrderResponse,
  OrderTransitionTarget,
  OrderWeeksResponse,
  PickListResponse,
  PlaceOrderRequest,
} from '@farmstand/shared/schemas/orders';
import type {
  PickupPoint,
  PickupPointRequest,
  PickupSettingsRequest,
  PickupSetupResponse,
  PublicPickupResponse,
} from '@farmstand/shared/schemas/pickup';
import type { CloseDayResponse, PickupDayResponse } from '@farmstand/shared/schemas/pickup-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';
import { useAuth } from '@/shared/auth-context';
import { ORDERS_KEY } from '@/shared/order-queries';

/** Every order query starts with this key, so a live update refreshes them all (with other features' order queries). */
export { ORDERS_KEY };
export const PICKUP_KEY = ['pickup'] as const;

export function usePickupSetup() {
  return useQuery({ queryKey: [...PICKUP_KEY, 'mine'], queryFn: () => api.get<PickupSetupResponse>('/pickup/mine') });
}

export function usePublicPickup(producerUserId: number | undefined) {
  return useQuery({
    queryKey: [...PICKUP_KEY, 'producer', producerUserId],
    queryFn: () => api.get<PublicPickupResponse>(`/pickup/producers/${producerUserId}`),
    initialData: () => (producerUserId ? initialApiData<PublicPickupResponse>(`/pickup/producers/${producerUserId}`) : undefined),
    enabled: Boolean(producerUserId),
  });
}

function usePickupMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKUP_KEY }) });
}

export const useSavePickupSettings = () =>
  usePickupMutation((input: PickupSettingsRequest) => api.put<PickupSetupResponse>('/pickup/mine/settings', input));
export const useSavePickupPoint = () =>
  usePickupMutation(({ id, point }: { id: number | null; point: PickupPointRequest }) =>
    id === null
      ? api.post<{ point: PickupPoint }>('/pickup/mine/points', point)
      : api.put<{ point: PickupPoint }>(`/pickup/mine/points/${id}`, point),
  );
export const useRemovePickupPoint = () => usePickupMutation((id: number) => api.delete(`/pickup/mine/points/${id}`));

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderRequest) => api.post<{ message: string; order: Order }>('/orders', input),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      queryClient.invalidateQueries({ queryKey: PICKUP_KEY });
    },
  });
}

export function useMyOrders(scope: 'upcoming' | 'past') {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'mine', scope],
    queryFn: () => api.get<OrderListResponse>('/orders/mine', { scope, limit: 50 }),
    enabled: isAuthenticated,
  });
}

export type OrderFilters = { from?: string; to?: string; status?: string; producer?: string; shopper?: string };

export function useReceivedOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'received', filters],
    queryFn: () => api.get<OrderListResponse>('/orders/received', { ...filters, limit: 200 }),
  });
}

export function useAllOrders(filters: OrderFilters, offset: number) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'all', filters, offset],
    queryFn: () => api.get<OrderListResponse>('/orders/all', { ...filters, limit: 25, offset }),
  });
}

export function usePickList(date: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'pick-list', date],
    queryFn: () => api.get<PickListResponse>('/orders/pick-list', { date }),
    enabled: Boolean(date),
  });
}

export function useOrderWeeks() {
  return useQuery({ queryKey: [...ORDERS_KEY, 'weekly'], queryFn: () => api.get<OrderWeeksResponse>('/orders/weekly') });
}

export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to, reason }: { id: number; to: OrderTransitionTarget; reason?: string }) =>
      api.post<OrderResponse>(`/orders/${id}/transitions`, { to, reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

export function useOrderThread(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'thread', orderId],
    queryFn: () => api.get<{ messages: Message[] }>(`/orders/${orderId}/messages`),
    enabled,
  });
}

export function usePostOrderMessage(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<{ message: Message }>(`/orders/${orderId}/messages`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'thread', orderId] }),
  });
}

/** One pickup day of the farm (the server picks the current or next one without a date). */
export function usePickupDay(date: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'day', date],
    queryFn: () => api.get<PickupDayResponse>('/orders/days', date ? { date } : {}),
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
