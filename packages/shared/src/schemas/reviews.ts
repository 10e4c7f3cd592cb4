import { z } from 'zod';
import { moderationReason } from './admin';
import { dbId, optionalQuery } from './common';

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_CONTENT_MAX = 2000;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const rating = z.coerce
  .number({ error: 'Rating must be a number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be from 1 to 5')
  .max(5, 'Rating must be from 1 to 5');
const title = z.string().trim().max(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`);
const content = z
  .string({ error: 'Review text is required' })
  .trim()
  .min(1, 'Review text is required')
  .max(REVIEW_CONTENT_MAX, `Review text must be at most ${REVIEW_CONTENT_MAX} characters`);

/** POST /api/reviews: a review of a product or of a producer (its user id), never both. */
export const CreateReviewRequest = z
  .object({
    productId: dbId('Product id must be a positive whole number').optional(),
    producerId: dbId('Producer id must be a positive whole number').optional(),
    rating,
    title: title.optional().nullable(),
    content,
  })
  .refine((v) => (v.productId === undefined) !== (v.producerId === undefined), {
    message: 'Choose a product or a producer to review',
    path: ['productId'],
  });
export type CreateReviewRequest = z.infer<typeof CreateReviewRequest>;

export const UpdateReviewRequest = z.object({
  rating: rating.optional(),
  title: title.optional().nullable(),
  content: content.optional(),
});
export type UpdateReviewRequest = z.infer<typeof UpdateReviewRequest>;

/** A rejection says why: the reviewer is shown the reason beside their review and in the mail. */
export const ModerateReviewRequest = z
  .object({
    action: z.enum(['approve', 'reject'], { error: 'Action must be approve or reject' }),
    reason: moderationReason,
  })
  .refine((v) => v.action !== 'reject' || Boolean(v.reason), {
    path: ['reason'],
    message: 'Reason is required: tell the reviewer why the review is not published',
  });
export type ModerateReviewRequest = z.infer<typeof ModerateReviewRequest>;

/** A review as the public sees it (spec 01 §3). */
export const Review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  reviewer_email: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof Review>;

/** A review with what it is about and its moderation status (author's, producer's and admin's lists). */
export const ReviewDetail = Review.extend({
  status: z.enum(REVIEW_STATUSES),
  product_id: z.number().int().nullable(),
  producer_id: z.number().int().nullable(),
  reviewed_item_name: z.string(),
  /** Why an admin did not publish it (null otherwise); only its author and admins get this shape. */
  moderation_reason: z.string().nullable(),
});
export type ReviewDetail = z.infer<typeof ReviewDetail>;

export const ReviewsResponse = z.object({
  reviews: z.array(Review),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
});
export type ReviewsResponse = z.infer<typeof ReviewsResponse>;
export const ReviewDetailListResponse = z.object({ reviews: z.array(ReviewDetail) });

/** How many reviews of a farm's products one page holds by default, and at most. */
export const FARM_PRODUCT_REVIEWS_PAGE = 10;
export const FARM_PRODUCT_REVIEWS_PAGE_MAX = 50;

/** GET /api/reviews/producer/{id}/products: which page of the farm's product reviews. */
export const FarmProductReviewsQuery = z.object({
  limit: optionalQuery(
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(FARM_PRODUCT_REVIEWS_PAGE_MAX, `Limit must be at most ${FARM_PRODUCT_REVIEWS_PAGE_MAX}`),
  ),
  offset: optionalQuery(
    z.coerce.number({ error: 'Offset must be a number' }).int('Offset must be a whole number').min(0, 'Offset must be 0 or more'),
  ),
});
export type FarmProductReviewsQuery = z.input<typeof FarmProductReviewsQuery>;

/** A review of one of the farm's products, named, as the farm page lists it. */
export const FarmProductReview = Review.extend({ product_id: z.number().int(), product_name: z.string() });
export type FarmProductReview = z.infer<typeof FarmProductReview>;

/**
 * The farm's product reviews, newest first, one page of them; average_rating and review_count are
 * over all of them (every approved review of a product the public can see), not the page.
 */
export const FarmProductReviewsResponse = z.object({
  reviews: z.array(FarmProductReview),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
});
export type FarmProductReviewsResponse = z.infer<typeof FarmProductReviewsResponse>;
export type ReviewDetailListResponse = z.infer<typeof ReviewDetailListResponse>;
