import { UNREAD_POLL_MS } from '@farmstand/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';

export const UNREAD_COUNT_KEY = ['messages', 'unread-count'] as const;

/** The unread badge: polled every 30 s while signed in; a failure is only logged (spec 01 §8). */
export function useUnreadCount(): number {
  const { isAuthenticated, user } = useAuth();
  // A stand helper has no messages (decision 579): nothing to ask.
  const asks = isAuthenticated && user?.userType !== 'stand_helper';
  const { data } = useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: async () => {
      try {
        return (await api.get<{ count: number }>('/messages/unread-count')).count;
      } catch (error) {
        console.error('could not load the unread count', error);
        return 0;
      }
    },
    enabled: asks,
    refetchInterval: UNREAD_POLL_MS,
  });
  return asks ? (data ?? 0) : 0;
}

export function formatBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}
