import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { Card } from '@/components/ui/card';
import { useOrderWeeks } from '../api';
import { money } from '../format';

/**
 * Producer analytics: orders per pickup week, upcoming weeks included, and their value: accepted
 * orders at their total, the weighed amount once weighed (decisions 174, 546).
 */
export function OrderWeeks() {
  const query = useOrderWeeks();
  const weeks = query.data?.weeks ?? [];
  const top = Math.max(1, ...weeks.map((w) => w.orders));
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Orders per week</h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        By the week of their pickup, with the weeks ahead. Value: accepted orders, weighed ones at their weighed total.
      </p>
      {weeks.length === 0 ? (
        <p className="mt-2 text-stone-700 dark:text-stone-300">No orders for pickups in the last 12 weeks or ahead yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-700">
              <th scope="col" className="py-1">
                Pickup week of
              </th>
              <th scope="col" className="py-1">
                Orders
              </th>
              <th scope="col" className="py-1 text-right">
                Order value
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week_start} className="border-b border-stone-200 dark:border-stone-800">
                <td className="py-1">{formatDateOnly(week.week_start, { month: 'short', day: 'numeric' })}</td>
                <td className="py-1">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="h-2 rounded bg-brand-600"
                      style={{ width: `${(week.orders / top) * 6}rem` }}
                    />
                    {week.orders}
                  </span>
                </td>
                <td className="py-1 text-right">{money(week.reserved_value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
