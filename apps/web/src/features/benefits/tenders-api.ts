import type { Ledger, OrderBenefits, TendersRequest } from '@farmstand/shared/schemas/benefits';
import type { HandOverResponse } from '@farmstand/shared/schemas/hand-over';
import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORDERS_KEY } from '@/lib/queries';

/**
 * Benefits at pickup, the shopper's plan and the farm's records (decision 516): what a farm takes,
 * an order's tender plan and what was recorded for it, recording tenders, and the month's ledger.
 * Farmstand never takes or processes a benefit; these calls only describe and record.
 */

export const tenderKeys = {
  /** Under the orders' key: weighing, a move or a live update of the order refreshes its plan too. */
  order: (orderId: number) => [...ORDERS_KEY, orderId, 'benefits'] as const,
  ledger: (month: string) => ['benefits', 'ledger', month] as const,
  /** The farm's public profile with its active products (the same query as the farm page's). */
  producerProfile: (userId: number) => ['producers', 'public', userId] as const,
};

/** The farm's active products, for their categories (the basket keeps only names and prices). */
export function useFarmListing(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: tenderKeys.producerProfile(userId),
    enabled: enabled && Number.isInteger(userId) && userId > 0,
    queryFn: ({ signal }) => api.get<PublicProducerProfile>(`/producers/${userId}`, undefined, signal),
    select: (profile) => profile.products,
  });
}

/** An order's tender plan and what was recorded (its shopper or its farm). */
export function useOrderBenefits(orderId: number, enabled = true) {
  return useQuery({
    queryKey: tenderKeys.order(orderId),
    enabled,
    queryFn: ({ signal }) => api.get<{ benefits: OrderBenefits }>(`/benefits/orders/${orderId}`, undefined, signal),
    select: (answer) => answer.benefits,
  });
}

/** The farm records what was tendered for an order; the server refuses a record above the rules with a `{ message }`. */
export function useRecordTenders(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenders: TendersRequest) =>
      api.put<{ benefits: OrderBenefits; message: string }>(`/benefits/orders/${orderId}/tenders`, tenders),
    onSuccess: (answer) => {
      queryClient.setQueryData(tenderKeys.order(orderId), answer);
      void queryClient.invalidateQueries({ queryKey: ['benefits', 'ledger'] });
    },
  });
}

/**
 * "Paid & picked up" (decision 548): the tenders recorded and the order marked picked up in one
 * request, which a retry applies once; the order's lists and its plan follow.
 */
export function useHandOver(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenders: TendersRequest) => api.post<HandOverResponse>(`/orders/${orderId}/hand-over`, { tenders }),
    onSuccess: (answer) => {
      queryClient.setQueryData(tenderKeys.order(orderId), { benefits: answer.benefits, message: answer.message });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['benefits', 'ledger'] });
    },
  });
}

/** One month's ledger as JSON, for the summary on the dashboard. */
export function useLedger(month: string) {
  return useQuery({
    queryKey: tenderKeys.ledger(month),
    enabled: /^\d{4}-(0[1-9]|1[0-2])$/.test(month),
    queryFn: ({ signal }) => api.get<Ledger>('/benefits/ledger', { month, format: 'json' }, signal),
  });
}

/** The month's ledger as a file (CSV or PDF), named by the server. */
export const fetchLedgerFile = (month: string, format: 'csv' | 'pdf') => api.file('/benefits/ledger', { month, format });
