import type {
  CreateReviewRequest,
  FarmProductReviewsResponse,
  ReviewDetail,
  ReviewDetailListResponse,
  ReviewsResponse,
} from '@farmstand/shared/schemas/reviews';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';

export const reviewKeys = {
  product: (id: number) => ['reviews', 'product', id] as const,
  producer: (id: number) => ['reviews', 'producer', id] as const,
  farmProducts: (id: number) => ['reviews', 'producer', id, 'products'] as const,
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

/**
 * GET /api/reviews/producer/{id}/products: the reviews of a farm's products, newest first, a page
 * at a time ('Show more' asks for the next one at the offset of what is shown), with the average
 * and count over all of them.
 */
export function useFarmProductReviews(producerId: number) {
  const path = `/reviews/producer/${producerId}/products`;
  return useInfiniteQuery({
    queryKey: reviewKeys.farmProducts(producerId),
    queryFn: ({ signal, pageParam }) =>
      // The server's page size (FARM_PRODUCT_REVIEWS_PAGE): the first page is the one the farm page's HTML carries.
      api.get<FarmProductReviewsResponse>(path, { offset: pageParam || undefined }, signal),
    initialPageParam: 0,
    initialData: () => {
      const first = initialApiData<FarmProductReviewsResponse>(path);
      return first ? { pages: [first], pageParams: [0] } : undefined;
    },
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      // An empty page ends the list even if the count says more (a review hidden meanwhile).
      return shown < last.review_count && last.reviews.length > 0 ? shown : undefined;
    },
    select: (data) => {
      const last = data.pages[data.pages.length - 1];
      // A review written between pages moves the rest down one: each is shown once, where first seen.
      const seen = new Set<number>();
      const reviews = data.pages.flatMap((page) => page.reviews).filter((r) => !seen.has(r.id) && seen.add(r.id));
      return { reviews, average_rating: last?.average_rating ?? null, review_count: last?.review_count ?? 0 };
    },
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
