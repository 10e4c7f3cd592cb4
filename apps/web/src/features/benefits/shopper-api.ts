import type { ShopperBenefits, ShopperBenefitsSaved } from '@farmstand/shared/schemas/benefits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

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
