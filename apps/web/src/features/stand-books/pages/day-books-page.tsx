import { TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import type { StandDay } from '@farmstand/shared/schemas/stand';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { useDocumentTitle } from '@/lib/document-title';
import { fetchStandDayCsv, useStandDay } from '../api';

/**
 * The day's books at the booth (issue 47 item 6): stand sales and pickups handed over today, the
 * total per tender (the cash that should be in the box first), taxable and exempt sales and the
 * tax, as the server counts them once the phone has sent its sales; a CSV to keep.
 */
export default function DayBooksPage() {
  useDocumentTitle('The day’s books');
  const [params] = useSearchParams();
  const date = params.get('date') ?? '';
  const day = useStandDay(date);
  const csv = useFileDownload<'csv'>();
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-3 py-4 sm:px-6">
      <Link to="/stand" className="text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-green-300">
        Back to the stand
      </Link>
      <h1 className="text-2xl font-bold">
        The day’s books{day.data && `: ${formatDateOnly(day.data.date, { weekday: 'long', month: 'long', day: 'numeric' })}`}
      </h1>
      {day.isPending ? (
        <p className="text-stone-700 dark:text-stone-300">Loading the day’s books…</p>
      ) : day.isError ? (
        <LoadError text="The day’s books could not be loaded." onRetry={() => day.refetch()} />
      ) : (
        <Books books={day.data} date={date} csv={csv} />
      )}
    </div>
  );
}

function Books({ books, date, csv }: { books: StandDay; date: string; csv: ReturnType<typeof useFileDownload<'csv'>> }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700 dark:text-stone-300">
        What Farmstand has received: a sale still waiting on a phone counts once that phone has synced.
      </p>
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
      {books.fns_number && books.tenders.some((row) => row.kind === 'snap') && (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          SNAP/EBT taken on the farm’s own EBT device under FNS retailer number {books.fns_number}.
        </p>
      )}
      <DataTable
        caption="Totals per tender"
        rows={books.tenders}
        rowKey={(row) => `${row.kind}:${row.market ?? ''}`}
        empty="Nothing taken yet today."
        columns={[
          {
            header: 'Tender',
            cell: (row) => `${TENDER_LABELS[row.kind as TenderKind] ?? row.label}${row.market ? ` (${row.market})` : ''}`,
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
            csv.download(
              'csv',
              () => fetchStandDayCsv(date || books.date),
              `farmstand-stand-${books.date}.csv`,
              'The CSV could not be downloaded',
            )
          }
        >
          Download the day as CSV
        </Button>
        {csv.error && <span className="text-sm text-red-700 dark:text-red-400">{csv.error}</span>}
      </div>
    </div>
  );
}
