import { Card } from '@/components/ui/card';
import { useOrderWeeks } from '../api';
import { money } from '../format';

/** Producer analytics: orders placed and value reserved per week (decision 174). */
export function OrderWeeks() {
  const query = useOrderWeeks();
  const weeks = query.data?.weeks ?? [];
  const top = Math.max(1, ...weeks.map((w) => w.orders));
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Orders per week</h2>
      {weeks.length === 0 ? (
        <p className="mt-2 text-stone-700 dark:text-stone-300">No orders in the last 12 weeks yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-700">
              <th scope="col" className="py-1">
                Week of
              </th>
              <th scope="col" className="py-1">
                Orders
              </th>
              <th scope="col" className="py-1 text-right">
                Reserved value
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week_start} className="border-b border-stone-200 dark:border-stone-800">
                <td className="py-1">{week.week_start}</td>
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
