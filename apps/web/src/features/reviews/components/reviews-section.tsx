import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Badge, Spinner } from '@/components/ui/card';
import { Stars } from '@/components/ui/stars';
import { useAuth } from '@/shared/auth-context';
import { type ReviewTarget, useMyReviews, useReviews } from '../api';
import { FarmProductReviews } from './farm-product-reviews';
import { ReviewList } from './review-list';

// The form (react-hook-form, zod) loads only for a consumer who can write a review, never for
// guests, so a guest's first load stays small.
const WriteReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.WriteReviewForm })));

type Props = {
  target: ReviewTarget;
  /** The producer's user id: its owner cannot review it. */
  ownerUserId: number;
};

/**
 * Reviews of a product or a producer: the average, the approved reviews, and for a signed-in
 * consumer the form, or their own review with 'Pending approval' while it waits for moderation.
 * A farm's section also lists the reviews of its products, with their own average (issue 44 item 5).
 */
export function ReviewsSection({ target, ownerUserId }: Props) {
  const { user } = useAuth();
  const reviews = useReviews(target);
  const isConsumer = user?.userType === 'consumer' && user.id !== ownerUserId;
  const mine = useMyReviews(isConsumer);
  const own = mine.data?.reviews.find((review) =>
    'productId' in target ? review.product_id === target.productId : review.producer_id === target.producerId,
  );

  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reviews-heading" className="text-xl font-bold">
          Reviews
        </h2>
        {reviews.data && reviews.data.review_count > 0 && reviews.data.average_rating !== null && (
          <p className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
            <Stars rating={reviews.data.average_rating} />
            <span>
              {reviews.data.average_rating.toFixed(1)} · {reviews.data.review_count} review
              {reviews.data.review_count === 1 ? '' : 's'}
            </span>
          </p>
        )}
      </div>
      <div className="mt-3">
        {reviews.isPending ? (
          <Spinner label="Loading reviews…" />
        ) : reviews.isError ? (
          <p className="text-stone-600 dark:text-stone-300">Reviews could not be loaded right now.</p>
        ) : reviews.data.reviews.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">
            {'producerId' in target ? 'No reviews of the farm itself yet.' : 'No reviews yet.'}
          </p>
        ) : (
          <ReviewList reviews={reviews.data.reviews} />
        )}
      </div>
      <div className="mt-6">
        {!user ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            <Link to="/login" className="font-semibold text-brand-800 underline dark:text-green-300">
              Sign in
            </Link>{' '}
            to write a review.
          </p>
        ) : !isConsumer ? null : own ? (
          <div className="rounded-xl border border-stone-200 p-4 dark:border-stone-800">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">Your review</h3>
              {own.status === 'pending' && <Badge tone="yellow">Pending approval</Badge>}
              {own.status === 'rejected' && <Badge tone="red">Not published</Badge>}
              {own.status === 'approved' && <Badge tone="green">Published</Badge>}
            </div>
            <div className="mt-2">
              <Stars rating={own.rating} size="sm" />
              {own.title && <p className="font-semibold">{own.title}</p>}
              {own.content && <p className="text-stone-700 dark:text-stone-300">{own.content}</p>}
            </div>
            {own.moderation_reason && (
              <p className="mt-2 text-sm text-red-800 dark:text-red-300">
                <span className="font-semibold">Why it was not published:</span> {own.moderation_reason}
              </p>
            )}
          </div>
        ) : mine.isSuccess ? (
          <Suspense fallback={<div className="h-72" aria-hidden="true" />}>
            <WriteReviewForm target={target} />
          </Suspense>
        ) : null}
      </div>
      {'producerId' in target && <FarmProductReviews producerId={target.producerId} />}
    </section>
  );
}
