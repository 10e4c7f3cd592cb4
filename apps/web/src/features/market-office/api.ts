import type {
  Reconciliation,
  RedemptionCountInput,
  VendorDayReport,
  VendorDayReportInput,
  VendorStatements,
} from '@farmstand/shared/schemas/market-office';
import type {
  Market,
  MarketInput,
  MarketVendors,
  MyMarkets,
  StaffInput,
  StaffList,
  VendorDecision,
  VendorInvite,
} from '@farmstand/shared/schemas/markets';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/**
 * The market office (issue 48, decisions 581–583): the markets I help run, one market's settings,
 * staff, vendors and books for its managers, and the admin's list of markets and their managers.
 * Online only: the info booth's queued work is the market-booth feature's.
 */

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;

/** Every query of the office starts with this key, so a write refreshes what it touched. */
const OFFICE_KEY = ['market-office'] as const;
const marketKey = (id: number) => [...OFFICE_KEY, id] as const;

export const useMyMarkets = (enabled = true) =>
  useQuery({
    queryKey: [...OFFICE_KEY, 'mine'],
    enabled,
    queryFn: ({ signal }) => api.get<Out<typeof MyMarkets>>('/markets/mine', undefined, signal),
  });

function useOfficeMutation<T, R>(call: (input: T) => Promise<R>, key: QueryKey = OFFICE_KEY) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useMarketSettings = (id: number) =>
  useQuery({
    queryKey: [...marketKey(id), 'settings'],
    queryFn: ({ signal }) => api.get<Market>(`/markets/${id}/settings`, undefined, signal),
  });

export const useSaveSettings = (id: number) =>
  useOfficeMutation((body: MarketInput) => api.put<Market>(`/markets/${id}/settings`, body));

export const useStaff = (id: number) =>
  useQuery({
    queryKey: [...marketKey(id), 'staff'],
    queryFn: ({ signal }) => api.get<Out<typeof StaffList>>(`/markets/${id}/staff`, undefined, signal),
  });

export const useAddVolunteer = (id: number) =>
  useOfficeMutation((body: In<typeof StaffInput>) => api.post<Out<typeof StaffList>>(`/markets/${id}/volunteers`, body));

export const useRemoveVolunteer = (id: number) =>
  useOfficeMutation((userId: number) => api.delete<unknown>(`/markets/${id}/volunteers/${userId}`));

export const useVendors = (id: number) =>
  useQuery({
    queryKey: [...marketKey(id), 'vendors'],
    queryFn: ({ signal }) => api.get<Out<typeof MarketVendors>>(`/markets/${id}/vendors`, undefined, signal),
  });

export const useInviteVendor = (id: number) =>
  useOfficeMutation((body: In<typeof VendorInvite>) => api.post<unknown>(`/markets/${id}/vendors/invite`, body));

export const useDecideVendor = (id: number) =>
  useOfficeMutation(({ producerId, ...body }: In<typeof VendorDecision> & { producerId: number }) =>
    api.post<unknown>(`/markets/${id}/vendors/${producerId}/decision`, body),
  );

export type DateRange = { from: string; to: string };

export const useReconciliation = (id: number, range: DateRange) =>
  useQuery({
    queryKey: [...marketKey(id), 'reconciliation', range],
    queryFn: ({ signal }) => api.get<Out<typeof Reconciliation>>(`/markets/${id}/reconciliation`, range, signal),
  });

export const useStatements = (id: number, range: DateRange) =>
  useQuery({
    queryKey: [...marketKey(id), 'statements', range],
    queryFn: ({ signal }) => api.get<Out<typeof VendorStatements>>(`/markets/${id}/statements`, range, signal),
  });

/** A vendor's day as the manager sees it: its report (or none yet) and the market's count. */
export const useVendorDay = (id: number, producerId: number, date: string) =>
  useQuery({
    queryKey: [...marketKey(id), 'vendor-day', producerId, date],
    queryFn: ({ signal }) =>
      api.get<Out<typeof VendorDayReport>>(`/markets/${id}/vendors/${producerId}/report/${date}`, undefined, signal),
  });

export const useSaveVendorReport = (id: number, producerId: number, date: string) =>
  useOfficeMutation(
    (body: Out<typeof VendorDayReportInput>) =>
      api.put<Out<typeof VendorDayReport>>(`/markets/${id}/vendors/${producerId}/report/${date}`, body),
    marketKey(id),
  );

export const useSaveCount = (id: number, producerId: number, date: string) =>
  useOfficeMutation(
    (body: Out<typeof RedemptionCountInput>) => api.put<unknown>(`/markets/${id}/vendors/${producerId}/count/${date}`, body),
    marketKey(id),
  );

export const fetchReconciliationCsv = (id: number, range: DateRange) => api.file(`/markets/${id}/reconciliation.csv`, range);
export const fetchStatementsCsv = (id: number, range: DateRange) => api.file(`/markets/${id}/statements.csv`, range);
export const fetchProgrammeReport = (id: number, season: number, format: 'csv' | 'pdf') =>
  api.file(`/markets/${id}/programme-report.${format}`, { season: String(season) });

// The admin's side: every market, creating one, granting and removing its managers.

export const useAllMarkets = () =>
  useQuery({
    queryKey: [...OFFICE_KEY, 'all'],
    queryFn: ({ signal }) => api.get<{ markets: Market[] }>('/markets/all', undefined, signal),
  });

export const useCreateMarket = () => useOfficeMutation((body: MarketInput) => api.post<Market>('/markets', body));

export const useGrantManager = (id: number) =>
  useOfficeMutation((body: In<typeof StaffInput>) => api.post<Out<typeof StaffList>>(`/markets/${id}/managers`, body));

export const useRemoveManager = (id: number) =>
  useOfficeMutation((userId: number) => api.delete<unknown>(`/markets/${id}/managers/${userId}`));

/**
 * Whether the signed-in account helps run a market (the account menu's "Market office" link):
 * asked once a session, and never for a stand helper, whose account opens only the farm's stand.
 */
export function useHelpsRunMarket(userType: string | undefined): boolean {
  const { data } = useQuery({
    queryKey: [...OFFICE_KEY, 'mine'],
    enabled: userType !== undefined && userType !== 'stand_helper',
    queryFn: ({ signal }) => api.get<Out<typeof MyMarkets>>('/markets/mine', undefined, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (data?.markets.length ?? 0) > 0;
}
