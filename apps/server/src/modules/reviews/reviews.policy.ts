import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

export const REVIEW_TEXTS = {
  featureOff: 'Reviews are currently turned off',
  adminsModerate: 'Admins moderate reviews and cannot write them',
  producersDoNotReview: 'Only shoppers can write reviews; farms cannot review other farms',
  adminsDoNotRewrite: 'Admins can approve, reject or delete a review, but not rewrite it',
  ownProduct: 'You cannot review your own products',
  ownFarm: 'You cannot review your own farm',
  duplicateProduct: 'You have already reviewed this product',
  duplicateProducer: 'You have already reviewed this producer',
  notAuthor: 'Only the author or an admin can change this review',
  notAuthorEdit: 'Only the author can edit this review',
  submitted: 'Thank you! Your review will appear once it is approved.',
} as const;

export async function assertReviewsEnabled(ctx: AppContext): Promise<void> {
  const features = await ctx.settings.get('features');
  if (!features.enable_reviews) throw forbidden(REVIEW_TEXTS.featureOff);
}

/**
 * Shoppers (consumer accounts) write reviews. A farm rating another farm is a competitor rating a
 * competitor, so producers do not; admins judge reviews instead (decisions 043, 114).
 */
export function assertCanWriteReviews(user: AuthUser): void {
  if (user.userType === 'admin') throw forbidden(REVIEW_TEXTS.adminsModerate);
  if (user.userType !== 'consumer') throw forbidden(REVIEW_TEXTS.producersDoNotReview);
}

/** Only the author edits: a review shows the author's name, so nobody else may put words in it (decision 114). */
export function assertCanEditReview(user: AuthUser, review: { reviewerId: number }): void {
  if (review.reviewerId === user.id) return;
  throw forbidden(user.userType === 'admin' ? REVIEW_TEXTS.adminsDoNotRewrite : REVIEW_TEXTS.notAuthorEdit);
}

/** The author withdraws their review; an admin removes one that breaks the rules. */
export function assertCanDeleteReview(user: AuthUser, review: { reviewerId: number }): void {
  if (user.userType !== 'admin' && review.reviewerId !== user.id) throw forbidden(REVIEW_TEXTS.notAuthor);
}
