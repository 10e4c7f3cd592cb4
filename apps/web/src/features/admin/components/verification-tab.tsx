import { formatDate } from '@farmstand/shared';
import { useState } from 'react';
import { Card, EmptyState, Spinner } from '../../../components/ui/card';
import { usePendingProducers } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { LoadFailed, SectionTitle, useLoadErrorToast } from './admin-ui';
import { ProducerReview } from './producer-review';
import { ReadinessBadge } from './readiness-badge';

export function VerificationTab() {
  const query = usePendingProducers();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  useLoadErrorToast(query, ADMIN_TEXTS.loadPendingProducers);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed text={ADMIN_TEXTS.loadPendingProducers} onRetry={() => query.refetch()} />;
  const { producers, count } = query.data;
  const selected = producers.find((p) => p.id === selectedId);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <section aria-labelledby="pending-producers-title">
        <SectionTitle>
          <span id="pending-producers-title">Pending producers ({count})</span>
        </SectionTitle>
        {producers.length === 0 ? (
          <EmptyState title="No producers waiting for verification" icon="✅" />
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
                    <span className="font-semibold">{producer.farm_name}</span>
                    <ReadinessBadge readiness={producer.readiness} />
                  </span>
                  <span className="mt-1 block text-sm text-stone-600 dark:text-stone-300">{producer.email}</span>
                  <span className="block text-sm text-stone-600 dark:text-stone-300">
                    Applied {formatDate(producer.applied_at)}
                    {producer.verification_status === 'more_info' && ' · More info requested'}
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
