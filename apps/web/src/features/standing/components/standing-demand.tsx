import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { demandQuantity, demandRowName, demandShareName, demandUnit } from '@farmstand/shared/format/demand';
import { type StandingDemand as Demand, STANDING_LIMITS } from '@farmstand/shared/schemas/standing';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { errorMessage } from '@/lib/api';
import { formatClock } from '@/lib/pickup-time';
import { fetchDemandCsv, useStandingDemand } from '../api';

const muted = 'text-stone-700 dark:text-stone-300';
/** "Saturday 9:00 AM": a weekly pickup time, on the place's own clock. */
export const weeklyTime = (weekday: number, start: string) => `${WEEKDAY_NAMES[weekday] ?? ''} ${formatClock(start)}`.trim();

type Row = Demand['rows'][number];

/** Products in name order, then each place and weekly time (weekday, then start). */
function sortRows(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) =>
      demandRowName(a).localeCompare(demandRowName(b)) ||
      a.place.localeCompare(b.place) ||
      a.weekday - b.weekday ||
      a.start.localeCompare(b.start),
  );
}

/**
 * The farm's "Standing demand, next 8 weeks" (decisions 514, 546): first the CSA shares to pack per
 * plan and box size, then what shoppers' standing reservations order per product (and variant),
 * pickup place and weekly time, each product in its own unit ("2 dozen", "2 packs × 3–5 lb (6–10 lb)"), so
 * nothing adds dozens to pounds. One column per week; skipped, paused, away and off weeks, and a
 * place's closed dates and days outside its season (decision 542), are left out by the server. Each table scrolls sideways inside its own box on a phone; the first column
 * stays in view. The same figures download as a CSV.
 */
export function StandingDemand() {
  const query = useStandingDemand();
  const { busy, error: downloadError, download } = useFileDownload<'csv'>();
  const hasFigures = !!query.data && (query.data.rows.length > 0 || query.data.shares.length > 0);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="standing-demand-heading" className="font-semibold">
          Standing demand, next {STANDING_LIMITS.demandWeeks} weeks
        </h3>
        {hasFigures && (
          <Button
            variant="secondary"
            size="sm"
            isLoading={busy === 'csv'}
            onClick={() =>
              download('csv', fetchDemandCsv, 'farmstand-standing-demand.csv', 'Could not download the demand; try again')
            }
          >
            Download CSV
          </Button>
        )}
      </div>
      <FormError>{downloadError}</FormError>
      {query.isPending ? (
        <Spinner label="Loading the standing demand…" />
      ) : query.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {errorMessage(query.error, 'Could not load the standing demand; reload the page to try again')}
        </p>
      ) : (
        <DemandTables demand={query.data} />
      )}
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function DemandTables({ demand }: { demand: Demand }) {
  const rows = sortRows(demand.rows);
  if (rows.length === 0 && demand.shares.length === 0) {
    return (
      <p className={muted}>
        {demand.reservations === 0
          ? 'No standing orders yet. When shoppers make a reservation repeat every 1, 2 or 4 weeks, or join a CSA plan, what they will take shows here week by week.'
          : `None of your ${demand.reservations} standing ${demand.reservations === 1 ? 'reservation orders' : 'reservations order'} anything in the next ${demand.weeks.length} weeks (paused, away or skipped).`}
      </p>
    );
  }
  const reservations = demand.reservations - demand.members;
  const counted = [
    demand.members > 0 && plural(demand.members, 'CSA member', 'CSA members'),
    reservations > 0 && plural(reservations, 'standing reservation', 'standing reservations'),
  ].filter(Boolean);
  return (
    <>
      <p className={`text-sm ${muted}`}>
        What {counted.join(' and ')} will take each week: a signal for what to harvest and plant. Skipped, paused, away and off
        weeks, and weeks a place is closed or out of its season, are left out; orders are placed before each cut-off, so stock
        decides in the end.
      </p>
      {demand.shares.length > 0 && (
        <WeekTable
          id="standing-demand-shares"
          title="CSA shares to pack"
          caption="CSA shares per plan and box size, each week"
          weeks={demand.weeks}
          first="Plan and size"
          rows={demand.shares.map((share) => ({
            key: `${share.plan_id}-${share.size_index}`,
            head: demandShareName(share),
            cells: share.counts.map((count) => ({ value: count, text: String(count) })),
          }))}
        />
      )}
      {rows.length > 0 && (
        <WeekTable
          id="standing-demand-products"
          title="Products, each in its own unit"
          caption="Each product per week in its own unit, from standing reservations and CSA add-ons"
          weeks={demand.weeks}
          first="Product"
          second="Place and time"
          rows={rows.map((row) => ({
            key: `${row.product_id}-${row.variant_id}-${row.point_id}-${row.weekday}-${row.start}`,
            head: (
              <>
                {demandRowName(row)}
                <span className={`block text-xs font-normal ${muted}`}>Counted in {demandUnit(row)}</span>
              </>
            ),
            second: (
              <>
                {row.place}
                <span className={`block ${muted}`}>{weeklyTime(row.weekday, row.start)}</span>
              </>
            ),
            cells: row.quantities.map((quantity) => ({
              value: quantity,
              text: quantity === 0 ? '0' : demandQuantity(row, quantity),
            })),
          }))}
        />
      )}
    </>
  );
}

type TableRow = { key: string; head: ReactNode; second?: ReactNode; cells: { value: number; text: string }[] };

/** One table of figures per week, in a named box that scrolls sideways and takes the keyboard's focus. */
function WeekTable({
  id,
  title,
  caption,
  weeks,
  first,
  second,
  rows,
}: {
  id: string;
  title: string;
  caption: string;
  weeks: string[];
  first: string;
  second?: string;
  rows: TableRow[];
}) {
  const sticky = 'sticky left-0 z-10 bg-white dark:bg-stone-900';
  return (
    <div className="space-y-1">
      <h4 id={id} className="text-sm font-semibold">
        {title}
      </h4>
      <section
        aria-labelledby={id}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-lg border border-stone-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-stone-700 dark:bg-stone-900"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-600">
              <th scope="col" className={`${sticky} px-3 py-2 font-semibold`}>
                {first}
              </th>
              {second && (
                <th scope="col" className="px-3 py-2 font-semibold">
                  {second}
                </th>
              )}
              {weeks.map((week) => (
                <th key={week} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  <span className="block text-xs font-normal">Week of</span>{' '}
                  {formatDateOnly(week, { month: 'short', day: 'numeric' })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-stone-200 last:border-b-0 dark:border-stone-800">
                <th scope="row" className={`${sticky} min-w-28 max-w-48 px-3 py-2 font-medium break-words`}>
                  {row.head}
                </th>
                {second && <td className="min-w-36 px-3 py-2">{row.second}</td>}
                {row.cells.map((cell, index) => (
                  <td
                    key={weeks[index]}
                    className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${cell.value === 0 ? 'text-stone-600 dark:text-stone-400' : 'font-semibold'}`}
                  >
                    {cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
