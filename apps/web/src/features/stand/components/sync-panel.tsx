import { formatCents } from '@farmstand/shared/format/money';
import type { StandAction, StandSaleAction } from '@farmstand/shared/schemas/stand';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { formatZonedDateTime } from '@/lib/format';
import type { StandSession, StandSnapshot } from '../session';
import { SelfCheckoutSetup } from './self-checkout-setup';
import { tenderLabel } from './tender-panel';

/** "3 items, Cash $12.00": what an action was, for the farmer reading the attention list. */
function summary(action: StandAction): string {
  const paid = Object.entries(action.tenders)
    .filter(([, cents]) => (cents ?? 0) > 0)
    .map(([kind, cents]) => `${tenderLabel(kind)} ${formatCents(cents ?? 0)}`)
    .join(', ');
  if (action.kind === 'pickup') return `Pickup of order #${action.orderId}${paid ? `, ${paid}` : ''}`;
  const items = action.lines.reduce((sum, line) => sum + line.quantity, 0);
  return `Sale of ${items} ${items === 1 ? 'item' : 'items'}${paid ? `, ${paid}` : ''}`;
}

/**
 * The queue as the farmer sees it (decision 577): how many actions wait, "Send now", what the
 * server refused (kept with its message until the farmer removes it), the conflicts the sync
 * reported (oversold, a pickup cancelled meanwhile), and this phone's name.
 */
export function SyncPanel({
  session,
  snapshot,
  device,
  onDevice,
  timeZone,
  userId,
  onRingAgain,
}: {
  userId: number;
  /** Opens a refused sale in the register, to correct and record again with a new id (it leaves the list once recorded). */
  onRingAgain: (sale: StandSaleAction) => void;
  session: StandSession;
  snapshot: StandSnapshot;
  device: string;
  onDevice: (name: string) => void;
  timeZone: string;
}) {
  const [name, setName] = useState(device);
  return (
    <div className="max-w-2xl space-y-6">
      <section aria-labelledby="stand-queue" className="space-y-2">
        <h2 id="stand-queue" className="text-lg font-semibold">
          Waiting to send
        </h2>
        <p>
          {snapshot.waiting === 0
            ? 'Everything on this phone has been sent.'
            : `${snapshot.waiting} ${snapshot.waiting === 1 ? 'action waits' : 'actions wait'} on this phone and will be sent when there is signal.`}
        </p>
        <Button
          variant="secondary"
          disabled={!snapshot.online || snapshot.waiting === 0}
          isLoading={snapshot.syncing}
          onClick={() => session.kick()}
        >
          Send now
        </Button>
        {snapshot.lastReport && (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Last sync: {snapshot.lastReport.applied} recorded, {snapshot.lastReport.refused} refused.
          </p>
        )}
      </section>

      <section aria-labelledby="stand-attention" className="space-y-2">
        <h2 id="stand-attention" className="text-lg font-semibold">
          Needs attention ({snapshot.attention.length})
        </h2>
        {snapshot.attention.length === 0 ? (
          <p className="text-stone-700 dark:text-stone-300">Nothing was refused.</p>
        ) : (
          <ul className="space-y-2">
            {snapshot.attention.map((item) => (
              <li key={item.id} className="rounded-xl border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950">
                <p className="font-semibold text-red-900 dark:text-red-200">{item.message}</p>
                <p className="text-sm">
                  {summary(item.action)} · {formatZonedDateTime(item.action.at, timeZone)} · {item.action.device}
                </p>
                <span className="mt-1 flex flex-wrap gap-2">
                  {item.action.kind === 'sale' && (
                    <Button variant="secondary" size="sm" onClick={() => onRingAgain(item.action as StandSaleAction)}>
                      Ring up again
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => void session.removeAttention(item.id)}>
                    I have dealt with it
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="stand-conflicts" className="space-y-2">
        <h2 id="stand-conflicts" className="text-lg font-semibold">
          To check ({snapshot.conflicts.length})
        </h2>
        {snapshot.conflicts.length === 0 ? (
          <p className="text-stone-700 dark:text-stone-300">No conflicts from the sales sent.</p>
        ) : (
          <ConflictList snapshot={snapshot} session={session} />
        )}
      </section>

      <section aria-labelledby="stand-device" className="space-y-2">
        <h2 id="stand-device" className="text-lg font-semibold">
          This phone
        </h2>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onDevice(name);
          }}
        >
          <div className="flex-1">
            <TextInput label="Name in the day's books" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" variant="secondary">
            Save
          </Button>
        </form>
      </section>

      <section aria-labelledby="stand-self" className="space-y-2">
        <h2 id="stand-self" className="text-lg font-semibold">
          Self-checkout
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          For an unattended farm stand: this device shows your products to shoppers, who pay into the honour box or by your card
          link. Your tools stay behind the PIN.
        </p>
        <SelfCheckoutSetup userId={userId} />
      </section>
    </div>
  );
}

export function ConflictList({ snapshot, session }: { snapshot: StandSnapshot; session: StandSession }) {
  return (
    <ul className="space-y-2">
      {snapshot.conflicts.map((item) => (
        <li
          key={item.key}
          className="flex items-start justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950"
        >
          <p className="text-amber-950 dark:text-amber-100">{item.conflict.message}</p>
          <Button variant="ghost" size="sm" onClick={() => item.key !== undefined && void session.dismissConflict(item.key)}>
            Seen
          </Button>
        </li>
      ))}
    </ul>
  );
}
