import type { FarmProductReview, Review, ReviewDetail } from '@farmstand/shared/schemas/reviews';
import type { FarmProductReviewRow, ReviewListRow } from './reviews.repository';

/** Public lists show 'j***@example.com': enough to tell reviewers apart without publishing addresses (decision 042). */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return '***';
  return `${local.slice(0, 1)}***@${domain}`;
}

export function presentPublicReview(
  row: Pick<ReviewListRow, 'id' | 'rating' | 'title' | 'content' | 'reviewer_email' | 'created_at'>,
): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    content: row.content,
    reviewer_email: maskEmail(row.reviewer_email),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** For the author and for admins: the full e-mail and the moderation status. */
export function presentReviewDetail(row: ReviewListRow, options: { maskReviewer?: boolean } = {}): ReviewDetail {
  return {
    ...presentPublicReview(row),
    reviewer_email: options.maskReviewer ? maskEmail(row.reviewer_email) : row.reviewer_email,
    status: row.status,
    product_id: row.product_id,
    producer_id: row.producer_id,
    reviewed_item_name: row.reviewed_item_name ?? '',
    // The reason is for the author of a review that was not published; received lists hold approved ones only.
    moderation_reason: row.status === 'rejected' ? row.moderation_note : null,
  };
}

/** A public review of one of the farm's products, with the product it is about. */
export function presentFarmProductReview(row: FarmProductReviewRow): FarmProductReview {
  return { ...presentPublicReview(row), product_id: row.product_id, product_name: row.product_name };
}
