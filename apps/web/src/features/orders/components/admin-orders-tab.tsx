import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@farmstand/shared/constants/orders';
import { lineName } from '@farmstand/shared/format/quantity';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, Spinner } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { SelectInput, TextInput } from '@/components/ui/field';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { formatUsd, formatZonedMoment } from '@/lib/format';
import { formatWindow } from '@/lib/pickup-time';
import { type OrderFilters, useAllOrders } from '../api';
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
          <DataTable
            caption="Orders"
            minWidth="min-w-[48rem]"
            rows={query.data.orders}
            rowKey={(order) => order.id}
            columns={[
              { header: 'Order', cell: (order) => `#${order.id}` },
              { header: 'Farm', cell: (order) => order.producer.farm_name },
              {
                header: 'Shopper',
                cell: (order) => (
                  <>
                    {order.shopper.name}
                    <span className="block break-all text-xs text-stone-600 dark:text-stone-400">{order.shopper.email}</span>
                  </>
                ),
              },
              {
                header: 'Pickup',
                cell: (order) => (
                  <>
                    {formatWindow(order.window.starts_at, order.window.ends_at, order.window.time_zone)}
                    <span className="block text-xs text-stone-600 dark:text-stone-400">{order.place.name}</span>
                  </>
                ),
              },
              {
                header: 'Items',
                cell: (order) => order.items.map((i) => `${i.quantity} × ${lineName(i.name, i.variant_name)}`).join(', '),
              },
              { header: 'Total', cell: (order) => formatUsd(order.total) },
              { header: 'Status', className: 'whitespace-nowrap', cell: (order) => <OrderStatusBadge status={order.status} /> },
              { header: 'Placed', cell: (order) => formatZonedMoment(order.created_at, order.window.time_zone) },
            ]}
          />
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
