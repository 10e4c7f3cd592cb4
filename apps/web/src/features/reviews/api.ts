import type {
  CreateReviewRequest,
  ReviewDetail,
  ReviewDetailListResponse,
  ReviewsResponse,
} from '@farmstand/shared/schemas/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';

export const reviewKeys = {
  product: (id: number) => ['reviews', 'product', id] as const,
  producer: (id: number) => ['reviews', 'producer', id] as const,
  mine: ['reviews', 'mine'] as const,
};

export type ReviewTarget = { productId: number } | { producerId: number };

export function useReviews(target: ReviewTarget) {
  const isProduct = 'productId' in target;
  const id = isProduct ? target.productId : target.producerId;
  return useQuery({
    queryKey: isProduct ? reviewKeys.product(id) : reviewKeys.producer(id),
    queryFn: ({ signal }) => api.get<ReviewsResponse>(`/reviews/${isProduct ? 'product' : 'producer'}/${id}`, undefined, signal),
    initialData: () => initialApiData<ReviewsResponse>(`/reviews/${isProduct ? 'product' : 'producer'}/${id}`),
  });
}

export function useMyReviews(enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine,
    queryFn: ({ signal }) => api.get<ReviewDetailListResponse>('/reviews/my-reviews', undefined, signal),
    enabled,
  });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => api.post<{ review: ReviewDetail; message: string }>('/reviews', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.mine }),
  });
}
