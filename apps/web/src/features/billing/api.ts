import type { PlanType } from '@farmstand/shared';
import type { CreatePaymentIntentResponse, SubscriptionStatusResponse, TestCard } from '@farmstand/shared/schemas/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';

const STATUS_KEY = ['billing', 'subscription-status'] as const;

/** What a 404 from subscription-status means (spec 01 §7): no subscription at all. */
const NO_SUBSCRIPTION: SubscriptionStatusResponse = {
  hasSubscription: false,
  status: 'none',
  trial_days_remaining: 0,
  trial_ends_at: null,
  current_period_end: null,
  stripe_price_id: null,
  stripe_customer_id: null,
  cancel_at_period_end: false,
  plan_type: null,
  granted: false,
  provider: 'test',
  publishable_key: null,
  first_charge_at: null,
};

export function useSubscriptionStatus(enabled = true) {
  return useQuery({
    queryKey: STATUS_KEY,
    enabled,
    retry: false,
    queryFn: async () => {
      try {
        return await api.get<SubscriptionStatusResponse>('/stripe/subscription-status');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return NO_SUBSCRIPTION;
        throw error;
      }
    },
  });
}

type SubscriptionResult = { message: string; subscription: SubscriptionStatusResponse };

export const createPaymentIntent = (planType: PlanType) =>
  api.post<CreatePaymentIntentResponse>('/stripe/create-payment-intent', { planType });

export const confirmSubscription = (setupIntentId: string, card?: TestCard) =>
  api.post<SubscriptionResult>('/stripe/confirm-subscription', { setupIntentId, card });

/** Puts a fresh status straight into the cache after a change. */
export function useStoreSubscription() {
  const queryClient = useQueryClient();
  return (subscription: SubscriptionStatusResponse) => queryClient.setQueryData(STATUS_KEY, subscription);
}

export function useCancelSubscription() {
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: () => api.post<SubscriptionResult>('/stripe/cancel-subscription'),
    onSuccess: (result) => store(result.subscription),
  });
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: () => api.post<{ url: string }>('/stripe/create-portal-session') });
}
