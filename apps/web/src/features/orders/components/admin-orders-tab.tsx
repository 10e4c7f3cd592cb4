import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@farmstand/shared/constants/orders';
import { lineName } from '@farmstand/shared/format/quantity';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, Spinner } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { type OrderFilters, useAllOrders } from '../api';
import { formatMoment, formatWindow, money } from '../format';
import { OrderStatusBadge } from './order-status-badge';

const PAGE = 25;

/** The admin panel's Orders tab: every order, read-only, filtered by state, farm, shopper and pickup date. */
export function AdminOrdersTab() {
  const [filters, setFilters] = useState<OrderFilters>({});
  const [offset, setOffset] = useState(0);
  const query = useAllOrders(filters, offset);
  const set = (key: keyof OrderFilters) => (e: { target: { value: string } }) => {
    setOffset(0);
    setFilters((f) => ({ ...f, [key]: e.target.value || undefined }));
  };
  return (
    <div className="space-y-4">
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()} aria-label="Filter orders">
        <SelectInput label="Status" value={filters.status ?? ''} onChange={set('status')}>
          <option value="">All</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Farm" value={filters.producer ?? ''} onChange={set('producer')} placeholder="Farm name" />
        <TextInput label="Shopper" value={filters.shopper ?? ''} onChange={set('shopper')} placeholder="Name or e-mail" />
        <TextInput label="Pickup from" type="date" value={filters.from ?? ''} onChange={set('from')} />
        <TextInput label="Pickup until" type="date" value={filters.to ?? ''} onChange={set('to')} />
      </form>
      {query.isPending ? (
        <Spinner label="Loading orders…" />
      ) : query.isError ? (
        <EmptyState title="Could not load orders" icon={AlertIcon} />
      ) : query.data.orders.length === 0 ? (
        <EmptyState title="No orders match" icon={BasketIcon} />
      ) : (
        <>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {query.data.total} orders · read-only: the shopper and the farm move them.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead>
                <tr className="border-b border-stone-300 dark:border-stone-700">
                  {['Order', 'Farm', 'Shopper', 'Pickup', 'Items', 'Total', 'Status', 'Placed'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.data.orders.map((order) => (
                  <tr key={order.id} className="border-b border-stone-200 align-top dark:border-stone-800">
                    <td className="px-2 py-2">#{order.id}</td>
                    <td className="px-2 py-2">{order.producer.farm_name}</td>
                    <td className="px-2 py-2">
                      {order.shopper.name}
                      <span className="block break-all text-xs text-stone-600 dark:text-stone-400">{order.shopper.email}</span>
                    </td>
                    <td className="px-2 py-2">
                      {formatWindow(order.window.starts_at, order.window.ends_at, order.window.time_zone)}
                      <span className="block text-xs text-stone-600 dark:text-stone-400">{order.place.name}</span>
                    </td>
                    <td className="px-2 py-2">
                      {order.items.map((i) => `${i.quantity} × ${lineName(i.name, i.variant_name)}`).join(', ')}
                    </td>
                    <td className="px-2 py-2">{money(order.total)}</td>
                    <td className="whitespace-nowrap px-2 py-2">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="px-2 py-2">{formatMoment(order.created_at, order.window.time_zone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setOffset((o) => Math.max(0, o - PAGE))}>
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={offset + PAGE >= query.data.total}
              onClick={() => setOffset((o) => o + PAGE)}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
