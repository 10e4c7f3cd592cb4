import { REVIEWS_SHOWN_FIRST } from '@farmstand/shared';
import type { Review } from '@farmstand/shared/schemas/reviews';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Stars } from '@/components/ui/stars';
import { formatDate } from '@/lib/format';

/** Approved reviews, newest first: the first 5, then all on request (spec 01 §9). */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? reviews : reviews.slice(0, REVIEWS_SHOWN_FIRST);
  return (
    <>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {shown.map((review) => (
          <li key={review.id} className="py-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Stars rating={review.rating} size="sm" />
              {review.title && <p className="font-semibold">{review.title}</p>}
            </div>
            {review.content && <p className="mt-1 whitespace-pre-line text-stone-700 dark:text-stone-300">{review.content}</p>}
            <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
              {review.reviewer_email} · {formatDate(review.created_at)}
            </p>
          </li>
        ))}
      </ul>
      {reviews.length > REVIEWS_SHOWN_FIRST && (
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer reviews' : `Show all ${reviews.length} reviews`}
        </Button>
      )}
    </>
  );
}
