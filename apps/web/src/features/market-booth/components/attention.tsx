import { formatCents } from '@farmstand/shared/format/money';
import type { BoothEntry } from '@farmstand/shared/schemas/market-office';
import { Button } from '@/components/ui/button';
import { formatZonedTime } from '@/lib/format';
import type { AttentionItem, ConflictItem } from '@/lib/offline-queue';
import type { BoothConflict } from '../api';

/** "Issued $20.00 SNAP tokens, card …4321, match $20.00": an entry as the volunteer reads it. */
export function entrySummary(entry: BoothEntry, labels: Record<string, string>): string {
  const what = `${entry.kind === 'issue' ? 'Issued' : 'Returned'} ${formatCents(entry.amountCents)} ${labels[entry.currency] ?? entry.currency}`;
  const card = entry.shopperKey ? `, card …${entry.shopperKey}` : '';
  const match = typeof entry.match === 'number' && entry.match > 0 ? `, match ${formatCents(entry.match)}` : '';
  return `${what}${card}${match}`;
}

/**
 * What needs the booth's attention: entries the server refused (kept on the phone with its message
 * until removed; record them again corrected) and matches it recorded past a shopper's cap (handed
 * out offline while another phone matched the same card): the manager sees those in the books.
 */
export function Attention({
  attention,
  conflicts,
  labels,
  timeZone,
  onRemove,
  onDismiss,
}: {
  attention: AttentionItem<BoothEntry>[];
  conflicts: ConflictItem<BoothConflict>[];
  labels: Record<string, string>;
  timeZone: string;
  onRemove: (id: string) => void;
  onDismiss: (key: number) => void;
}) {
  if (attention.length === 0 && conflicts.length === 0) return null;
  return (
    <section aria-labelledby="booth-attention" className="space-y-2 rounded-xl border border-red-200 p-3 dark:border-red-900">
      <h2 id="booth-attention" className="text-lg font-semibold">
        Needs attention ({attention.length + conflicts.length})
      </h2>
      <ul className="space-y-2">
        {attention.map((item) => (
          <li key={item.id} className="rounded-lg bg-red-50 px-3 py-2 text-red-950 dark:bg-red-950 dark:text-red-100">
            <p className="font-semibold">Refused: {entrySummary(item.action, labels)}</p>
            <p>{item.message}</p>
            <p className="text-sm">
              Recorded at {formatZonedTime(item.action.at, timeZone)} on {item.action.device}
            </p>
            <Button variant="secondary" size="sm" className="mt-1 min-h-11" onClick={() => onRemove(item.id)}>
              Remove from this phone
            </Button>
          </li>
        ))}
        {conflicts.map((item) => (
          <li key={item.key} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">
              Over the cap by {formatCents(item.conflict.overCapCents)}
              {item.conflict.shopperKey && ` (card …${item.conflict.shopperKey})`}
            </p>
            <p>{item.conflict.message}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-1 min-h-11"
              onClick={() => item.key !== undefined && onDismiss(item.key)}
            >
              Seen
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
