import { formatDateOnly, todayDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { marketDates } from '@farmstand/shared/markets/calendar';
import { MARKET_CURRENCY_LABELS, type Reconciliation, type VendorStatements } from '@farmstand/shared/schemas/market-office';
import type { Market } from '@farmstand/shared/schemas/markets';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { errorMessage } from '@/lib/api';
import {
  type DateRange,
  fetchProgrammeReport,
  fetchReconciliationCsv,
  fetchStatementsCsv,
  useReconciliation,
  useStatements,
  useVendors,
} from '../api';
import { VendorDayDialog } from './vendor-day';

type Books = z.output<typeof Reconciliation>;
type Line = Books['currencies'][number];
type Discrepancy = Books['discrepancies'][number];
type Statement = z.output<typeof VendorStatements>['statements'][number];
type Opened = { producerId: number; farmName: string; date: string };

const DISCREPANCY_LABELS: Record<Discrepancy['kind'], string> = {
  count_differs: 'Count differs from the report',
  not_counted: 'Reported, not counted',
  over_cap: 'Match over the cap (offline)',
  register_differs: 'Report differs from the farm’s register',
  redeemed_exceeds_issued: 'More redeemed than issued',
};

const day = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const money = (cents: number) => formatCents(cents);

/**
 * The market's books (decisions 582, 583): over a date range, issued − returned − redeemed −
 * outstanding per currency with every discrepancy by vendor and day; a vendor's day to count or
 * report; the vendors' statements; the programme's report for a season. Dates are the market's own.
 */
export function BooksTab({ market }: { market: Market }) {
  const today = todayDateOnly(new Date(), market.timeZone);
  const [range, setRange] = useState<DateRange>({
    from: market.seasonStart,
    // Today, within the season ('YYYY-MM-DD' sorts as dates do): its last day once it is over, its first before it starts.
    to: [market.seasonStart, today, market.seasonEnd].sort()[1],
  });
  const [opened, setOpened] = useState<Opened | null>(null);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <TextInput label="From" type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
        </div>
        <div className="w-44">
          <TextInput
            label="To"
            type="date"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
            error={valid ? undefined : 'The range ends on or after it starts'}
          />
        </div>
      </div>
      {valid && (
        <>
          <ReconciliationSection market={market} range={range} onOpen={setOpened} />
          <VendorDayPicker market={market} range={range} onOpen={setOpened} />
          <StatementsSection marketId={market.id} range={range} />
        </>
      )}
      <ProgrammeReport market={market} thisYear={Number(today.slice(0, 4))} />
      {opened && (
        <VendorDayDialog
          marketId={market.id}
          producerId={opened.producerId}
          farmName={opened.farmName}
          date={opened.date}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}

function CsvButton({ load, name, label }: { load: () => ReturnType<typeof fetchStatementsCsv>; name: string; label: string }) {
  const { busy, error, download } = useFileDownload<'csv'>();
  return (
    <div>
      <Button
        variant="secondary"
        size="sm"
        isLoading={busy === 'csv'}
        onClick={() => download('csv', load, name, `Could not download ${label}; try again`)}
      >
        Download {label} (CSV)
      </Button>
      <FormError className="mt-1">{error}</FormError>
    </div>
  );
}

function ReconciliationSection({ market, range, onOpen }: { market: Market; range: DateRange; onOpen: (o: Opened) => void }) {
  const books = useReconciliation(market.id, range);
  const lineColumns: Column<Line>[] = [
    { header: 'Currency', rowHeader: true, cell: (l) => MARKET_CURRENCY_LABELS[l.currency] },
    { header: 'Held at the start', numeric: true, cell: (l) => money(l.openingCents) },
    { header: 'Issued', numeric: true, cell: (l) => money(l.issuedCents) },
    { header: 'Returned', numeric: true, cell: (l) => money(l.returnedCents) },
    { header: 'Redeemed', numeric: true, cell: (l) => money(l.redeemedCents) },
    { header: 'Outstanding', numeric: true, cell: (l) => money(l.outstandingCents) },
    {
      header: 'Balance',
      numeric: true,
      testId: (l) => `balance-${l.currency}`,
      cell: (l) => (
        <span className={l.balanceCents === 0 ? '' : 'font-semibold text-red-700 dark:text-red-400'}>
          {money(l.balanceCents)}
        </span>
      ),
    },
  ];
  const discrepancyColumns: Column<Discrepancy>[] = [
    { header: 'Day', cell: (d) => day(d.marketDate), className: 'whitespace-nowrap' },
    { header: 'Vendor', rowHeader: true, cell: (d) => d.farmName ?? 'The booth' },
    { header: 'Currency', cell: (d) => MARKET_CURRENCY_LABELS[d.currency] },
    { header: 'What', cell: (d) => <span title={d.message}>{DISCREPANCY_LABELS[d.kind]}</span> },
    { header: 'Expected', numeric: true, cell: (d) => money(d.expectedCents) },
    { header: 'Actual', numeric: true, cell: (d) => money(d.actualCents) },
    { header: 'Details', cell: (d) => d.message },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (d) =>
        d.producerId !== null && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Count ${d.farmName ?? ''} on ${day(d.marketDate)}`}
            onClick={() => onOpen({ producerId: d.producerId as number, farmName: d.farmName ?? '', date: d.marketDate })}
          >
            Count
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby="reconciliation-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconciliation-heading" className="text-lg font-semibold">
          Reconciliation
        </h2>
        <CsvButton
          load={() => fetchReconciliationCsv(market.id, range)}
          name={`reconciliation-${range.from}-${range.to}.csv`}
          label="the reconciliation"
        />
      </div>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Held at the start + issued − returned − redeemed − outstanding = 0 for each currency. Redeemed is the market’s count where
        counted, the vendor’s report otherwise; outstanding is what shoppers still hold.
      </p>
      {books.isPending ? (
        <Spinner />
      ) : books.isError ? (
        <LoadError text={errorMessage(books.error, 'Could not load the books.')} onRetry={() => books.refetch()} />
      ) : (
        <>
          <Card className="p-2">
            <DataTable
              columns={lineColumns}
              rows={books.data.currencies}
              rowKey={(l) => l.currency}
              caption="Per currency"
              minWidth="min-w-[40rem]"
            />
          </Card>
          <h3 className="font-semibold">Discrepancies ({books.data.discrepancies.length})</h3>
          <Card className="p-2">
            <DataTable
              columns={discrepancyColumns}
              rows={books.data.discrepancies}
              rowKey={(d) => `${d.marketDate}-${d.producerId ?? 'booth'}-${d.currency}-${d.kind}`}
              caption="Discrepancies by vendor and day"
              empty="None: every report matches its count and the booth."
              minWidth="min-w-[60rem]"
            />
          </Card>
        </>
      )}
    </section>
  );
}

/** Any approved vendor's market day in the range, to count or report for it. */
function VendorDayPicker({ market, range, onOpen }: { market: Market; range: DateRange; onOpen: (o: Opened) => void }) {
  const vendors = useVendors(market.id);
  const approved = vendors.data?.vendors.filter((v) => v.status === 'approved' || v.status === 'removed') ?? [];
  const dates = marketDates(market, range.from, range.to).reverse();
  const [producer, setProducer] = useState('');
  const [date, setDate] = useState('');
  const chosen = approved.find((v) => String(v.producerId) === (producer || String(approved[0]?.producerId)));
  const when = date || dates[0];
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">A vendor’s market day</h2>
      <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
        Count what a vendor handed in, or enter its report for it.
      </p>
      {approved.length === 0 || dates.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">
          {approved.length === 0 ? 'No vendors yet.' : 'No market days in this range.'}
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-64">
            <SelectInput
              label="Vendor"
              value={chosen ? String(chosen.producerId) : ''}
              onChange={(e) => setProducer(e.target.value)}
            >
              {approved.map((v) => (
                <option key={v.producerId} value={v.producerId}>
                  {v.farmName}
                </option>
              ))}
            </SelectInput>
          </div>
          <div className="w-56">
            <SelectInput label="Market day" value={when} onChange={(e) => setDate(e.target.value)}>
              {dates.map((d) => (
                <option key={d} value={d}>
                  {day(d)}
                </option>
              ))}
            </SelectInput>
          </div>
          <Button
            variant="secondary"
            disabled={!chosen}
            onClick={() => chosen && onOpen({ producerId: chosen.producerId, farmName: chosen.farmName, date: when })}
          >
            Open the day
          </Button>
        </div>
      )}
    </Card>
  );
}

function StatementsSection({ marketId, range }: { marketId: number; range: DateRange }) {
  const statements = useStatements(marketId, range);
  const columns: Column<Statement>[] = [
    { header: 'Vendor', rowHeader: true, cell: (s) => s.farmName },
    { header: 'Days attended', numeric: true, cell: (s) => s.days.filter((d) => d.attended).length },
    { header: 'Sales', numeric: true, cell: (s) => money(s.days.reduce((sum, d) => sum + d.salesCents, 0)) },
    { header: 'Reimbursed', numeric: true, cell: (s) => money(s.reimbursedCents) },
    { header: 'Fee', numeric: true, cell: (s) => money(s.feeCents) },
    { header: 'Market basket fees', numeric: true, cell: (s) => money(s.basketFeeCents) },
    {
      header: 'Net (market pays)',
      numeric: true,
      testId: (s) => `net-${s.producerId}`,
      cell: (s) => <span className={s.netCents < 0 ? 'text-red-700 dark:text-red-400' : ''}>{money(s.netCents)}</span>,
    },
  ];
  return (
    <section aria-labelledby="statements-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="statements-heading" className="text-lg font-semibold">
          Vendor statements
        </h2>
        <CsvButton
          load={() => fetchStatementsCsv(marketId, range)}
          name={`statements-${range.from}-${range.to}.csv`}
          label="the statements"
        />
      </div>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        What the market reimburses each vendor and its fee, apart: fees are never taken out of SNAP. A negative net is owed by the
        vendor.
      </p>
      {statements.isPending ? (
        <Spinner />
      ) : statements.isError ? (
        <LoadError text={errorMessage(statements.error, 'Could not load the statements.')} onRetry={() => statements.refetch()} />
      ) : (
        <Card className="p-2">
          <DataTable
            columns={columns}
            rows={statements.data.statements}
            rowKey={(s) => s.producerId}
            caption="Vendor statements"
            empty="No vendor reported in this range."
            minWidth="min-w-[40rem]"
          />
        </Card>
      )}
    </section>
  );
}

function ProgrammeReport({ market, thisYear }: { market: Market; thisYear: number }) {
  // The seasons from the market's first to this year's, newest first.
  const first = Number(market.seasonStart.slice(0, 4));
  const last = Math.max(first, thisYear);
  const seasons = Array.from({ length: last - first + 1 }, (_, i) => last - i);
  const [season, setSeason] = useState(String(Math.min(last, Number(market.seasonEnd.slice(0, 4)))));
  const { busy, error, file, download } = useFileDownload<'csv' | 'pdf'>();
  const get = (format: 'csv' | 'pdf') =>
    download(
      format,
      () => fetchProgrammeReport(market.id, Number(season), format),
      `programme-report-${market.slug}-${season}.${format}`,
      `Could not make the ${format.toUpperCase()} report; try again`,
    );
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">The programme’s report</h2>
      <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
        SNAP, Double Dollars, WIC and Senior FMNP totals, monthly customer counts and vendor sales for a season, in the layout the
        programme asks for.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-32">
          <SelectInput label="Season" value={season} onChange={(e) => setSeason(e.target.value)}>
            {seasons.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectInput>
        </div>
        <Button variant="secondary" isLoading={busy === 'csv'} onClick={() => get('csv')}>
          Download CSV
        </Button>
        <Button variant="secondary" isLoading={busy === 'pdf'} onClick={() => get('pdf')}>
          Download PDF
        </Button>
      </div>
      <FormError className="mt-2">{error}</FormError>
      {file && (
        <p className="mt-2 text-sm">
          <a href={file.url} download={file.name} className="font-medium text-brand-700 underline dark:text-green-300">
            Download {file.name} again
          </a>
        </p>
      )}
    </Card>
  );
}
