import type { NoticeSubscriptions, NoticeUnsubscribeResponse } from '@farmstand/shared/schemas/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The shopper's "ordering is open" notices per favourite farm (decision 513). */
const NOTICES_KEY = ['notices', 'subscriptions'] as const;

export const useNoticeSubscriptions = (enabled: boolean) =>
  useQuery({ queryKey: NOTICES_KEY, queryFn: () => api.get<NoticeSubscriptions>('/notices/subscriptions'), enabled });

export function useSetNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ producerUserId, notices }: { producerUserId: number; notices: boolean }) =>
      api.put<NoticeSubscriptions>(`/notices/subscriptions/${producerUserId}`, { notices }),
    onSuccess: (data) => client.setQueryData(NOTICES_KEY, data),
  });
}

export function useNoticeUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NoticeUnsubscribeResponse>(`/notices/unsubscribe/${encodeURIComponent(token)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
