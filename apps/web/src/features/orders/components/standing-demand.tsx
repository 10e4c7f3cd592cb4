import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { lineName } from '@farmstand/shared/format/quantity';
import { type StandingDemand as Demand, STANDING_LIMITS } from '@farmstand/shared/schemas/standing';
import { Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useStandingDemand } from '../farm-standing-api';
import { formatClock } from '../format';

const muted = 'text-stone-700 dark:text-stone-300';
/** "Saturday 9:00 AM": a weekly pickup time, on the place's own clock. */
export const weeklyTime = (weekday: number, start: string) => `${WEEKDAY_NAMES[weekday] ?? ''} ${formatClock(start)}`.trim();

type Row = Demand['rows'][number];

/** Products in name order, then each place and weekly time (weekday, then start). */
function sortRows(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) =>
      lineName(a.name, a.variant_name).localeCompare(lineName(b.name, b.variant_name)) ||
      a.place.localeCompare(b.place) ||
      a.weekday - b.weekday ||
      a.start.localeCompare(b.start),
  );
}

/**
 * The farm's "Standing demand, next 8 weeks" (decision 514): units that shoppers' standing
 * reservations will order, per product (and variant), pickup place and weekly time, one column per
 * week, with each week's total. Skipped, paused and away weeks are already left out by the server.
 * The table scrolls sideways inside its own box on a phone; the product column stays in view.
 */
export function StandingDemand() {
  const query = useStandingDemand();
  return (
    <div className="space-y-2">
      <h3 id="standing-demand-heading" className="font-semibold">
        Standing demand, next {STANDING_LIMITS.demandWeeks} weeks
      </h3>
      {query.isPending ? (
        <Spinner label="Loading the standing demand…" />
      ) : query.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {errorMessage(query.error, 'Could not load the standing demand; reload the page to try again')}
        </p>
      ) : (
        <DemandTable demand={query.data} />
      )}
    </div>
  );
}

export function DemandTable({ demand }: { demand: Demand }) {
  const rows = sortRows(demand.rows);
  if (rows.length === 0) {
    return (
      <p className={muted}>
        {demand.reservations === 0
          ? 'No standing orders yet. When shoppers make a reservation repeat every 1, 2 or 4 weeks, the units they will order show here week by week.'
          : `None of your ${demand.reservations} standing ${demand.reservations === 1 ? 'reservation orders' : 'reservations order'} anything in the next ${demand.weeks.length} weeks (paused, away or skipped).`}
      </p>
    );
  }
  const totals = demand.weeks.map((_, week) => rows.reduce((sum, row) => sum + (row.quantities[week] ?? 0), 0));
  const sticky = 'sticky left-0 z-10 bg-white dark:bg-stone-900';
  return (
    <>
      <p className={`text-sm ${muted}`}>
        Units your shoppers’ standing reservations will order each week ({demand.reservations} active{' '}
        {demand.reservations === 1 ? 'reservation' : 'reservations'}): a signal for what to harvest and plant. Skipped, paused and
        away weeks are left out; orders are placed before each cut-off, so stock decides in the end.
      </p>
      {/* A named region that takes the focus, so a keyboard can scroll the table sideways on a narrow screen. */}
      <section
        aria-labelledby="standing-demand-heading"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-lg border border-stone-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-stone-700 dark:bg-stone-900"
      >
        <table className="w-full border-collapse text-left text-sm">
          {/* The explanation above, in a word for screen readers: where the figures come from. */}
          <caption className="sr-only">Units per week from shoppers’ standing reservations</caption>
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-600">
              <th scope="col" className={`${sticky} px-3 py-2 font-semibold`}>
                Product
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Place and time
              </th>
              {demand.weeks.map((week) => (
                <th key={week} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  <span className="block text-xs font-normal">Week of</span>{' '}
                  {formatDateOnly(week, { month: 'short', day: 'numeric' })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.product_id}-${row.variant_id}-${row.point_id}-${row.weekday}-${row.start}`}
                className="border-b border-stone-200 dark:border-stone-800"
              >
                <th scope="row" className={`${sticky} min-w-28 max-w-48 px-3 py-2 font-medium break-words`}>
                  {lineName(row.name, row.variant_name)}
                </th>
                <td className="min-w-36 px-3 py-2">
                  {row.place}
                  <span className={`block ${muted}`}>{weeklyTime(row.weekday, row.start)}</span>
                </td>
                {demand.weeks.map((week, index) => {
                  const units = row.quantities[index] ?? 0;
                  return (
                    <td
                      key={week}
                      className={`px-3 py-2 text-right tabular-nums ${units === 0 ? 'text-stone-600 dark:text-stone-400' : 'font-semibold'}`}
                    >
                      {units}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-stone-300 dark:border-stone-600">
              <th scope="row" className={`${sticky} px-3 py-2 font-semibold`}>
                Total units
              </th>
              <td className="px-3 py-2" />
              {totals.map((total, index) => (
                <td key={demand.weeks[index]} className="px-3 py-2 text-right font-semibold tabular-nums">
                  {total}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </section>
    </>
  );
}
