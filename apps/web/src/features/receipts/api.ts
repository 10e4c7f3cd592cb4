import type { StandReceipt } from '@farmstand/shared/schemas/stand';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A walk-up sale's receipt by its text link (decision 580): public, 404 until the phone has synced. */
export function useReceipt(token: string) {
  return useQuery({
    queryKey: ['receipt', token],
    queryFn: () => api.get<StandReceipt>(`/receipts/${encodeURIComponent(token)}`),
    retry: false,
  });
}
