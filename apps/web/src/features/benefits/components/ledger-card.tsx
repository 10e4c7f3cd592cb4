import { MONTH_NAMES } from '@farmstand/shared/format/place-calendar';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { errorMessage } from '@/lib/api';
import { fetchLedgerFile, useLedger, VALID_MONTH } from '../api';
import { TendersTable } from './tenders-table';

/** "2030-06" for the month `now` is in, on the viewer's clock. */
export const monthOf = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/** "June 2030" from "2030-06". */
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/**
 * On the producer's dashboard: one month's record of what was tendered at pickup, per programme
 * (and per market for the incentive), with the month's ledger to download as CSV or PDF (decision
 * 516). The files need the sign-in, so they are fetched and then saved, as the label PDFs are.
 */
export function LedgerCard({ initialMonth = monthOf(new Date()) }: { initialMonth?: string }) {
  const [month, setMonth] = useState(initialMonth);
  const valid = VALID_MONTH.test(month);
  const ledger = useLedger(month);
  const { busy, error: downloadError, download: save } = useFileDownload<'csv' | 'pdf'>();
  const download = (format: 'csv' | 'pdf') =>
    save(
      format,
      () => fetchLedgerFile(month, format),
      `farmstand-benefits-${month}.${format}`,
      `Could not download the ${format.toUpperCase()} ledger; try again`,
    );

  const rows = ledger.data?.rows ?? [];
  return (
    <Card className="p-5" role="region" aria-labelledby="ledger-heading">
      <h2 id="ledger-heading" className="text-lg font-bold">
        Benefits ledger
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        What shoppers paid at pickup, as you recorded it on each order: SNAP, coupons, incentives, cash and card.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-48">
          <TextInput
            label="Month"
            type="month"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            error={valid ? undefined : 'Enter a month as YYYY-MM, like 2030-06'}
          />
        </div>
        <Button variant="secondary" disabled={!valid} isLoading={busy === 'csv'} onClick={() => download('csv')}>
          Download CSV
        </Button>
        <Button variant="secondary" disabled={!valid} isLoading={busy === 'pdf'} onClick={() => download('pdf')}>
          Download PDF
        </Button>
      </div>
      <FormError className="mt-2">{downloadError}</FormError>
      {valid &&
        (ledger.isPending ? (
          <Spinner label="Loading the ledger…" />
        ) : ledger.isError ? (
          <FormError className="mt-4">{errorMessage(ledger.error, 'Could not load the ledger; try again')}</FormError>
        ) : rows.length === 0 ? (
          <p className="mt-4 text-sm text-stone-700 dark:text-stone-300">No payments recorded in {monthName(month)}.</p>
        ) : (
          <TendersTable
            caption={`${monthName(month)}: ${ledger.data.orders.length} ${ledger.data.orders.length === 1 ? 'order' : 'orders'}`}
            rows={rows.map((row) => ({
              key: `${row.kind}-${row.market ?? ''}`,
              label: (
                <>
                  {row.label}
                  {/* The market on its own line on a phone, so its name does not break after the dot. */}
                  {row.market && (
                    <span className="block text-stone-600 sm:inline dark:text-stone-400">
                      <span className="hidden sm:inline"> · </span>
                      {row.market}
                    </span>
                  )}
                </>
              ),
              orders: row.orders,
              cents: row.cents,
            }))}
            totalLabel="Total recorded"
          />
        ))}
    </Card>
  );
}
