import { plusDays } from '@farmstand/shared/format/date-only';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from './api';

/** A producer's trial or plan as the grant dialog shows it; under adminKeys.all, so a grant refreshes it. */
export function useAdminSubscription(userId: number) {
  return useQuery({
    queryKey: [...adminKeys.all, 'subscription', userId],
    queryFn: ({ signal }) => api.get<SubscriptionStatusResponse>(`/stripe/admin/subscription/${userId}`, undefined, signal),
  });
}

/** When access ends now: a date, 'never', or null when the producer has none (as billing.service's accessEndsAt). */
export function accessEndsAt(sub: SubscriptionStatusResponse): Date | 'never' | null {
  if (sub.status === 'trialing') return sub.trial_ends_at ? new Date(sub.trial_ends_at) : 'never';
  if (sub.status === 'active') return sub.current_period_end ? new Date(sub.current_period_end) : 'never';
  return null;
}

/** Where a grant of `days` leaves access: never earlier than it ends now (decision 370). */
export function accessAfterGrant(sub: SubscriptionStatusResponse, days: number, now = new Date()): Date | 'never' {
  const current = accessEndsAt(sub);
  if (days === 0 || current === 'never') return 'never';
  const granted = plusDays(now, days);
  return current && current > granted ? current : granted;
}
