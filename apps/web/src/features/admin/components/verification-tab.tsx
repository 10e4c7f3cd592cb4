import type { VerificationQueue } from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import { SectionTitle, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { usePendingProducers } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { useAdminDates } from '../use-admin-dates';
import { ProducerReview } from './producer-review';
import { ReadinessBadge } from './readiness-badge';

const QUEUES: { value: VerificationQueue; label: string }[] = [
  { value: 'open', label: 'Awaiting decision' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'approved', label: 'Approved' },
];

export function VerificationTab() {
  const { date } = useAdminDates();
  // Decided applications stay reachable, so an admin can reverse or reopen any decision.
  const [queue, setQueue] = useState<VerificationQueue>('open');
  const query = usePendingProducers(queue);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  useLoadErrorToast(query, ADMIN_TEXTS.loadPendingProducers);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError text={ADMIN_TEXTS.loadPendingProducers} onRetry={() => query.refetch()} />;
  const { producers, count } = query.data;
  const selected = producers.find((p) => p.id === selectedId);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <section aria-labelledby="pending-producers-title">
        <SectionTitle>
          <span id="pending-producers-title">
            {queue === 'open' ? 'Pending producers' : `${QUEUES.find((q) => q.value === queue)?.label} producers`} ({count})
          </span>
        </SectionTitle>
        <fieldset className="mb-3 flex flex-wrap gap-2">
          <legend className="sr-only">Which applications</legend>
          {QUEUES.map((q) => (
            <Button
              key={q.value}
              size="sm"
              variant={q.value === queue ? 'primary' : 'secondary'}
              aria-pressed={q.value === queue}
              onClick={() => {
                setQueue(q.value);
                setSelectedId(null);
              }}
            >
              {q.label}
            </Button>
          ))}
        </fieldset>
        {producers.length === 0 ? (
          <EmptyState
            title={queue === 'open' ? 'No producers waiting for verification' : 'No producers in this list'}
            icon={CheckCircleIcon}
          />
        ) : (
          <ul className="space-y-2">
            {producers.map((producer) => (
              <li key={producer.id}>
                <button
                  type="button"
                  aria-pressed={producer.id === selectedId}
                  onClick={() => setSelectedId(producer.id)}
                  className={`w-full rounded-xl border p-4 text-left transition-colors ${
                    producer.id === selectedId
                      ? 'border-brand-700 bg-brand-50 dark:border-green-500 dark:bg-green-950/40'
                      : 'border-stone-200 bg-white hover:bg-stone-50 dark:border-stone-800 dark:bg-stone-900 dark:hover:bg-stone-800'
                  }`}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{producer.farm_name}</span>
                    <ReadinessBadge readiness={producer.readiness} />
                  </span>
                  <span className="mt-1 block text-sm text-stone-600 dark:text-stone-300">{producer.email}</span>
                  <span className="block text-sm text-stone-600 dark:text-stone-300">
                    Applied {date(producer.applied_at)}
                    {producer.verification_status === 'more_info' && ' · More info requested'}
                    {producer.verification_status === 'rejected' && ' · Rejected'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Application details">
        {selected ? (
          <ProducerReview key={selected.id} producerId={selected.id} onDecided={() => setSelectedId(null)} />
        ) : (
          producers.length > 0 && (
            <Card className="p-6 text-stone-600 dark:text-stone-300">Select a producer to review their application.</Card>
          )
        )}
      </section>
    </div>
  );
}
