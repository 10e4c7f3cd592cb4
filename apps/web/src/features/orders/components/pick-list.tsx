import { PICKUP_KIND_LABELS } from '@farmstand/shared/constants/orders';
import type { Order, PickListResponse } from '@farmstand/shared/schemas/orders';
import { formatDay, formatWindow } from '../format';

/** Total quantity per product per window: what to load for the day (printable on one page). */
export function PickList({ data, printTarget }: { data: PickListResponse; printTarget: boolean }) {
  return (
    <section data-print-target={printTarget} aria-labelledby="pick-list-heading" className="space-y-3">
      <h3 id="pick-list-heading" className="text-lg font-semibold">
        Pick list · {data.farm_name} · {formatDay(data.date)}
      </h3>
      {data.windows.length === 0 && <p className="text-stone-700 dark:text-stone-300">No accepted orders for this day yet.</p>}
      {data.windows.map((window) => (
        <div key={`${window.point_name}-${window.starts_at}`} className="break-inside-avoid">
          <p className="font-semibold">
            {formatWindow(window.starts_at, window.ends_at)} · {window.point_name} ({PICKUP_KIND_LABELS[window.kind]}) ·{' '}
            {window.order_count} {window.order_count === 1 ? 'order' : 'orders'}
          </p>
          <table className="mt-1 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                <th scope="col" className="py-1 pr-2">
                  Product
                </th>
                <th scope="col" className="py-1 text-right">
                  Total quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {window.lines.map((line) => (
                <tr key={`${line.product_id}-${line.name}`} className="border-b border-stone-200 dark:border-stone-800">
                  <td className="py-1 pr-2">{line.name}</td>
                  <td className="py-1 text-right font-semibold" data-testid="pick-quantity">
                    {line.quantity}
                    {line.price_unit ? ` ${line.price_unit}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

/** Each shopper with phone and items, a box to tick at the stand. */
export function DaySheet({
  date,
  farmName,
  orders,
  printTarget,
}: {
  date: string;
  farmName: string;
  orders: Order[];
  printTarget: boolean;
}) {
  const windows = new Map<string, Order[]>();
  for (const order of orders) {
    const key = `${order.window.starts_at}|${order.place.name}`;
    windows.set(key, [...(windows.get(key) ?? []), order]);
  }
  return (
    <section data-print-target={printTarget} aria-labelledby="day-sheet-heading" className="space-y-3">
      <h3 id="day-sheet-heading" className="text-lg font-semibold">
        Day sheet · {farmName} · {formatDay(date)}
      </h3>
      {orders.length === 0 && <p className="text-stone-700 dark:text-stone-300">No accepted orders for this day yet.</p>}
      {[...windows.entries()].map(([key, group]) => (
        <div key={key} className="break-inside-avoid">
          <p className="font-semibold">
            {formatWindow(group[0].window.starts_at, group[0].window.ends_at)} · {group[0].place.name}
          </p>
          <table className="mt-1 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                <th scope="col" className="w-8 py-1">
                  <span className="sr-only">Picked up</span>✓
                </th>
                <th scope="col" className="py-1 pr-2">
                  Shopper
                </th>
                <th scope="col" className="py-1 pr-2">
                  Phone
                </th>
                <th scope="col" className="py-1 pr-2">
                  Items
                </th>
                <th scope="col" className="py-1 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {group.map((order) => (
                <tr key={order.id} className="border-b border-stone-200 align-top dark:border-stone-800">
                  <td className="py-1">
                    <span aria-hidden="true" className="inline-block h-4 w-4 border border-stone-500" />
                  </td>
                  <td className="py-1 pr-2">
                    {order.shopper.name} <span className="text-stone-600 dark:text-stone-400">#{order.id}</span>
                  </td>
                  <td className="py-1 pr-2">{order.shopper.phone ?? '—'}</td>
                  <td className="py-1 pr-2">{order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</td>
                  <td className="py-1 text-right">${order.total.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
