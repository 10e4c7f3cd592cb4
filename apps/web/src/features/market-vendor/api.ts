import type { VendorDayReport, VendorDayReportInput, VendorStatement } from '@farmstand/shared/schemas/market-office';
import type { MarketList, VendorApplication, VendorMemberships, VendorPlace } from '@farmstand/shared/schemas/markets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/**
 * A farm's side of its markets (issue 48): its applications, invitations and approvals, applying to
 * a market found by name, accepting an invitation, linking its place there, its day reports and its
 * statement. Online only: these are not the booth's queued work.
 */

export type Membership = z.infer<typeof VendorMemberships>['memberships'][number];
export type DayReport = z.infer<typeof VendorDayReport>;
export type DayReportInput = z.input<typeof VendorDayReportInput>;
export type Statement = z.infer<typeof VendorStatement>;

const MEMBERSHIPS_KEY = ['markets', 'vendor', 'memberships'] as const;

export const useMemberships = () =>
  useQuery({
    queryKey: MEMBERSHIPS_KEY,
    queryFn: () => api.get<z.infer<typeof VendorMemberships>>('/markets/vendor/memberships'),
  });

export const useMarketSearch = (q: string) =>
  useQuery({
    queryKey: ['markets', 'search', q],
    queryFn: () => api.get<z.infer<typeof MarketList>>('/markets', { q }),
    enabled: q.trim().length >= 2,
  });

function useMembershipMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_KEY }) });
}

export const useApply = () =>
  useMembershipMutation(({ marketId, body }: { marketId: number; body: z.input<typeof VendorApplication> }) =>
    api.post(`/markets/${marketId}/apply`, body),
  );
export const useAccept = () => useMembershipMutation((marketId: number) => api.post(`/markets/${marketId}/accept`, {}));
export const useLinkPlace = () =>
  useMembershipMutation(({ marketId, body }: { marketId: number; body: z.infer<typeof VendorPlace> }) =>
    api.put(`/markets/${marketId}/place`, body),
  );

const reportKey = (marketId: number, date: string) => ['markets', marketId, 'report', date] as const;

export const useDayReport = (marketId: number, date: string) =>
  useQuery({ queryKey: reportKey(marketId, date), queryFn: () => api.get<DayReport>(`/markets/${marketId}/report/${date}`) });

export function useSaveDayReport(marketId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DayReportInput) => api.put<DayReport>(`/markets/${marketId}/report/${date}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(reportKey(marketId, date), saved);
      void queryClient.invalidateQueries({ queryKey: ['markets', marketId, 'statement'] });
    },
  });
}

export const useStatement = (marketId: number) =>
  useQuery({
    queryKey: ['markets', marketId, 'statement'],
    queryFn: () => api.get<Statement>(`/markets/${marketId}/statement`),
  });
