import { plannedBenefitsText } from '@farmstand/shared/benefits/programmes';
import { ORDER_STATUS_LABELS, PICKUP_KIND_LABELS } from '@farmstand/shared/constants/orders';
import { amountOfOrder, amountStage, formatAmountToPay } from '@farmstand/shared/format/by-weight';
import { formatLineQuantity, formatOrderLine, lineName } from '@farmstand/shared/format/quantity';
import type { Order, PickListResponse } from '@farmstand/shared/schemas/orders';
import { Badge } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { formatUsd } from '@/lib/format';
import { formatDay, formatWindow } from '@/lib/pickup-time';

type PickWindow = PickListResponse['windows'][number];
type PickLine = PickWindow['lines'][number];

/** The orders the pick list counts: accepted, ready and picked up (as the server's). */
const PICKED = new Set<Order['status']>(['accepted', 'ready', 'picked_up']);

/** The day's orders placed by standing reservations (decision 514) in one window of the pick list. */
export function standingOrdersIn(window: PickWindow, orders: Order[]): Order[] {
  const start = Date.parse(window.starts_at);
  return orders.filter(
    (o) =>
      o.standing_id !== null &&
      PICKED.has(o.status) &&
      o.place.name === window.point_name &&
      Date.parse(o.window.starts_at) === start,
  );
}

/** How much of a pick-list line standing orders ask for. */
function standingQuantity(line: PickLine, standing: Order[]): number {
  let total = 0;
  for (const order of standing)
    for (const item of order.items)
      if (
        item.quantity > 0 &&
        item.product_id === line.product_id &&
        item.variant_id === line.variant_id &&
        item.name === line.name &&
        item.variant_name === line.variant_name &&
        item.price_unit === line.price_unit &&
        item.weight_unit === line.weight_unit
      )
        total += item.quantity;
  return total;
}

const standingCell = (line: PickLine, standing: Order[]) => {
  const quantity = standingQuantity(line, standing);
  return quantity === 0 ? '0' : formatLineQuantity({ ...line, quantity });
};

/**
 * Total quantity per product per window: what to load for the day (printable on one page). With
 * the day's `orders`, a window with standing orders says how many, and how much of each line they are.
 */
export function PickList({ data, orders = [], printTarget }: { data: PickListResponse; orders?: Order[]; printTarget: boolean }) {
  return (
    <section data-print-target={printTarget} aria-labelledby="pick-list-heading" className="space-y-3">
      <h3 id="pick-list-heading" className="text-lg font-semibold">
        Pick list · {data.farm_name} · {formatDay(data.date)}
      </h3>
      {data.windows.length === 0 && <p className="text-stone-700 dark:text-stone-300">No accepted orders for this day yet.</p>}
      {data.windows.map((window) => (
        <PickWindowTable key={`${window.point_name}-${window.starts_at}`} window={window} orders={orders} />
      ))}
    </section>
  );
}

function PickWindowTable({ window, orders }: { window: PickWindow; orders: Order[] }) {
  const standing = standingOrdersIn(window, orders);
  return (
    <div className="break-inside-avoid">
      <p className="font-semibold">
        {formatWindow(window.starts_at, window.ends_at, window.time_zone)} · {window.point_name} (
        {PICKUP_KIND_LABELS[window.kind]}) · {window.order_count} {window.order_count === 1 ? 'order' : 'orders'}
        {standing.length > 0 && `, ${standing.length} standing`}
      </p>
      <DataTable
        className="mt-1"
        caption={`${window.point_name}: products to pick`}
        rows={window.lines}
        rowKey={(line) => `${line.product_id}-${line.variant_id}-${line.name}`}
        columns={[
          { header: 'Product', cell: (line) => lineName(line.name, line.variant_name) },
          {
            header: 'Total quantity',
            numeric: true,
            className: 'font-semibold',
            testId: 'pick-quantity',
            cell: (line) => formatLineQuantity(line),
          },
          standing.length > 0 && {
            header: 'From standing orders',
            numeric: true,
            testId: 'pick-standing',
            cell: (line) => standingCell(line, standing),
          },
        ]}
      />
    </div>
  );
}

/** A cell's name, shown before its value where rows stack as cards (phones), hidden where the table has headers (the sheet's own width decides: a half-width card stacks too). */
function CellName({ children }: { children: string }) {
  return <span className="font-semibold text-stone-600 @2xl:hidden dark:text-stone-400">{children}: </span>;
}

const cell = 'block py-0.5 @2xl:table-cell @2xl:py-1 @2xl:pr-2';

/**
 * Each shopper with phone, items, note, delivery address, status and the amount to collect, a box
 * to tick at the stand. A table where the sheet is wide (a desktop, paper: one page); narrower (a phone, a
 * half-width card) each order is a card of its own, so nothing runs off the side.
 */
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
    <section data-print-target={printTarget} aria-labelledby="day-sheet-heading" className="@container space-y-3">
      <h3 id="day-sheet-heading" className="text-lg font-semibold">
        Day sheet · {farmName} · {formatDay(date)}
      </h3>
      {orders.length === 0 && <p className="text-stone-700 dark:text-stone-300">No accepted orders for this day yet.</p>}
      {[...windows.entries()].map(([key, group]) => (
        <div key={key} className="break-inside-avoid">
          <p className="font-semibold">
            {formatWindow(group[0].window.starts_at, group[0].window.ends_at, group[0].window.time_zone)} · {group[0].place.name}
            {group[0].booth ? `, ${group[0].booth}` : ''}
          </p>
          <table className="mt-1 block w-full text-left text-sm @2xl:table">
            <thead className="sr-only @2xl:not-sr-only @2xl:table-header-group">
              <tr className="border-b border-stone-300 dark:border-stone-700">
                <th scope="col" className="w-8 py-1">
                  <span className="sr-only">Picked up</span>
                  <span aria-hidden="true">✓</span>
                </th>
                <th scope="col" className="py-1 pr-2">
                  Shopper
                </th>
                <th scope="col" className="py-1 pr-2">
                  Items
                </th>
                <th scope="col" className="py-1 pr-2">
                  Note
                </th>
                <th scope="col" className="py-1 pr-2">
                  Delivery address
                </th>
                <th scope="col" className="py-1 pr-2">
                  Status
                </th>
                <th scope="col" className="py-1 text-right">
                  To collect
                </th>
              </tr>
            </thead>
            <tbody className="block space-y-2 @2xl:table-row-group @2xl:space-y-0">
              {group.map((order) => (
                <tr
                  key={order.id}
                  className="block break-words rounded-lg border border-stone-200 p-2 align-top @2xl:table-row @2xl:rounded-none @2xl:border-0 @2xl:border-b @2xl:p-0 dark:border-stone-800"
                >
                  <td className="float-right @2xl:float-none @2xl:table-cell @2xl:py-1">
                    <span aria-hidden="true" className="inline-block h-4 w-4 border border-stone-500" />
                  </td>
                  <td className={cell}>
                    <span className="font-semibold @2xl:font-normal">{order.shopper.name}</span>{' '}
                    <span className="text-stone-600 dark:text-stone-400">#{order.id}</span>
                    {order.standing_id !== null && (
                      <>
                        {' '}
                        <Badge tone="blue" className="print:border print:border-stone-500">
                          Standing
                        </Badge>
                      </>
                    )}
                    {order.shopper.phone && (
                      <span className="block text-stone-700 dark:text-stone-300">{order.shopper.phone}</span>
                    )}
                  </td>
                  <td className={cell}>
                    <CellName>Items</CellName>
                    {order.items
                      .filter((i) => i.quantity > 0)
                      .map((i) =>
                        formatOrderLine({
                          quantity: i.quantity,
                          name: i.name,
                          variantName: i.variant_name,
                          priceUnit: i.price_unit,
                          weightUnit: i.weight_unit,
                          packMin: i.pack_min,
                          packMax: i.pack_max,
                          weights: i.weights,
                        }),
                      )
                      .join(', ')}
                  </td>
                  <td className={`${cell} ${order.note ? '' : 'hidden @2xl:table-cell'}`}>
                    <CellName>Note</CellName>
                    {order.note ?? '—'}
                  </td>
                  <td className={`${cell} ${order.delivery_address ? '' : 'hidden @2xl:table-cell'}`}>
                    <CellName>Deliver to</CellName>
                    {order.delivery_address ?? '—'}
                  </td>
                  <td className={cell}>
                    <CellName>Status</CellName>
                    {ORDER_STATUS_LABELS[order.status]}
                  </td>
                  <td className={`${cell} font-semibold @2xl:text-right`}>
                    <CellName>To collect</CellName>
                    {amountStage(amountOfOrder(order)) === 'estimate'
                      ? `≈ ${formatUsd(order.total)} (est.)`
                      : formatAmountToPay(amountOfOrder(order))}
                    {(order.planned_benefits?.length ?? 0) > 0 && (
                      <span
                        className="block text-xs font-normal text-stone-700 dark:text-stone-300"
                        data-testid="day-sheet-benefits"
                      >
                        {plannedBenefitsText(order.planned_benefits, 'producer')}
                      </span>
                    )}
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
