import { countNoun } from '@farmstand/shared/format/quantity';
import { Button, ButtonLink } from './button';
import { Modal } from './modal';

/**
 * What "Order again" did (a farm's basket or a market's): what is in the basket now, every way
 * today's offer differs from the order, and the way on to the basket.
 */
export function OrderAgainDialog({
  summary,
  changes,
  next,
  onClose,
}: {
  summary: string;
  changes: string[];
  /** Where the lines went ("Check out", "Review basket"), or null when nothing was added. */
  next: { to: string; label: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal title="Order again" onClose={onClose}>
      <p>{summary}</p>
      {changes.length > 0 && (
        <>
          <h3 className="mt-3 font-semibold">What changed</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </>
      )}
      {changes.length === 0 && next && <p className="mt-2 text-sm">Everything is as it was: same prices, all in stock.</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {next && <ButtonLink to={next.to}>{next.label}</ButtonLink>}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

/** "3 items from order #12 are", "1 item from order #12 is": the units the lines hold, then what they came from. */
export function itemsFrom(lines: { quantity: number }[], from: string): string {
  const count = lines.reduce((n, line) => n + line.quantity, 0);
  return `${countNoun(count, 'item')} from ${from} ${count === 1 ? 'is' : 'are'}`;
}
