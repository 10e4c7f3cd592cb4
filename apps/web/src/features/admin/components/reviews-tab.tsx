import { formatDate } from '@farmstand/shared';
import { Button } from '../../../components/ui/button';
import { Card, EmptyState, Spinner } from '../../../components/ui/card';
import { useModerateReview, usePendingReviews } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { LoadFailed, useLoadErrorToast } from './admin-ui';

export function ReviewsTab() {
  const query = usePendingReviews();
  const moderate = useModerateReview();
  useLoadErrorToast(query, ADMIN_TEXTS.loadReviews);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed text={ADMIN_TEXTS.loadReviews} onRetry={() => query.refetch()} />;
  if (query.data.reviews.length === 0) return <EmptyState title={ADMIN_TEXTS.noPendingReviews} icon="⭐" />;

  const run = (id: number, action: 'approve' | 'reject') =>
    // The hook confirms with a toast.
    moderate.mutate({ id, action });

  return (
    <ul className="space-y-4">
      {query.data.reviews.map((review) => (
        <li key={review.id}>
          <Card className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold">{review.reviewed_item_name}</p>
                <p className="text-sm text-stone-600 dark:text-stone-300">
                  {review.reviewer_email} · {formatDate(review.created_at)}
                </p>
              </div>
              <p className="text-amber-700 dark:text-amber-400" role="img" aria-label={`${review.rating} out of 5 stars`}>
                {'★'.repeat(review.rating)}
                <span className="text-stone-300 dark:text-stone-600">{'★'.repeat(5 - review.rating)}</span>
              </p>
            </div>
            {review.comment && <p className="mt-3 whitespace-pre-line text-stone-800 dark:text-stone-200">{review.comment}</p>}
            <div className="mt-4 flex gap-2">
              <Button size="sm" onClick={() => run(review.id, 'approve')} disabled={moderate.isPending}>
                Approve
              </Button>
              <Button size="sm" variant="danger" onClick={() => run(review.id, 'reject')} disabled={moderate.isPending}>
                Reject
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
