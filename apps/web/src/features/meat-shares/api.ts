import type {
  CutSheetRequest,
  DepositRequest,
  MyShareList,
  ReserveShareRequest,
  ShareBillRequest,
  ShareReservation,
  ShareReservationList,
} from '@farmstand/shared/schemas/shares';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { PRODUCTS_KEY, useRefreshingMutation } from '@/lib/queries';

/**
 * Meat shares (decision 512): the shopper's and the farm's share reservations, and each change of
 * one. Every change answers with the share and refreshes both lists and the product pages (shares left).
 */
export const SHARES_KEY = ['shares'] as const;

type ShareAnswer = { share: ShareReservation };

/** The shopper's shares, and how many of one share product one shopper may hold (the reserve card's cap). */
export const useMyShares = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: [...SHARES_KEY, 'mine'], queryFn: () => api.get<MyShareList>('/shares/mine'), enabled });

export const useReceivedShares = () =>
  useQuery({ queryKey: [...SHARES_KEY, 'received'], queryFn: () => api.get<ShareReservationList>('/shares/received') });

function useShareMutation<T>(fn: (input: T) => Promise<ShareAnswer>) {
  return useRefreshingMutation(fn, [SHARES_KEY, PRODUCTS_KEY]);
}

export const useReserveShare = () => useShareMutation((input: ReserveShareRequest) => api.post<ShareAnswer>('/shares', input));

export const useSubmitCutSheet = () =>
  useShareMutation(({ id, sheet }: { id: number; sheet: CutSheetRequest }) =>
    api.put<ShareAnswer>(`/shares/${id}/cut-sheet`, sheet),
  );

export const useRecordDeposit = () =>
  useShareMutation(({ id, amount }: { id: number } & DepositRequest) =>
    api.put<ShareAnswer>(`/shares/${id}/deposit`, { amount }),
  );

/** A bill far above the estimate is refused (409) until sent again with `confirm` (decision 520). */
export const useEnterBill = () =>
  useShareMutation(({ id, bill }: { id: number; bill: ShareBillRequest }) => api.put<ShareAnswer>(`/shares/${id}/bill`, bill));

export const useMarkShareReady = () =>
  useShareMutation(({ id, note }: { id: number; note: string }) => api.post<ShareAnswer>(`/shares/${id}/ready`, { note }));

export const useMarkSharePickedUp = () => useShareMutation((id: number) => api.post<ShareAnswer>(`/shares/${id}/picked-up`, {}));

export const useCancelShare = () =>
  useShareMutation(({ id, reason }: { id: number; reason: string | null }) =>
    api.post<ShareAnswer>(`/shares/${id}/cancel`, { reason }),
  );
