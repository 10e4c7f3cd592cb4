import type {
  AdminBenefitsList,
  ProducerBenefits,
  ProducerBenefitsRequest,
  PublicBenefits,
  SnapStatus,
} from '@farmstand/shared/schemas/benefits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { BENEFITS_KEY } from '@/lib/queries';

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
