import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { Stars } from '@/components/ui/stars';
import { formatDate } from '@/lib/format';
import { useFarmProductReviews } from '../api';

/** The id the farm page's header links to. */
export const FARM_PRODUCT_REVIEWS_ID = 'farm-product-reviews';

/**
 * On the farm page: the reviews of the farm's products, newest first, each naming (and linking) its
 * product, with their average and count; 'Show more reviews' reaches every one the count counts.
 */
export function FarmProductReviews({ producerId }: { producerId: number }) {
  const query = useFarmProductReviews(producerId);
  const headingId = `${FARM_PRODUCT_REVIEWS_ID}-heading`;
  return (
    <section id={FARM_PRODUCT_REVIEWS_ID} aria-labelledby={headingId} className="mt-8 scroll-mt-20">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          Reviews of this farm's products
        </h3>
        {query.data && query.data.review_count > 0 && query.data.average_rating !== null && (
          <p className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
            <Stars rating={query.data.average_rating} />
            <span>
              {query.data.average_rating.toFixed(1)} · {query.data.review_count} review
              {query.data.review_count === 1 ? '' : 's'}
            </span>
          </p>
        )}
      </div>
      <div className="mt-3">
        {query.isPending ? (
          <Spinner label="Loading reviews…" />
        ) : query.isError ? (
          <p className="text-stone-600 dark:text-stone-300">Reviews could not be loaded right now.</p>
        ) : query.data.reviews.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">No reviews of its products yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-stone-200 dark:divide-stone-800">
              {query.data.reviews.map((review) => (
                <li key={review.id} className="py-4">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars rating={review.rating} size="sm" />
                    {review.title && <p className="font-semibold">{review.title}</p>}
                  </div>
                  <p className="mt-1 text-sm">
                    <span className="text-stone-600 dark:text-stone-400">About </span>
                    <Link
                      to={`/product/${review.product_id}`}
                      className="font-medium text-brand-800 hover:underline [overflow-wrap:anywhere] dark:text-green-300"
                    >
                      {review.product_name}
                    </Link>
                  </p>
                  {review.content && (
                    <p className="mt-1 whitespace-pre-line text-stone-700 dark:text-stone-300">{review.content}</p>
                  )}
                  <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
                    {review.reviewer_email} · {formatDate(review.created_at)}
                  </p>
                </li>
              ))}
            </ul>
            {query.hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                isLoading={query.isFetchingNextPage}
                onClick={() => query.fetchNextPage()}
              >
                Show more reviews ({query.data.reviews.length} of {query.data.review_count} shown)
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
