import { formatCents } from '@farmstand/shared/format/money';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { fetchStandDayCsv, useStandDay } from '../api';
import { tenderLabel } from './tender-panel';

/**
 * The day's books at the booth (issue 47 item 6): stand sales and pickups handed over today, the
 * total per tender (the cash that should be in the box first), taxable and exempt sales and the
 * tax, as the server counts them once the phone has sent its sales; a CSV to keep.
 */
export function DayBooks({ date, online, waiting }: { date: string; online: boolean; waiting: number }) {
  const day = useStandDay(date, online);
  const csv = useFileDownload<'csv'>();
  if (!online)
    return <p className="text-stone-700 dark:text-stone-300">The day’s books are read from Farmstand: connect to see them.</p>;
  if (day.isPending) return <p className="text-stone-700 dark:text-stone-300">Loading the day’s books…</p>;
  if (day.isError) return <LoadError text="The day’s books could not be loaded." onRetry={() => day.refetch()} />;
  const books = day.data;
  return (
    <div className="max-w-2xl space-y-4">
      {waiting > 0 && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {waiting} {waiting === 1 ? 'action' : 'actions'} on this phone are not in these books yet.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Cash in the box', books.cash_expected_cents],
          ['Total taken', books.total_cents],
          ['Sales tax', books.tax_cents],
          ['Taxable sales', books.taxable_cents],
        ].map(([label, cents]) => (
          <div key={label} className="rounded-xl border border-stone-200 p-3 dark:border-stone-700">
            <dt className="text-sm text-stone-700 dark:text-stone-300">{label}</dt>
            <dd
              className="text-xl font-bold tabular-nums"
              data-testid={`stand-day-${String(label).toLowerCase().replace(/\s+/g, '-')}`}
            >
              {formatCents(Number(cents))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {books.sales_count} stand {books.sales_count === 1 ? 'sale' : 'sales'} and {books.pickups_count}{' '}
        {books.pickups_count === 1 ? 'pickup' : 'pickups'}; exempt sales {formatCents(books.exempt_cents)}.
      </p>
      <DataTable
        caption="Totals per tender"
        rows={books.tenders}
        rowKey={(row) => `${row.kind}:${row.market ?? ''}`}
        empty="Nothing taken yet today."
        columns={[
          {
            header: 'Tender',
            cell: (row) => `${tenderLabel(row.kind)}${row.market ? ` (${row.market})` : ''}`,
            rowHeader: true,
          },
          { header: 'Sales', cell: (row) => row.sales, numeric: true },
          { header: 'Amount', cell: (row) => formatCents(row.cents), numeric: true },
        ]}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          isLoading={csv.busy === 'csv'}
          onClick={() =>
            csv.download('csv', () => fetchStandDayCsv(date), `farmstand-stand-${date}.csv`, 'The CSV could not be downloaded')
          }
        >
          Download the day as CSV
        </Button>
        {csv.error && <span className="text-sm text-red-700 dark:text-red-400">{csv.error}</span>}
      </div>
    </div>
  );
}
