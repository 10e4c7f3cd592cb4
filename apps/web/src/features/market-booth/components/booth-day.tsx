import { formatCents } from '@farmstand/shared/format/money';
import { LoadError } from '@/components/ui/load-error';
import { formatZonedTime } from '@/lib/format';
import type { BoothDay as Day } from '../api';

const KIND = { issue: 'Issued', return: 'Returned' } as const;

/**
 * The day's book at the booth (online): the totals per currency (handed out, handed back) and
 * every entry, newest first, with the match given and any part past the shopper's cap.
 */
export function BoothDay({
  day,
  labels,
  timeZone,
  error,
  onRetry,
}: {
  day: Day | undefined;
  labels: Record<string, string>;
  timeZone: string;
  error: unknown;
  onRetry: () => void;
}) {
  if (error) return <LoadError text={(error as Error).message || 'The day’s entries could not be loaded'} onRetry={onRetry} />;
  if (!day) return <p className="text-stone-700 dark:text-stone-300">Loading the day’s entries…</p>;
  return (
    <div className="space-y-4">
      <table className="w-full text-left text-sm" data-testid="booth-totals">
        <caption className="sr-only">Totals per currency, {day.marketDate}</caption>
        <thead>
          <tr className="border-b border-stone-200 dark:border-stone-700">
            <th scope="col" className="py-2 pr-2">
              Currency
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Handed out
            </th>
            <th scope="col" className="py-2 text-right">
              Returned
            </th>
          </tr>
        </thead>
        <tbody>
          {day.totals.length === 0 && (
            <tr>
              <td colSpan={3} className="py-2 text-stone-700 dark:text-stone-300">
                Nothing recorded yet today.
              </td>
            </tr>
          )}
          {day.totals.map((total) => (
            <tr key={total.currency} className="border-b border-stone-100 dark:border-stone-800">
              <th scope="row" className="py-2 pr-2 font-medium">
                {total.label}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{formatCents(total.issuedCents)}</td>
              <td className="py-2 text-right tabular-nums">{formatCents(total.returnedCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-label="Entries today">
        {[...day.entries].reverse().map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <span>
              <span className="font-semibold">
                {KIND[entry.kind]} {formatCents(entry.amountCents)} {labels[entry.currency] ?? entry.currency}
              </span>
              {entry.shopperKey && <span className="text-stone-700 dark:text-stone-300"> · card …{entry.shopperKey}</span>}
              {entry.matchCents > 0 && (
                <span className="text-green-800 dark:text-green-300"> · match {formatCents(entry.matchCents)}</span>
              )}
              {entry.overCapCents > 0 && (
                <span className="text-red-800 dark:text-red-300"> · {formatCents(entry.overCapCents)} over the cap</span>
              )}
            </span>
            <span className="text-sm text-stone-700 dark:text-stone-300">
              {formatZonedTime(entry.at, timeZone)} · {entry.device}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
