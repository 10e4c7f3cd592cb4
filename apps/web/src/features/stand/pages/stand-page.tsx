import type { StandSaleAction } from '@farmstand/shared/schemas/stand';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/card';
import { SyncStatus } from '@/components/ui/sync-status';
import { Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { Pickups } from '../components/pickups';
import { Register } from '../components/register';
import { ConflictList, SyncPanel } from '../components/sync-panel';
import { placeOf } from '../sale';
import { useDeviceName, usePlaceChoice, useStandSession } from '../use-stand';

/**
 * /stand: the register, today's pickups and the queue, under a header that always says whether the
 * phone is online and how many actions wait (decision 577). Everything reads the catalogue kept on
 * the phone, so it works without signal once it has been opened with signal.
 */
export default function StandPage() {
  useDocumentTitle('Stand mode');
  const { user } = useAuth();
  const { session, snapshot } = useStandSession(user?.id ?? 0);
  const [device, setDevice] = useDeviceName();
  const [tab, setTab] = useState('sell');
  const [chosenPlace, choosePlace] = usePlaceChoice();
  const [reopen, setReopen] = useState<StandSaleAction | null>(null);
  const { catalog } = snapshot;
  const place = catalog ? placeOf(catalog, chosenPlace) : null;

  const record = async (action: Parameters<typeof session.record>[0]) => {
    const stored = await session.record(action);
    // A refused sale rung up again leaves "Needs attention" once its correction is stored.
    if (reopen && action.kind === 'sale') await session.removeAttention(reopen.id);
    return stored;
  };

  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-6">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold sm:text-2xl">{catalog ? catalog.farm.farm_name : 'Stand mode'}</h1>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Stand mode · {device}
            {place && (catalog?.places?.length ?? 0) < 2 && ` · ${place.name}`}
          </p>
          {catalog && place && (catalog.places?.length ?? 0) > 1 && (
            <label className="mt-1 flex items-center gap-2 text-sm">
              Selling at
              <select
                className="rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-600 dark:bg-stone-900"
                value={place.id}
                onChange={(event) => choosePlace(Number(event.target.value))}
              >
                {catalog.places?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {user?.userType === 'producer' && (
            // The farm's own account invites and removes its helpers (decision 579); helpers never see this.
            <Link
              to="/stand/helpers"
              className="mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-green-300"
            >
              Helpers
            </Link>
          )}
          {catalog && (
            <Link
              to={`/stand/day?date=${catalog.today}`}
              className="ml-3 mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-green-300"
            >
              Today’s books
            </Link>
          )}
        </div>
        <SyncStatus online={snapshot.online} waiting={snapshot.waiting} name="stand" />
      </header>

      {snapshot.problem && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-200">
          {snapshot.problem}
        </p>
      )}
      {snapshot.attention.length > 0 && tab !== 'sync' && (
        <p className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-200">
          {snapshot.attention.length} refused: see{' '}
          <button type="button" className="font-semibold underline" onClick={() => setTab('sync')}>
            Needs attention
          </button>
        </p>
      )}
      {snapshot.conflicts.length > 0 && tab === 'sell' && (
        <section aria-label="To check after sync" className="mb-3">
          <ConflictList snapshot={snapshot} session={session} />
        </section>
      )}

      {!snapshot.loaded ? (
        <Spinner />
      ) : !catalog ? (
        <p className="rounded-lg bg-amber-50 px-3 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {snapshot.online
            ? 'Loading the farm’s products…'
            : 'Open Stand mode once with signal to keep the farm’s products on this phone.'}
        </p>
      ) : (
        <Tabs
          label="Stand mode"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'sell',
              label: 'Sell',
              content: (
                <Register
                  key={reopen?.id ?? 'new'}
                  reopen={reopen}
                  catalog={catalog}
                  table={snapshot.table}
                  device={device}
                  pointId={place?.id ?? null}
                  onRecord={record}
                />
              ),
            },
            {
              id: 'pickups',
              label: `Pickups (${catalog.pickups.filter((p) => p.status !== 'picked_up').length})`,
              content: <Pickups catalog={catalog} device={device} onRecord={record} />,
            },
            {
              id: 'sync',
              label: snapshot.attention.length > 0 ? `Sync (${snapshot.attention.length} to fix)` : 'Sync',
              content: (
                <SyncPanel
                  session={session}
                  snapshot={snapshot}
                  device={device}
                  onDevice={setDevice}
                  timeZone={catalog.farm.time_zone}
                  userId={user?.id ?? 0}
                  onRingAgain={(sale) => {
                    setReopen(sale);
                    setTab('sell');
                  }}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
