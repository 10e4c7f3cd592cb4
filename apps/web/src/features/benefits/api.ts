import type {
  AdminBenefitsList,
  AdminBenefitsTotals,
  Ledger,
  OrderBenefits,
  ProducerBenefits,
  ProducerBenefitsRequest,
  PublicBenefits,
  ShopperBenefits,
  ShopperBenefitsSaved,
  SnapStatus,
  TendersRequest,
} from '@farmstand/shared/schemas/benefits';
import type { HandOverResponse } from '@farmstand/shared/schemas/hand-over';
import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { BENEFITS_KEY, ORDERS_KEY } from '@/lib/queries';

/** A month as the ledger and the totals take it: YYYY-MM. */
export const VALID_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Benefits at pickup (decision 516): the producer's own acceptance, what a farm takes (public), and
 * the admin's check of FNS numbers. Every query lives under ['benefits', …], so a save refreshes
 * what it changed. Farmstand never takes or processes a benefit: these only say what a farm takes.
 */
export const benefitsKeys = {
  mine: [...BENEFITS_KEY, 'mine'] as const,
  /** The same key the checkout's tender plan reads the farm's acceptance under. */
  producer: (userId: number) => [...BENEFITS_KEY, 'producer', userId] as const,
  admin: (status: SnapStatus) => [...BENEFITS_KEY, 'admin', status] as const,
};

type MineAnswer = { benefits: ProducerBenefits; message?: string };
type SavedAnswer = { benefits: ProducerBenefits; message: string };

/** The producer's own acceptance, whatever its status. */
export const useMyBenefits = () =>
  useQuery({
    queryKey: benefitsKeys.mine,
    queryFn: ({ signal }) => api.get<MineAnswer>('/benefits/mine', undefined, signal),
  });

/** Saves the producer's acceptance; a new FNS number goes back to an admin to check. */
export function useSaveMyBenefits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProducerBenefitsRequest) => api.put<SavedAnswer>('/benefits/mine', body),
    onSuccess: (answer) => {
      queryClient.setQueryData(benefitsKeys.mine, { benefits: answer.benefits });
      // The farm's public badges change with it.
      void queryClient.invalidateQueries({ queryKey: [...BENEFITS_KEY, 'producer'] });
    },
  });
}

/** What a farm takes now (anyone): SNAP once verified, coupons until their authorisation ends. */
export const useProducerBenefits = (userId: number) =>
  useQuery({
    queryKey: benefitsKeys.producer(userId),
    queryFn: ({ signal }) => api.get<PublicBenefits>(`/benefits/producers/${userId}`, undefined, signal),
    enabled: userId > 0,
  });

/** Admin: farms by the status of their FNS number. */
export const useAdminBenefits = (status: SnapStatus) =>
  useQuery({
    queryKey: benefitsKeys.admin(status),
    queryFn: ({ signal }) => api.get<AdminBenefitsList>('/admin/benefits', { status }, signal),
  });

/** Admin: verifies (`approve`) or rejects a farm's FNS number; rejecting needs a note. */
export function useReviewBenefits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approve, note }: { userId: number; approve: boolean; note: string | null }) =>
      api.post<{ message: string }>(`/admin/benefits/${userId}/review`, { approve, note }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BENEFITS_KEY }),
  });
}

/**
 * The benefits a shopper saved for themselves (decision 516): private to them, read and written at
 * `/api/benefits/me` only. At checkout they only pre-tick the farm's question
 * (`planned-benefits-field.tsx`): what the shopper leaves ticked goes with that one order.
 */
export const shopperBenefitsKeys = { me: ['benefits', 'me'] as const };

/** The signed-in person's saved benefits ([] when none). */
export const useShopperBenefits = (enabled = true) =>
  useQuery({
    queryKey: shopperBenefitsKeys.me,
    enabled,
    queryFn: ({ signal }) => api.get<ShopperBenefits>('/benefits/me', undefined, signal),
    // An answer without a list (an old or odd reply) reads as none saved.
    select: (answer) => ({ uses: Array.isArray(answer?.uses) ? answer.uses : [] }),
  });

/** Saves which benefits the person uses (replacing what was saved). */
export function useSaveShopperBenefits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uses: ShopperBenefits['uses']) => api.put<ShopperBenefitsSaved>('/benefits/me', { uses }),
    onSuccess: (answer) => queryClient.setQueryData<ShopperBenefits>(shopperBenefitsKeys.me, { uses: answer.uses }),
  });
}

/** Forgets the saved benefits: the server deletes them. */
export function useForgetShopperBenefits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>('/benefits/me'),
    onSuccess: () => queryClient.setQueryData<ShopperBenefits>(shopperBenefitsKeys.me, { uses: [] }),
  });
}

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
    enabled: VALID_MONTH.test(month),
    queryFn: ({ signal }) => api.get<Ledger>('/benefits/ledger', { month, format: 'json' }, signal),
  });
}

/** The month's ledger as a file (CSV or PDF), named by the server. */
export const fetchLedgerFile = (month: string, format: 'csv' | 'pdf') => api.file('/benefits/ledger', { month, format });

/** Admin analytics: what every farm recorded as tendered at pickup in a month (YYYY-MM), per kind (decision 516). */
export const useAdminBenefitTotals = (month: string) =>
  useQuery({
    queryKey: ['benefits', 'admin-totals', month] as const,
    enabled: VALID_MONTH.test(month),
    queryFn: ({ signal }) => api.get<AdminBenefitsTotals>('/admin/benefits/totals', { month }, signal),
  });
