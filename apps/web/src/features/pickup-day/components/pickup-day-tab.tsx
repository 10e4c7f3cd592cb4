import { weekdayOf } from '@farmstand/shared/format/date-only';
import type { Order } from '@farmstand/shared/schemas/orders';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { formatZonedTime } from '@/lib/format';
import { formatDay, formatWindow } from '@/lib/pickup-time';
import { usePickupSetup } from '@/shared/pickup-places';
import { useCloseDay, usePickList, usePickupDay } from '../api';
import '@/components/ui/print-sheet.css';
import { AlertIcon } from '@/components/ui/icons';
import { DayPrintouts } from './day-printouts';
import { NoticeCard } from './notice-card';
import { DaySheet, PickList } from './pick-list';

const SHEET = new Set(['accepted', 'ready', 'picked_up']);
/** What closing the day moves on (decision 501): accepted orders are handed over too. */
const STILL_OPEN = new Set(['accepted', 'ready']);

/** Other features' parts of the tab, passed in by the dashboard (app/dashboard). */
export type PickupDayParts = {
  /** The requests to answer. */
  requests: ReactNode;
  /** The farm's meat shares. */
  shares: ReactNode;
  /** The farm's standing reservations. */
  standing: ReactNode;
  /** The farm's CSA plans. */
  csa: ReactNode;
  /** One order of the day, under its window's heading. */
  order: (order: Order) => ReactNode;
  /** Weighing the day's by-weight lines (`orderIds`: only the ones the search finds). */
  weighing: (date: string, orderIds: Set<number> | undefined) => ReactNode;
};

/**
 * The producer dashboard's Orders tab: requests to answer, then one pickup day in its places' own
 * time zones (the server opens on the current or next one), grouped by window, with a search for a
 * shopper, weighing, closing the day, the pick list and the day sheet, each printable on one page.
 * On the pickup day itself the day comes first (decision 548).
 */
export function PickupDayTab(parts: PickupDayParts) {
  const setup = usePickupSetup();
  if (setup.isPending) return <Spinner label="Loading orders…" />;
  // A farm with no pickup place yet gets one guide, not the day's empty panels (shares need no place).
  if (setup.data && setup.data.points.length === 0) {
    return (
      <div className="space-y-6">
        <FirstPickupPlace />
        {parts.shares}
      </div>
    );
  }
  const weekdays = new Set(setup.data?.points.flatMap((point) => point.schedule.map((slot) => slot.weekday)) ?? []);
  return <OrdersOfTheDay parts={parts} pickupWeekdays={weekdays} />;
}

/** The first step before any order can arrive: where and when shoppers pick up. */
function FirstPickupPlace() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Set up where shoppers pick up</h2>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        Shoppers reserve your products for a pickup time and pay you there. Your orders appear here once shoppers can choose where
        and when to pick up.
      </p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-700 dark:text-stone-300">
        <li>Add your farm stand, a farmers market or a delivery day, with its weekly times.</li>
        <li>Shoppers reserve on your product pages for one of those times.</li>
        <li>On each pickup day, this tab lists the day's orders to hand over.</li>
      </ol>
      <ButtonLink to="/profile?tab=pickup" className="mt-4">
        Add pickup place
      </ButtonLink>
    </Card>
  );
}

function OrdersOfTheDay({
  parts,
  pickupWeekdays,
}: {
  parts: PickupDayParts;
  /** The weekdays some place has pickup times on: another day is no pickup day unless orders say so. */
  pickupWeekdays: Set<number>;
}) {
  // Empty: the day the server chooses (today where the farm's places are, or the next pickup day);
  // a link may name one (`?date=2030-06-08`, the morning summary's).
  const [date, setDate] = useState(() => {
    const linked = new URLSearchParams(window.location.search).get('date') ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(linked) ? linked : '';
  });
  const dayQuery = usePickupDay(date);
  const [printing, setPrinting] = useState<'pick' | 'sheet' | null>(null);
  const [closing, setClosing] = useState(false);
  const [closedMessage, setClosedMessage] = useState('');
  const [search, setSearch] = useState('');
  const day = dayQuery.data?.date ?? date;
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

  const goTo = (to: string) => {
    setClosedMessage('');
    setSearch('');
    setDate(to);
  };

  if (dayQuery.isPending) return <Spinner label="Loading orders…" />;
  if (dayQuery.isError) return <EmptyState title="Could not load your orders" icon={AlertIcon} />;
  const { today, previous, next, orders } = dayQuery.data;
  const shown = orders.filter((order) => matchesShopper(order, search));
  const windows = groupByWindow(shown);
  const open = orders.filter((o) => STILL_OPEN.has(o.status));
  const when = day === today ? 'today' : day < today ? 'past' : 'ahead';
  const isPickupDay = orders.length > 0 || pickupWeekdays.has(weekdayOf(day));
  // At the booth (decision 548): on the pickup day itself, in its places' zone, the day's pickups
  // come first and the requests, shares and the "ordering is open" composer follow them.
  const atTheBooth = when === 'today' && orders.length > 0;
  const searching = search.trim() !== '';

  const daySection = (
    <section aria-labelledby="pickup-day-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pickup-day-heading" className="text-lg font-semibold">
          {isPickupDay ? `Pickup day: ${formatDay(day)}` : `${formatDay(day)}: no pickup`}
          {when === 'today' && <span className="ml-2 text-sm font-normal text-brand-800 dark:text-green-300">(today)</span>}
        </h2>
        <nav aria-label="Pickup days" className="flex flex-wrap items-end gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label="Previous pickup day"
            disabled={!previous}
            onClick={() => previous && goTo(previous)}
          >
            <span aria-hidden="true">←</span>
            <span>
              Previous<span className="max-sm:hidden"> pickup day</span>
            </span>
          </Button>
          <Button size="sm" variant="secondary" disabled={day === today} onClick={() => goTo(today)}>
            Today
          </Button>
          <Button size="sm" variant="secondary" aria-label="Next pickup day" disabled={!next} onClick={() => next && goTo(next)}>
            <span>
              Next<span className="max-sm:hidden"> pickup day</span>
            </span>
            <span aria-hidden="true">→</span>
          </Button>
          <div className="w-44">
            <TextInput label="Another day" type="date" value={day} onChange={(e) => e.target.value && goTo(e.target.value)} />
          </div>
        </nav>
      </div>

      {orders.length > 0 && (
        <div className="max-w-md">
          <TextInput
            label="Find a shopper"
            type="search"
            placeholder="Name or order number"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            hint={`${orders.length} ${orders.length === 1 ? 'order' : 'orders'} this day`}
          />
          <p role="status" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            {searching
              ? shown.length === 0
                ? `No order of this day matches “${search.trim()}”.`
                : `${shown.length} of ${orders.length} ${orders.length === 1 ? 'order' : 'orders'} match “${search.trim()}”.`
              : ''}
          </p>
        </div>
      )}

      {windows.length === 0 ? (
        searching ? null : (
          <p className="text-stone-700 dark:text-stone-300">
            {!isPickupDay
              ? `None of your places has pickup times on ${formatDay(day)}${next ? '; step to the next pickup day' : ''}.`
              : when === 'past'
                ? 'No orders were handed over on this day.'
                : 'No accepted orders on this day.'}
          </p>
        )
      ) : (
        windows.map(([key, group]) => (
          <div key={key} className="space-y-2">
            <h3 className="font-semibold">
              {formatWindow(group[0].window.starts_at, group[0].window.ends_at, group[0].window.time_zone)} ·{' '}
              {group[0].place.name}
              {group[0].booth ? ` · ${group[0].booth}` : ''}
            </h3>
            <ul className="grid gap-3 lg:grid-cols-2">
              {group.map((order) => (
                <li key={order.id}>{parts.order(order)}</li>
              ))}
            </ul>
          </div>
        ))
      )}
      {parts.weighing(day, searching ? new Set(shown.map((order) => order.id)) : undefined)}

      <div className="flex flex-wrap items-center gap-3">
        {/* The server marks orders picked up from their pickup day on; a day ahead is shown, not closed. */}
        {open.length > 0 && when !== 'ahead' && (
          <Button variant={atTheBooth ? 'secondary' : 'primary'} onClick={() => setClosing(true)}>
            Close the day ({open.length} {open.length === 1 ? 'order' : 'orders'} open)
          </Button>
        )}
        {open.length > 0 && when === 'ahead' && (
          <p className="text-stone-700 dark:text-stone-300">Orders of this day can be marked picked up from the day itself.</p>
        )}
        <p role="status" className="text-stone-700 dark:text-stone-300">
          {closedMessage}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-4">
          {pickList.data ? (
            <PickList data={pickList.data} orders={orders} printTarget={printing === 'pick'} />
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
            orders={orders.filter((o) => SHEET.has(o.status))}
            printTarget={printing === 'sheet'}
          />
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => setPrinting('sheet')}>
            Print day sheet
          </Button>
        </Card>
      </div>
      <DayPrintouts date={day} packable={open.length} />
    </section>
  );

  return (
    <div className="space-y-6">
      {atTheBooth ? (
        <>
          {daySection}
          {parts.requests}
          {parts.shares}
          <NoticeCard />
        </>
      ) : (
        <>
          {parts.requests}
          {parts.shares}
          <NoticeCard />
          {daySection}
        </>
      )}

      {parts.standing}
      {parts.csa}
      {closing && (
        <CloseDayDialog
          date={day}
          orders={open}
          onDone={(message) => {
            setClosing(false);
            if (message) setClosedMessage(message);
          }}
        />
      )}
    </div>
  );
}

/**
 * Closing a day in one action: every order still open is marked picked up, except the ones ticked
 * as no-shows (only once their pickup time has started; the server checks again).
 */
function CloseDayDialog({ date, orders, onDone }: { date: string; orders: Order[]; onDone: (message?: string) => void }) {
  const [noShows, setNoShows] = useState<Set<number>>(new Set());
  const closeDay = useCloseDay();
  const now = Date.now();
  const toggle = (id: number, on: boolean) =>
    setNoShows((current) => {
      const nextSet = new Set(current);
      if (on) nextSet.add(id);
      else nextSet.delete(id);
      return nextSet;
    });
  const pickedUp = orders.length - noShows.size;
  const submit = () => closeDay.mutate({ date, noShowIds: [...noShows] }, { onSuccess: (result) => onDone(result.message) });

  return (
    <Modal title={`Close ${formatDay(date)}`} onClose={() => onDone()}>
      <p className="text-stone-700 dark:text-stone-300">
        Every order still open is marked picked up. Tick the shoppers who did not come.
      </p>
      <fieldset className="mt-4">
        <legend className="mb-2 font-semibold">No-shows</legend>
        <ul className="max-h-80 space-y-2 overflow-y-auto">
          {orders.map((order) => {
            const notYet = Date.parse(order.window.starts_at) > now;
            const hintId = `no-show-hint-${order.id}`;
            return (
              <li key={order.id}>
                <label className="flex items-start gap-3 rounded-lg border border-stone-200 px-3 py-2 text-sm dark:border-stone-700">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                    checked={noShows.has(order.id)}
                    disabled={notYet}
                    aria-describedby={notYet ? hintId : undefined}
                    onChange={(e) => toggle(order.id, e.target.checked)}
                  />
                  <span>
                    Order #{order.id} · {order.shopper.name} · {formatZonedTime(order.window.starts_at, order.window.time_zone)}
                    {notYet && (
                      <span id={hintId} className="block text-stone-600 dark:text-stone-400">
                        Its pickup time has not started: it can be a no-show from then.
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {closeDay.isError && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
          {errorMessage(closeDay.error, 'Could not close the day; try again')}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onDone()}>
          Cancel
        </Button>
        <Button onClick={submit} isLoading={closeDay.isPending}>
          Close the day: {pickedUp} picked up, {noShows.size} {noShows.size === 1 ? 'no-show' : 'no-shows'}
        </Button>
      </div>
    </Modal>
  );
}

/** Lower case without accents: "José" is found by "jose". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The booth's search (decision 548): an order matches by the shopper's name (any part, any case,
 * accents aside) or by its number ("12", "#12": the number starts with the digits typed).
 */
export function matchesShopper(order: Pick<Order, 'id' | 'shopper'>, search: string): boolean {
  const query = folded(search.trim());
  if (query === '') return true;
  const number = /^#?\s*(\d+)$/.exec(query);
  if (number) return String(order.id).startsWith(number[1]);
  return folded(order.shopper.name).includes(query);
}

function groupByWindow(orders: Order[]): [string, Order[]][] {
  const groups = new Map<string, Order[]>();
  for (const order of [...orders].sort((a, b) => a.window.starts_at.localeCompare(b.window.starts_at))) {
    const key = `${order.window.starts_at}|${order.place.name}`;
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.entries()];
}
