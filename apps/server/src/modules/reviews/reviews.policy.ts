import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

export const REVIEW_TEXTS = {
  featureOff: 'Reviews are currently turned off',
  adminsModerate: 'Admins moderate reviews and cannot write them',
  ownProduct: 'You cannot review your own products',
  ownFarm: 'You cannot review your own farm',
  duplicateProduct: 'You have already reviewed this product',
  duplicateProducer: 'You have already reviewed this producer',
  notAuthor: 'Only the author or an admin can change this review',
  submitted: 'Thank you! Your review will appear once it is approved.',
} as const;

export async function assertReviewsEnabled(ctx: AppContext): Promise<void> {
  const features = await ctx.settings.get('features');
  if (!features.enable_reviews) throw forbidden(REVIEW_TEXTS.featureOff);
}

/** Consumers and producers (for other farms) write reviews; admins judge them instead (decision 043). */
export function assertCanWriteReviews(user: AuthUser): void {
  if (user.userType === 'admin') throw forbidden(REVIEW_TEXTS.adminsModerate);
}

export function assertCanChangeReview(user: AuthUser, review: { reviewerId: number }): void {
  if (user.userType !== 'admin' && review.reviewerId !== user.id) throw forbidden(REVIEW_TEXTS.notAuthor);
}
