import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type { OrderWeeksResponse } from '@farmstand/shared/schemas/orders';
import { DataTable } from '@/components/ui/data-table';
import { formatUsd } from '@/lib/format';

const muted = 'text-stone-700 dark:text-stone-300';

/**
 * "Orders per week" as the farm's analytics and the admin's show it (decisions 546, 552): what the
 * figure counts, then a row per pickup week ("Jun 3") with its orders (and a bar) and their value.
 * `scope`: the farm's own orders, or every farm's. The section's heading is the caller's.
 */
export function OrderWeeksTable({ weeks, scope }: { weeks: OrderWeeksResponse['weeks']; scope: 'farm' | 'all' }) {
  const top = Math.max(1, ...weeks.map((w) => w.orders));
  return (
    <>
      <p className={`mt-1 text-sm ${muted}`}>
        {scope === 'all' ? 'Every farm’s orders by the week of their pickup' : 'By the week of their pickup'}, with the weeks
        ahead. Value: accepted orders, weighed ones at their weighed total.
      </p>
      {weeks.length === 0 ? (
        <p className={`mt-2 ${muted}`}>No orders for pickups in the last 12 weeks or ahead yet.</p>
      ) : (
        <DataTable
          className="mt-3"
          caption="Orders per week"
          rows={weeks}
          rowKey={(week) => week.week_start}
          columns={[
            { header: 'Pickup week of', cell: (week) => formatDateOnly(week.week_start, { month: 'short', day: 'numeric' }) },
            {
              header: 'Orders',
              cell: (week) => (
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="h-2 rounded bg-brand-600"
                    style={{ width: `${(week.orders / top) * 6}rem` }}
                  />
                  {week.orders}
                </span>
              ),
            },
            { header: 'Order value', numeric: true, cell: (week) => formatUsd(week.reserved_value) },
          ]}
        />
      )}
    </>
  );
}
