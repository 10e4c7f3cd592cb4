import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import type { BoothEntry } from '@farmstand/shared/schemas/market-office';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/card';
import { SyncStatus } from '@/components/ui/sync-status';
import { useDocumentTitle } from '@/lib/document-title';
import { storage } from '@/lib/storage';
import { useAuth } from '@/shared/auth-context';
import { boothDayKey, useBoothDay } from '../api';
import { Attention } from '../components/attention';
import { BoothDay } from '../components/booth-day';
import { EntryForm } from '../components/entry-form';
import { useBoothSession } from '../use-booth';

const DEVICE = storage.get('farmstand.boothDevice') || 'Booth phone';

/**
 * /market-office/:id/booth: the market's info booth on a phone (decision 582). It says whether the
 * phone is online and how many entries wait; an entry is stored on the phone before the screen says
 * so, then sent. Everything reads the catalogue kept on the phone, so once opened with signal it
 * works through a market day without.
 */
export default function BoothPage() {
  const marketId = Number(useParams().id);
  const { user } = useAuth();
  const { session, snapshot } = useBoothSession(user?.id ?? 0, marketId);
  const { catalog } = snapshot;
  useDocumentTitle(catalog ? `Info booth · ${catalog.market.name}` : 'Info booth');
  const [last, setLast] = useState<BoothEntry | null>(null);
  const day = useBoothDay(marketId, snapshot.online && snapshot.loaded);
  const queryClient = useQueryClient();
  const lastReport = snapshot.lastReport;
  useEffect(() => {
    if (lastReport) void queryClient.invalidateQueries({ queryKey: boothDayKey(marketId) });
  }, [lastReport, marketId, queryClient]);

  const labels = Object.fromEntries((catalog?.currencies ?? []).map((c) => [c.currency, c.label]));
  if (catalog?.incentive) labels.incentive = catalog.incentive.name;
  const answer = last ? lastReport?.results.find((r) => r.id === last.id) : undefined;

  const record = async (entry: BoothEntry) => {
    await session.record(entry);
    setLast(entry);
  };

  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-6">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-xl font-bold sm:text-2xl">{catalog ? catalog.market.name : 'Info booth'}</h1>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Info booth · {DEVICE}
            {catalog && ` · ${formatDateOnly(catalog.today)}`}
          </p>
        </div>
        <SyncStatus online={snapshot.online} waiting={snapshot.waiting} name="booth" />
      </header>

      {snapshot.problem && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-200">
          {snapshot.problem}
        </p>
      )}

      {!snapshot.loaded ? (
        <Spinner />
      ) : !catalog ? (
        <p className="rounded-lg bg-amber-50 px-3 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {snapshot.online
            ? 'Loading the market’s booth…'
            : 'Open the info booth once with signal to keep the market’s booth on this phone.'}
        </p>
      ) : (
        <div className="space-y-6">
          {!catalog.isMarketDay && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              {formatDateOnly(catalog.today)} is not a market day here: the booth records entries on market days only.
            </p>
          )}
          <section aria-labelledby="booth-record" className="rounded-xl border border-stone-200 p-3 dark:border-stone-800">
            <h2 id="booth-record" className="sr-only">
              Record an entry
            </h2>
            <EntryForm catalog={catalog} online={snapshot.online} device={DEVICE} onRecord={record} />
            {last && (
              <p
                role="status"
                className="mt-3 rounded-lg bg-stone-100 px-3 py-2 text-stone-900 dark:bg-stone-800 dark:text-stone-100"
                data-testid="booth-last"
              >
                {lastText(last, answer, labels, catalog.incentive?.name ?? 'Match')}
              </p>
            )}
          </section>

          <Attention
            attention={snapshot.attention}
            conflicts={snapshot.conflicts}
            labels={labels}
            timeZone={catalog.market.timeZone}
            onRemove={(id) => void session.removeAttention(id)}
            onDismiss={(key) => void session.dismissConflict(key)}
          />

          <section aria-labelledby="booth-today" className="space-y-2">
            <h2 id="booth-today" className="text-lg font-semibold">
              Today at the booth
            </h2>
            {snapshot.online ? (
              <BoothDay
                day={day.data}
                labels={labels}
                timeZone={catalog.market.timeZone}
                error={day.error}
                onRetry={() => void day.refetch()}
              />
            ) : (
              <p className="text-stone-700 dark:text-stone-300">
                Offline: the day’s list shows again with signal. {snapshot.waiting} waiting on this phone.
              </p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** What the volunteer hands out for the last entry: the match the server granted, or the phone's own while it waits. */
function lastText(
  entry: BoothEntry,
  answer: { status: string; matchCents: number; capLeftCents: number | null; message: string | null } | undefined,
  labels: Record<string, string>,
  incentive: string,
): string {
  const what = `${formatCents(entry.amountCents)} ${labels[entry.currency] ?? entry.currency}`;
  if (entry.kind === 'return') return `Saved: ${what} handed back.`;
  if (answer?.status === 'refused') return `Refused: ${answer.message ?? 'see Needs attention'}`;
  if (answer) {
    const match = answer.matchCents > 0 ? ` and ${formatCents(answer.matchCents)} in ${incentive}` : '';
    const left = answer.capLeftCents !== null ? ` (${formatCents(answer.capLeftCents)} left of the cap today)` : '';
    return `Recorded: hand out ${what}${match}${left}.`;
  }
  if (entry.match === 'auto') return `Saved: hand out ${what}; asking for the ${incentive} match…`;
  const match = entry.match > 0 ? ` and ${formatCents(entry.match)} in ${incentive}` : '';
  return `Saved on this phone: hand out ${what}${match}. It is sent when there is signal.`;
}
