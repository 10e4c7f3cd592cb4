import type { Order } from '@farmstand/shared/schemas/orders';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { usePickList, useReceivedOrders } from '../api';
import { formatDay, formatWindow } from '../format';
import '../orders-print.css';
import { AlertIcon } from '@/components/ui/icons';
import { OrderCard } from './order-card';
import { DaySheet, PickList } from './pick-list';

const OPEN = new Set(['requested', 'accepted', 'ready']);
const SHEET = new Set(['accepted', 'ready', 'picked_up']);

/**
 * The producer dashboard's Orders tab: requests to answer, then one pickup day grouped
 * by window, with the pick list and the day sheet, each printable on one page.
 */
export function ProducerOrdersTab() {
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = useReceivedOrders({ from: today });
  const [date, setDate] = useState('');
  const [printing, setPrinting] = useState<'pick' | 'sheet' | null>(null);
  const days = [...new Set((upcoming.data?.orders ?? []).filter((o) => OPEN.has(o.status)).map((o) => o.window.date))].sort();
  // Open on the next day there is something to prepare; requests alone do not make a pickup day.
  const prepared = (upcoming.data?.orders ?? [])
    .filter((o) => o.status === 'accepted' || o.status === 'ready')
    .map((o) => o.window.date);
  const day = date || prepared.sort()[0] || days[0] || today;
  const pickList = usePickList(day);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    // Let React mark the chosen sheet as the print target before the dialog opens.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  if (upcoming.isPending) return <Spinner label="Loading orders…" />;
  if (upcoming.isError) return <EmptyState title="Could not load your orders" icon={AlertIcon} />;
  const orders = upcoming.data.orders;
  const requests = orders.filter((o) => o.status === 'requested');
  const ofDay = orders.filter((o) => o.window.date === day && o.status !== 'requested');
  const windows = groupByWindow(ofDay);

  return (
    <div className="space-y-6">
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading" className="mb-2 text-lg font-semibold">
          Requests to answer ({requests.length})
        </h2>
        {requests.length === 0 ? (
          <p className="text-stone-700 dark:text-stone-300">No open requests. New ones appear here live.</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {requests.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} side="producer" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="pickup-day-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="pickup-day-heading" className="text-lg font-semibold">
            Pickup day: {formatDay(day)}
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            {days.length > 0 && (
              <fieldset className="flex flex-wrap gap-1">
                <legend className="sr-only">Days with orders</legend>
                {days.slice(0, 6).map((d) => (
                  <Button
                    key={d}
                    size="sm"
                    variant={d === day ? 'primary' : 'secondary'}
                    aria-pressed={d === day}
                    onClick={() => setDate(d)}
                  >
                    {formatDay(d).split(',').slice(0, 2).join(',')}
                  </Button>
                ))}
              </fieldset>
            )}
            <div className="w-44">
              <TextInput label="Another day" type="date" value={day} onChange={(e) => setDate(e.target.value)} />
            </div>
          </div>
        </div>
        {windows.length === 0 ? (
          <p className="text-stone-700 dark:text-stone-300">No accepted orders on this day.</p>
        ) : (
          windows.map(([key, group]) => (
            <div key={key} className="space-y-2">
              <h3 className="font-semibold">
                {formatWindow(group[0].window.starts_at, group[0].window.ends_at)} · {group[0].place.name}
              </h3>
              <ul className="grid gap-3 lg:grid-cols-2">
                {group.map((order) => (
                  <li key={order.id}>
                    <OrderCard order={order} side="producer" />
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
        <div className="grid gap-4 lg:grid-cols-2">
          <Card className="p-4">
            {pickList.data ? (
              <PickList data={pickList.data} printTarget={printing === 'pick'} />
            ) : (
              <Spinner label="Loading the pick list…" />
            )}
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setPrinting('pick')}>
              Print pick list
            </Button>
          </Card>
          <Card className="p-4">
            <DaySheet
              date={day}
              farmName={pickList.data?.farm_name ?? ''}
              orders={ofDay.filter((o) => SHEET.has(o.status))}
              printTarget={printing === 'sheet'}
            />
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setPrinting('sheet')}>
              Print day sheet
            </Button>
          </Card>
        </div>
      </section>
    </div>
  );
}

function groupByWindow(orders: Order[]): [string, Order[]][] {
  const groups = new Map<string, Order[]>();
  for (const order of [...orders].sort((a, b) => a.window.starts_at.localeCompare(b.window.starts_at))) {
    const key = `${order.window.starts_at}|${order.place.name}`;
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.entries()];
}
