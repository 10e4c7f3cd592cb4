import { formatDate } from '@farmstand/shared';
import { type AdminBenefitsList, AdminBenefitsReviewRequest, type SnapStatus } from '@farmstand/shared/schemas/benefits';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge, type BadgeTone, Card, EmptyState, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { DocumentIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useAdminBenefits, useReviewBenefits } from '../api';
import { BENEFITS_TEXTS } from '../texts';

const muted = 'text-stone-700 dark:text-stone-300';

type Listed = Exclude<SnapStatus, 'none'>;
const STATUSES: Listed[] = ['pending', 'verified', 'rejected'];
const STATUS_LABELS: Record<Listed, string> = { pending: 'Waiting for a check', verified: 'Verified', rejected: 'Rejected' };
const STATUS_TONES: Record<SnapStatus, BadgeTone> = { none: 'gray', pending: 'yellow', verified: 'green', rejected: 'red' };

type Farm = AdminBenefitsList['producers'][number];

/**
 * The admin's check of farms' SNAP retailer numbers (decision 516), like a certification's: the
 * farms waiting first, each verified or rejected with a note the farm reads (a rejection needs one).
 * Shoppers see that a farm takes SNAP only once its number is verified.
 */
export function AdminBenefitsReview() {
  const [status, setStatus] = useState<Listed>('pending');
  const [message, setMessage] = useState('');
  const query = useAdminBenefits(status);
  const farms = query.data?.producers ?? [];
  return (
    <section aria-labelledby="admin-benefits-heading" className="space-y-4">
      <h2 id="admin-benefits-heading" className="text-lg font-semibold">
        SNAP retailer numbers
      </h2>
      <p className={`text-sm ${muted}`}>
        Check each farm's 7-digit FNS number against its USDA SNAP authorisation (for example in the{' '}
        <a
          href="https://www.fns.usda.gov/snap/retailer-locator"
          className="font-medium text-brand-800 underline dark:text-green-300"
          target="_blank"
          rel="noreferrer"
        >
          USDA SNAP retailer locator
        </a>
        ). Shoppers see "Takes SNAP" only once the number is verified.
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">FNS number status</legend>
        {STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {STATUS_LABELS[s]}
          </Button>
        ))}
      </fieldset>
      <div
        role="status"
        className={message ? 'rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-green-100' : ''}
      >
        {message}
      </div>
      {query.isPending ? (
        <Spinner label="Loading FNS numbers…" />
      ) : query.isError ? (
        <LoadError text={errorMessage(query.error, BENEFITS_TEXTS.adminLoadFailed)} onRetry={() => query.refetch()} />
      ) : farms.length === 0 ? (
        <EmptyState
          title={
            status === 'pending' ? 'No FNS numbers waiting for a check' : `No ${STATUS_LABELS[status].toLowerCase()} FNS numbers`
          }
          icon={DocumentIcon}
        />
      ) : (
        <ul className="space-y-3">
          {farms.map((farm) => (
            <li key={farm.producer_user_id}>
              <FarmRow farm={farm} onReviewed={setMessage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FarmRow({ farm, onReviewed }: { farm: Farm; onReviewed: (message: string) => void }) {
  const review = useReviewBenefits();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = (approve: boolean) => {
    const parsed = AdminBenefitsReviewRequest.safeParse({ approve, note: note.trim() || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (!approve && !parsed.data.note) {
      setError(BENEFITS_TEXTS.rejectNeedsNote);
      return;
    }
    setError(undefined);
    onReviewed('');
    review.mutate(
      { userId: farm.producer_user_id, approve, note: parsed.data.note },
      { onSuccess: (answer) => onReviewed(answer.message) },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(true);
  };

  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            <Link
              to={`/producer/${farm.producer_user_id}`}
              className="text-brand-800 underline underline-offset-2 hover:no-underline dark:text-green-300"
            >
              {farm.farm_name}
            </Link>
          </h3>
          <p className={`text-sm ${muted}`}>
            {farm.state} · FNS number <span className="font-mono font-semibold">{farm.fns_number ?? '—'}</span> · sent{' '}
            {formatDate(farm.updated_at)}
          </p>
          {farm.snap_note && <p className={`mt-1 text-sm ${muted}`}>Note: {farm.snap_note}</p>}
        </div>
        <Badge tone={STATUS_TONES[farm.snap_status]}>
          {farm.snap_status === 'none' ? 'No number' : STATUS_LABELS[farm.snap_status]}
        </Badge>
      </div>
      {farm.snap_status === 'pending' && (
        <form onSubmit={onSubmit} noValidate className="space-y-2">
          <TextInput
            label={`Note to ${farm.farm_name}`}
            hint="Optional when verifying; needed when rejecting. The farm reads it."
            maxLength={1000}
            value={note}
            error={error}
            onChange={(e) => setNote(e.target.value)}
          />
          <FormError>{review.isError && errorMessage(review.error, BENEFITS_TEXTS.reviewFailed)}</FormError>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              aria-label={`Verify the FNS number of ${farm.farm_name}`}
              size="sm"
              isLoading={review.isPending && review.variables?.approve === true}
              disabled={review.isPending}
            >
              Verify
            </Button>
            <Button
              size="sm"
              variant="danger"
              aria-label={`Reject the FNS number of ${farm.farm_name}`}
              isLoading={review.isPending && review.variables?.approve === false}
              disabled={review.isPending}
              onClick={() => send(false)}
            >
              Reject
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
