import { type AdminPendingReview, MODERATION_REASON_MAX } from '@farmstand/shared/schemas/admin';
import { ModerateReviewRequest } from '@farmstand/shared/schemas/reviews';
import { useState } from 'react';
import { AdminLink, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { StarIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { firstIssue, ReasonDialog } from '@/components/ui/reason-dialog';
import { Stars } from '@/components/ui/stars';
import { useModerateReview, usePendingReviews } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { useAdminDates } from '../use-admin-dates';

/** The public page the review will appear on: its product's, or its farm's. */
const pageOf = (review: AdminPendingReview) =>
  review.product_id !== null ? `/product/${review.product_id}` : `/producer/${review.producer_id}`;

export function ReviewsTab() {
  const { date } = useAdminDates();
  const query = usePendingReviews();
  const moderate = useModerateReview();
  const [rejecting, setRejecting] = useState<AdminPendingReview | null>(null);
  useLoadErrorToast(query, ADMIN_TEXTS.loadReviews);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError text={ADMIN_TEXTS.loadReviews} onRetry={() => query.refetch()} />;
  if (query.data.reviews.length === 0) return <EmptyState title={ADMIN_TEXTS.noPendingReviews} icon={StarIcon} />;

  // The hook confirms with a toast.
  const approve = (id: number) => moderate.mutate({ id, action: 'approve' });
  const reject = (id: number, reason: string) =>
    moderate.mutate({ id, action: 'reject', reason }, { onSuccess: () => setRejecting(null) });

  return (
    <>
      <ul className="space-y-4">
        {query.data.reviews.map((review) => (
          <li key={review.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">
                    <AdminLink to={pageOf(review)}>{review.reviewed_item_name}</AdminLink>
                  </p>
                  <p className="text-sm text-stone-600 dark:text-stone-300">
                    {review.reviewer_email} · {date(review.created_at)}
                  </p>
                </div>
                <Stars rating={review.rating} />
              </div>
              {review.comment && <p className="mt-3 whitespace-pre-line text-stone-800 dark:text-stone-200">{review.comment}</p>}
              <div className="mt-4 flex gap-2">
                <Button size="sm" onClick={() => approve(review.id)} disabled={moderate.isPending}>
                  Approve
                </Button>
                <Button size="sm" variant="danger" onClick={() => setRejecting(review)} disabled={moderate.isPending}>
                  Reject
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {rejecting && (
        <ReasonDialog
          title="Reject review"
          message={`Reject ${rejecting.reviewer_email}'s review of ${rejecting.reviewed_item_name}? It will not be published.`}
          hint="Shown to the reviewer with the notice and in the e-mail."
          maxLength={MODERATION_REASON_MAX}
          confirmLabel="Reject"
          isBusy={moderate.isPending}
          validate={(reason) => firstIssue(ModerateReviewRequest.safeParse({ action: 'reject', reason }))}
          onConfirm={(reason) => reject(rejecting.id, reason)}
          onCancel={() => setRejecting(null)}
        />
      )}
    </>
  );
}
