import { TENDER_KINDS, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import {
  QUICKBOOKS_ACCOUNTS,
  QUICKBOOKS_TENDER_ACCOUNTS,
  XERO_EXEMPT_TAX,
  XERO_SALES_ACCOUNT,
} from '@farmstand/shared/books/accounts';
import { STATE_NAMES } from '@farmstand/shared/constants/catalog';
import { addDaysToDate, formatDateOnly, monthStart, todayDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import type { BookExport, BookExportFormat, TaxSummary } from '@farmstand/shared/schemas/books';
import { STATE_SALES_TAX } from '@farmstand/shared/tax/rates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { useDocumentTitle } from '@/lib/document-title';
import { usePickupSetup } from '@/shared/pickup-places';
import { BOOKS_KEY, fetchExportFile, fetchSalesFile, fetchTaxCsv, useBookExports, useTaxSummary } from '../api';

type Export = z.output<typeof BookExport>;

const FORMAT_LABELS: Record<BookExportFormat, string> = {
  orders: 'Orders and tenders (spreadsheet)',
  quickbooks: 'QuickBooks Online (journal entries)',
  xero: 'Xero (sales invoices)',
};
const FORMAT_HINTS: Record<BookExportFormat, string> = {
  orders:
    'A row per sale (goods, delivery fee, taxable, exempt, tax, total, each tender, market fee), then a row per line with its weights and tax. Opens in Excel or Google Sheets.',
  quickbooks:
    'One balanced journal entry per day: each tender debited, sales and the tax collected credited. In QuickBooks Online: Settings › Import data › Journal entries.',
  xero: 'An invoice per sale (FS-order number), a row per line with its tax, in Xero’s own template. In Xero: Sales › Invoices › Import.',
};

const day = (date: string) => formatDateOnly(date, { month: 'short', day: 'numeric', year: 'numeric' });
const shortDay = (date: string) => formatDateOnly(date, { month: 'short', day: 'numeric' });

/**
 * The farm's books out (issue 50 items 3–5, decision 586): its sales of a range of days (and a
 * place) as a spreadsheet, for QuickBooks Online or for Xero, each sale in one file per format; the
 * files made before, to download again unchanged; the sales-tax quarter by month.
 */
export default function BooksPage() {
  useDocumentTitle('Books');
  const setup = usePickupSetup();
  const zone = setup.data?.time_zone ?? 'America/New_York';
  const today = todayDateOnly(new Date(), zone);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-3 py-6 sm:px-6">
      <Link to="/dashboard" className="text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-green-300">
        Back to the dashboard
      </Link>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Books</h1>
        <p className="text-stone-700 dark:text-stone-300">
          Your sales out to your bookkeeping. Only what was paid counts as a sale: orders picked up and stand sales, on the day at
          their pickup place. Each sale goes into one file of each kind, so exporting the same days again never counts it twice;
          your earlier files are below.
        </p>
      </div>
      <ExportSection today={today} points={setup.data?.points ?? []} />
      <PastExports zone={zone} points={setup.data?.points ?? []} />
      <TaxSection today={today} zone={zone} />
      <AccountsHelp />
    </div>
  );
}

function ExportSection({ today, points }: { today: string; points: { id: number; name: string }[] }) {
  const lastMonthEnd = addDaysToDate(monthStart(today), -1);
  const [from, setFrom] = useState(monthStart(lastMonthEnd));
  const [to, setTo] = useState(lastMonthEnd);
  const [pointId, setPointId] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const files = useFileDownload<BookExportFormat>();
  const queryClient = useQueryClient();
  const valid = from !== '' && to !== '' && from <= to;

  async function exportFile(format: BookExportFormat) {
    setSaid(null);
    await files.download(
      format,
      async () => {
        const file = await fetchSalesFile(format, { from, to, pointId: pointId === '' ? undefined : Number(pointId) });
        setSaid(
          file.filename?.includes('nothing-new')
            ? `Nothing new for ${FORMAT_LABELS[format]}: every sale of these days is already in an earlier file (below).`
            : `${FORMAT_LABELS[format]} downloaded.`,
        );
        return file;
      },
      `farmstand-${format}-${from}-${to}.csv`,
      'The file could not be made; try again',
    );
    await queryClient.invalidateQueries({ queryKey: [...BOOKS_KEY, 'exports'] });
  }

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Export sales</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="w-44">
          <TextInput
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={valid ? undefined : 'Choose a last day on or after the first'}
          />
        </div>
        <div className="w-60">
          <SelectInput label="Pickup place" value={pointId} onChange={(e) => setPointId(e.target.value)}>
            <option value="">All places</option>
            {points.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectInput>
        </div>
      </div>
      <ul className="space-y-3">
        {(Object.keys(FORMAT_LABELS) as BookExportFormat[]).map((format) => (
          <li key={format} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
            <Button
              variant="secondary"
              className="sm:w-80 sm:shrink-0"
              disabled={!valid || files.busy !== null}
              isLoading={files.busy === format}
              onClick={() => exportFile(format)}
            >
              {FORMAT_LABELS[format]}
            </Button>
            <p className="text-sm text-stone-700 dark:text-stone-300">{FORMAT_HINTS[format]}</p>
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm font-medium text-stone-800 dark:text-stone-200">
        {said}
      </p>
      <FormError>{files.error}</FormError>
    </Card>
  );
}

function PastExports({ zone, points }: { zone: string; points: { id: number; name: string }[] }) {
  const exports = useBookExports();
  const again = useFileDownload<string>();
  const columns: Column<Export>[] = [
    {
      header: 'Made',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (e) => shortDay(todayDateOnly(new Date(e.createdAt), zone)),
    },
    { header: 'File', cell: (e) => FORMAT_LABELS[e.format] },
    { header: 'Days', cell: (e) => (e.from === e.to ? day(e.from) : `${shortDay(e.from)} – ${day(e.to)}`) },
    {
      header: 'Place',
      cell: (e) => (e.pointId === null ? 'All' : (points.find((p) => p.id === e.pointId)?.name ?? 'A removed place')),
    },
    { header: 'Sales', numeric: true, cell: (e) => e.orderCount },
    { header: 'Total', numeric: true, cell: (e) => formatCents(e.totalCents) },
    {
      header: <span className="sr-only">Download</span>,
      cell: (e) => (
        <Button
          variant="ghost"
          size="sm"
          isLoading={again.busy === String(e.id)}
          onClick={() =>
            again.download(
              String(e.id),
              () => fetchExportFile(e.id),
              `farmstand-${e.format}-${e.id}.csv`,
              'Could not download it; try again',
            )
          }
        >
          Download<span className="sr-only"> {`${FORMAT_LABELS[e.format]} of ${day(e.from)}`}</span>
        </Button>
      ),
    },
  ];
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">Files made before</h2>
      {exports.isPending ? (
        <p className="text-stone-700 dark:text-stone-300">Loading your exports…</p>
      ) : exports.isError ? (
        <LoadError text="Your exports could not be loaded." onRetry={() => exports.refetch()} />
      ) : (
        <DataTable
          caption="Each file as it was first given"
          rows={exports.data.exports}
          rowKey={(e) => e.id}
          empty="No exports yet."
          columns={columns}
        />
      )}
      <FormError>{again.error}</FormError>
    </section>
  );
}

const monthName = (month: string) => formatDateOnly(`${month}-01`, { month: 'long', year: 'numeric' });

function TaxSection({ today, zone }: { today: string; zone: string }) {
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [quarter, setQuarter] = useState(Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1);
  const summary = useTaxSummary(year, quarter);
  const state = summary.data?.state ?? null;
  const form = state ? STATE_SALES_TAX[state].returnForm : null;
  const returnName = state && form ? `${STATE_NAMES[state]}’s ${form.title} (${form.form})` : 'your state’s sales-tax return';
  const csv = useFileDownload<'csv'>();
  type Row = TaxSummary['months'][number];
  const columns: Column<Row>[] = [
    { header: 'Month', rowHeader: true, cell: (m) => (m.month === 'total' ? 'Quarter' : monthName(m.month)) },
    { header: 'Gross sales', numeric: true, cell: (m) => formatCents(m.grossCents) },
    { header: 'Taxable', numeric: true, cell: (m) => formatCents(m.taxableCents) },
    { header: 'Exempt', numeric: true, cell: (m) => formatCents(m.exemptCents) },
    { header: 'Paid with SNAP', numeric: true, cell: (m) => formatCents(m.snapPaidCents) },
    { header: 'Tax collected', numeric: true, cell: (m) => formatCents(m.taxCents), testId: (m) => `tax-${m.month}` },
  ];
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">Sales tax by quarter</h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        What {returnName} asks: gross sales, the exempt part (what {state ? STATE_NAMES[state] : 'your state'} does not tax, and
        what SNAP paid, never taxed), taxable sales and the tax you collected, by month in{' '}
        {zone.replace('America/', '').replace('_', ' ')} time. Corrections made after an export count here. You file the return
        with the state yourself.
        {summary.data && !state ? ' Add your farm’s state to your profile to see which return it is.' : null}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-32">
          <SelectInput label="Year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectInput>
        </div>
        <div className="w-40">
          <SelectInput label="Quarter" value={quarter} onChange={(e) => setQuarter(Number(e.target.value))}>
            {[1, 2, 3, 4].map((q) => (
              <option key={q} value={q}>
                Q{q} ({['Jan–Mar', 'Apr–Jun', 'Jul–Sep', 'Oct–Dec'][q - 1]})
              </option>
            ))}
          </SelectInput>
        </div>
        <Button
          variant="secondary"
          isLoading={csv.busy === 'csv'}
          onClick={() =>
            csv.download(
              'csv',
              () => fetchTaxCsv(year, quarter),
              `farmstand-sales-tax-${year}-q${quarter}.csv`,
              'Could not download the quarter; try again',
            )
          }
        >
          Download the quarter (CSV)
        </Button>
      </div>
      <FormError>{csv.error}</FormError>
      {summary.isPending ? (
        <p className="text-stone-700 dark:text-stone-300">Loading the quarter…</p>
      ) : summary.isError ? (
        <LoadError text="The quarter could not be loaded." onRetry={() => summary.refetch()} />
      ) : (
        <>
          <DataTable
            caption={`Sales tax, ${year} Q${quarter}`}
            rows={[...summary.data.months, { month: 'total', ...summary.data.total }]}
            rowKey={(m) => m.month}
            empty="No months."
            columns={columns}
          />
          {summary.data.total.byRate.length > 1 && (
            <div className="text-sm">
              <p className="font-medium">The quarter at each of {state ? STATE_NAMES[state] : 'your state'}’s rates</p>
              <ul className="list-disc pl-5" data-testid="tax-by-rate">
                {summary.data.total.byRate.map((r) => (
                  <li key={r.ratePercent}>
                    At {r.ratePercent} %: taxable {formatCents(r.taxableCents)}, tax {formatCents(r.taxCents)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function AccountsHelp() {
  const accounts = [
    ...new Set([...TENDER_KINDS.map((k) => QUICKBOOKS_TENDER_ACCOUNTS[k]), ...Object.values(QUICKBOOKS_ACCOUNTS)]),
  ];
  return (
    <details className="rounded-xl border border-stone-200 p-4 dark:border-stone-700">
      <summary className="cursor-pointer font-semibold">Accounts the files name</summary>
      <div className="mt-3 space-y-3 text-sm text-stone-700 dark:text-stone-300">
        <p>
          QuickBooks Online refuses an account its chart does not hold by the same name: create these once (Settings › Chart of
          accounts), or rename them in the file before importing. Turn off account numbers while importing.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {accounts.map((name) => (
            <li key={name}>
              {name}
              {TENDER_KINDS.some((k) => QUICKBOOKS_TENDER_ACCOUNTS[k] === name) &&
                ` (${TENDER_KINDS.filter((k) => QUICKBOOKS_TENDER_ACCOUNTS[k] === name)
                  .map((k) => TENDER_LABELS[k])
                  .join(', ')})`}
            </li>
          ))}
        </ul>
        <p>
          Xero: lines go to account {XERO_SALES_ACCOUNT} (Sales in Xero’s standard chart) with the tax rate “{XERO_EXEMPT_TAX}” or
          “KY Sales Tax” (your state’s code): name your sales-tax rate so in Xero. Amounts are tax exclusive; the invoices arrive
          as drafts to mark paid.
        </p>
      </div>
    </details>
  );
}
