import { countNoun } from '@farmstand/shared/format/quantity';
import { useState } from 'react';
import { Button, ButtonLink } from './button';
import { FormError } from './form-error';
import { Modal } from './modal';

/** What "Order again" did: what is in the basket now, every way today's offer differs, and the way on (null: nothing added). */
export type OrderAgainDone = { summary: string; changes: string[]; next: { to: string; label: string } | null };

/**
 * "Order again" (into a farm's basket or a market's): the button, its error line, and the dialog
 * saying what `fill` put in the basket. `fill` reads today's offer, fills the basket and says so;
 * a failure shows `failure(error)` under the button.
 */
export function OrderAgainAction({
  fill,
  failure,
}: {
  fill: () => Promise<OrderAgainDone>;
  failure: (error: unknown) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<OrderAgainDone | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone(await fill());
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };
  const close = () => setDone(null);
  return (
    <>
      <Button variant="secondary" size="sm" isLoading={busy} onClick={run}>
        Order again
      </Button>
      <FormError className="w-full">{error}</FormError>
      {done && (
        <Modal title="Order again" onClose={close}>
          <p>{done.summary}</p>
          {done.changes.length > 0 && (
            <>
              <h3 className="mt-3 font-semibold">What changed</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {done.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </>
          )}
          {done.changes.length === 0 && done.next && (
            <p className="mt-2 text-sm">Everything is as it was: same prices, all in stock.</p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {done.next && <ButtonLink to={done.next.to}>{done.next.label}</ButtonLink>}
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** "3 items from order #12 are", "1 item from order #12 is": the units the lines hold, then what they came from. */
export function itemsFrom(lines: { quantity: number }[], from: string): string {
  const count = lines.reduce((n, line) => n + line.quantity, 0);
  return `${countNoun(count, 'item')} from ${from} ${count === 1 ? 'is' : 'are'}`;
}
