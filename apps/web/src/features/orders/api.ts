import type { Message } from '@farmstand/shared/schemas/messages';
import type {
  OrderListResponse,
  OrderResponse,
  OrderTransitionTarget,
  OrderWeeksResponse,
} from '@farmstand/shared/schemas/orders';
import type { ReminderSettings, UnsubscribeResponse } from '@farmstand/shared/schemas/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORDERS_KEY } from '@/lib/queries';
import { useAuth } from '@/shared/auth-context';

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

const REMINDERS_KEY = ['reminders', 'mine'] as const;

/** Whether the signed-in person gets the e-mail the day before a pickup. */
export function useReminderSettings() {
  return useQuery({ queryKey: REMINDERS_KEY, queryFn: () => api.get<ReminderSettings>('/reminders/mine') });
}

export function useSetReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.put<ReminderSettings>('/reminders/mine', { pickup_reminders: on }),
    onSuccess: (settings) => client.setQueryData(REMINDERS_KEY, settings),
  });
}

/** The mail's unsubscribe link, confirmed on its page: works signed in or not. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeResponse>(`/reminders/unsubscribe/${encodeURIComponent(token)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: REMINDERS_KEY }),
  });
}
