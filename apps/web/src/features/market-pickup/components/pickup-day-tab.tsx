import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { countNoun } from '@farmstand/shared/format/quantity';
import type { CheckoutShopper, PickupDay } from '@farmstand/shared/schemas/market-basket';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@farmstand/shared/schemas/orders';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, Spinner } from '@/components/ui/card';
import { inputClasses, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useInlineForm, useInlineForms } from '@/components/ui/inline-form';
import { LoadError } from '@/components/ui/load-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { errorMessage } from '@/lib/api';
import { parseDollars } from '@/lib/format';
import { fetchPickupDayCsv, useCheckIn, useCheckout, usePickupDay } from '../api';

type Day = z.output<typeof PickupDay>;
type Farm = Day['farms'][number];
type Shopper = z.output<typeof CheckoutShopper>;
type Part = Shopper['parts'][number];

/** Parts that will not be handed over (the shopper or the farm ended them). */
const ENDED = ['cancelled', 'declined', 'expired', 'no_show'];

const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * The market's pickup day (issue 49, decision 587), for the market's managers (a tab of the office)
 * and booth volunteers (their own page): grower check-in (each farm's lines, its arrival and what it
 * brought short) and customer checkout (find the shopper, every farm's bag and what it is owed, the
 * tender per farm, one "Picked up" for all). The server checks every rule again.
 */
export function PickupDayTab({ marketId }: { marketId: number }) {
  const [date, setDate] = useState<string | null>(null);
  const day = usePickupDay(marketId, date);
  const shown = date ?? day.data?.date ?? '';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <TextInput
            type="date"
            label="Market day"
            value={shown}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
            }}
          />
        </div>
        {day.data && (
          <>
            <CsvButton marketId={marketId} list="checkin" date={day.data.date} label="the check-in" />
            <CsvButton marketId={marketId} list="checkout" date={day.data.date} label="the checkout" />
          </>
        )}
      </div>
      {day.isPending ? (
        <Spinner />
      ) : day.isError ? (
        <LoadError text={errorMessage(day.error, 'Could not load the pickup day.')} onRetry={() => void day.refetch()} />
      ) : (
        <>
          <p className="text-stone-700 dark:text-stone-300">
            {formatDateOnly(day.data.date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}:{' '}
            {day.data.shoppers.length === 1 ? '1 market order' : `${day.data.shoppers.length} market orders`} from{' '}
            {day.data.farms.length === 1 ? '1 farm' : `${day.data.farms.length} farms`}.
          </p>
          <CheckinSection marketId={marketId} day={day.data} />
          <CheckoutSection marketId={marketId} day={day.data} />
        </>
      )}
    </div>
  );
}

function CsvButton({
  marketId,
  list,
  date,
  label,
}: {
  marketId: number;
  list: 'checkin' | 'checkout';
  date: string;
  label: string;
}) {
  const { busy, error, download } = useFileDownload<'csv'>();
  return (
    <div>
      <Button
        variant="secondary"
        size="sm"
        isLoading={busy === 'csv'}
        onClick={() =>
          download(
            'csv',
            () => fetchPickupDayCsv(marketId, list, date),
            `${list}-${date}.csv`,
            `Could not download ${label}; try again`,
          )
        }
      >
        Download {label} (CSV)
      </Button>
      <FormError className="mt-1">{error}</FormError>
    </div>
  );
}

function CheckinSection({ marketId, day }: { marketId: number; day: Day }) {
  const { open, setOpen, close, opener } = useInlineForms<number>();
  const arrived = day.farms.filter((f) => f.arrivedAt).length;
  return (
    <section aria-labelledby="checkin-heading" className="space-y-3">
      <h2 id="checkin-heading" className="text-lg font-semibold">
        Grower check-in
      </h2>
      {day.farms.length === 0 ? (
        <EmptyState title="No farms to check in">No market orders for this day.</EmptyState>
      ) : (
        <>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {arrived} of {day.farms.length} farms arrived.
          </p>
          <ul className="grid gap-3 md:grid-cols-2">
            {day.farms.map((farm) => (
              <li key={farm.producerUserId}>
                <Card className="space-y-2 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold">{farm.farmName}</h3>
                    {farm.arrivedAt ? (
                      <Badge tone="green">Arrived {clockIn(farm.arrivedAt, day.timeZone)}</Badge>
                    ) : (
                      <Badge tone="yellow">Not arrived</Badge>
                    )}
                  </div>
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    {farm.orders === 1 ? '1 market order' : `${farm.orders} market orders`} ·{' '}
                    {countNoun(
                      farm.lines.reduce((sum, l) => sum + l.ordered, 0),
                      'item',
                    )}{' '}
                    ordered
                    {farm.short > 0 && ` · ${farm.short === 1 ? '1 line' : `${farm.short} lines`} short`}
                  </p>
                  {open === farm.producerUserId ? (
                    <CheckinForm marketId={marketId} date={day.date} farm={farm} onDone={close} />
                  ) : (
                    <Button
                      size="sm"
                      variant={farm.arrivedAt ? 'secondary' : 'primary'}
                      aria-label={`${farm.arrivedAt ? 'Record a shortage' : 'Check in'} ${farm.farmName}`}
                      {...opener(farm.producerUserId)}
                      onClick={() => setOpen(farm.producerUserId)}
                    >
                      {farm.arrivedAt ? 'Record a shortage' : 'Check in'}
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CheckinForm({ marketId, date, farm, onDone }: { marketId: number; date: string; farm: Farm; onDone: () => void }) {
  const checkIn = useCheckIn(marketId);
  const inline = useInlineForm(onDone);
  const id = useId();
  const [brought, setBrought] = useState<Record<number, string>>(() =>
    Object.fromEntries(farm.lines.map((l) => [l.itemId, String(l.quantity)])),
  );
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const shortages = [];
    for (const line of farm.lines) {
      const text = (brought[line.itemId] ?? '').trim();
      const quantity = Number(text);
      if (text === '' || !Number.isInteger(quantity) || quantity < 0)
        return setProblem(`Enter how many ${line.product} arrived for market order #${line.marketOrderId}: a whole number`);
      if (quantity > line.quantity)
        return setProblem(`${line.product} for market order #${line.marketOrderId}: at most the ${line.quantity} ordered`);
      if (quantity < line.quantity) {
        const reason = (reasons[line.itemId] ?? '').trim();
        if (!reason) return setProblem(`Say why ${line.product} for market order #${line.marketOrderId} is short`);
        shortages.push({ itemId: line.itemId, quantity, reason });
      }
    }
    setProblem(null);
    checkIn.mutate(
      { date, producerUserId: farm.producerUserId, shortages },
      {
        onSuccess: () => {
          toast.success(
            shortages.length > 0
              ? `${farm.farmName} checked in; the shoppers are told what is short`
              : `${farm.farmName} checked in`,
          );
          onDone();
        },
      },
    );
  };

  return (
    <form ref={inline.ref} onKeyDown={inline.onKeyDown} onSubmit={submit} className="space-y-3" noValidate>
      <ul className="space-y-3">
        {farm.lines.map((line) => {
          const short = Number(brought[line.itemId]) < line.quantity;
          const context = `: ${line.product}, market order #${line.marketOrderId}`;
          return (
            <li key={line.itemId} className="rounded-lg border border-stone-200 p-2 dark:border-stone-700">
              <p className="text-sm">
                <span className="font-medium">{line.product}</span> · market order #{line.marketOrderId} · {line.ordered} ordered
                {line.shortReason && (
                  <span className="text-stone-700 dark:text-stone-300">
                    {' '}
                    · {line.quantity} coming ({line.shortReason})
                  </span>
                )}
              </p>
              <div className="mt-2 grid grid-cols-[6rem_1fr] gap-2">
                <div>
                  <label htmlFor={`${id}-n-${line.itemId}`} className="block text-sm font-medium">
                    Brought
                  </label>
                  <input
                    id={`${id}-n-${line.itemId}`}
                    aria-label={`Brought${context}`}
                    className={inputClasses}
                    inputMode="numeric"
                    value={brought[line.itemId] ?? ''}
                    onChange={(e) => setBrought((b) => ({ ...b, [line.itemId]: e.target.value }))}
                  />
                </div>
                {short && (
                  <div>
                    <label htmlFor={`${id}-r-${line.itemId}`} className="block text-sm font-medium">
                      Why short
                    </label>
                    <input
                      id={`${id}-r-${line.itemId}`}
                      aria-label={`Why short${context}`}
                      className={inputClasses}
                      maxLength={200}
                      value={reasons[line.itemId] ?? ''}
                      onChange={(e) => setReasons((r) => ({ ...r, [line.itemId]: e.target.value }))}
                    />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <FormError>
        {problem ?? (checkIn.isError && errorMessage(checkIn.error, 'Could not check the farm in. Please try again.'))}
      </FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={checkIn.isPending} aria-label={`Record arrival of ${farm.farmName}`}>
          Record arrival
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CheckoutSection({ marketId, day }: { marketId: number; day: Day }) {
  const [search, setSearch] = useState('');
  const { open, setOpen, close, opener } = useInlineForms<number>();
  const wanted = search.trim().replace(/^#/, '').toLowerCase();
  const shoppers = day.shoppers.filter(
    (s) => wanted === '' || s.shopperName.toLowerCase().includes(wanted) || String(s.marketOrderId) === wanted,
  );
  const waiting = day.shoppers.filter((s) => s.status === 'open').length;
  return (
    <section aria-labelledby="checkout-heading" className="space-y-3">
      <h2 id="checkout-heading" className="text-lg font-semibold">
        Customer checkout
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {waiting === 1 ? '1 shopper' : `${waiting} shoppers`} still to pick up.
        {day.matchCapCents !== null &&
          ` Double Dollars: at most ${formatCents(day.matchCapCents)} per SNAP card a market day, booth and baskets together.`}
      </p>
      <div className="max-w-sm">
        <TextInput
          label="Find a shopper"
          type="search"
          hint="Name or market order number"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {shoppers.length === 0 ? (
        <EmptyState title="No shoppers found">
          {day.shoppers.length === 0 ? 'No market orders for this day.' : 'No market order matches that name or number.'}
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {shoppers.map((shopper) => (
            <li key={shopper.marketOrderId}>
              <Card className="space-y-3 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {shopper.shopperName} <span className="font-normal">· market order #{shopper.marketOrderId}</span>
                  </h3>
                  <ShopperBadge status={shopper.status} />
                </div>
                <ul className="divide-y divide-stone-200 text-sm dark:divide-stone-700">
                  {shopper.parts.map((part) => (
                    <PartLine key={part.orderId} part={part} atStall={shopper.status === 'open' && part.status === 'picked_up'} />
                  ))}
                </ul>
                <p className="font-semibold">
                  Owed in all: {shopper.parts.some((p) => p.lines.some((l) => l.toWeigh)) ? 'about ' : ''}
                  {formatCents(shopper.owedCents)}
                </p>
                {shopper.status === 'open' &&
                  (open === shopper.marketOrderId ? (
                    <CheckoutForm marketId={marketId} shopper={shopper} capCents={day.matchCapCents} onDone={close} />
                  ) : (
                    <Button
                      size="sm"
                      aria-label={`Check out ${shopper.shopperName}`}
                      {...opener(shopper.marketOrderId)}
                      onClick={() => setOpen(shopper.marketOrderId)}
                    >
                      Check out
                    </Button>
                  ))}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ShopperBadge({ status }: { status: Shopper['status'] }) {
  if (status === 'picked_up') return <Badge tone="green">Picked up</Badge>;
  if (status === 'cancelled') return <Badge tone="gray">Cancelled</Badge>;
  return <Badge tone="blue">To pick up</Badge>;
}

/** `atStall`: the farm handed its part over itself (at its own stall) before the shopper's checkout. */
function PartLine({ part, atStall }: { part: Part; atStall: boolean }) {
  const ended = ENDED.includes(part.status) || atStall;
  const toWeigh = part.lines.filter((l) => l.toWeigh).length;
  return (
    <li className="flex flex-wrap justify-between gap-x-3 gap-y-1 py-2">
      <span>
        <span className="font-medium">{part.farmName}</span>
        {' · '}
        {ended ? (
          <span>
            {atStall
              ? 'Handed over at its own stall and paid there: nothing to pay here'
              : `${ORDER_STATUS_LABELS[part.status as OrderStatus] ?? part.status}: nothing to pay`}
          </span>
        ) : (
          <span>{part.lines.map((l) => `${l.text}${l.toWeigh ? ' (to weigh)' : ''}`).join(', ')}</span>
        )}
        {!ended && !part.arrived && <span className="text-amber-800 dark:text-amber-300"> · not checked in</span>}
        {!ended && toWeigh > 0 && (
          <span className="block text-sm text-amber-800 dark:text-amber-300">
            {part.farmName} weighs {toWeigh === 1 ? 'a line' : `${toWeigh} lines`} first, on its own pickup screen: until then the
            amount is an estimate and the bag cannot be handed over.
          </span>
        )}
      </span>
      {!ended && (
        <span className="tabular-nums">{toWeigh > 0 ? `about ${formatCents(part.owedCents)}` : formatCents(part.owedCents)}</span>
      )}
    </li>
  );
}

type TenderText = { snap: string; incentive: string; wic: string; senior: string; card: string };

function CheckoutForm({
  marketId,
  shopper,
  capCents,
  onDone,
}: {
  marketId: number;
  shopper: Shopper;
  capCents: number | null;
  onDone: () => void;
}) {
  const checkout = useCheckout(marketId);
  const inline = useInlineForm(onDone);
  const id = useId();
  const parts = shopper.parts.filter((p) => !ENDED.includes(p.status) && p.status !== 'picked_up');
  const [tenders, setTenders] = useState<Record<number, TenderText>>(() =>
    Object.fromEntries(parts.map((p) => [p.orderId, { snap: '', incentive: '', wic: '', senior: '', card: '' }])),
  );
  const [card, setCard] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const amounts = parts.map((part) => {
    const text = tenders[part.orderId];
    const snap = part.takesSnap ? parseDollars(text.snap) : 0;
    const incentive = part.takesSnap && capCents !== null ? parseDollars(text.incentive) : 0;
    const wic = part.takesWicFmnp ? parseDollars(text.wic) : 0;
    const senior = part.takesSeniorFmnp ? parseDollars(text.senior) : 0;
    const cardCents = parseDollars(text.card);
    const named = [snap, incentive, wic, senior, cardCents];
    const cash = named.includes(null) ? null : part.owedCents - named.reduce<number>((sum, c) => sum + (c ?? 0), 0);
    return { part, snap, incentive, wic, senior, card: cardCents, cash };
  });
  const anyIncentive = amounts.some((a) => (a.incentive ?? 0) > 0);

  const set = (orderId: number, field: keyof TenderText, value: string) =>
    setTenders((t) => ({ ...t, [orderId]: { ...t[orderId], [field]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = [];
    for (const a of amounts) {
      const toWeigh = a.part.lines.filter((l) => l.toWeigh).map((l) => l.product);
      if (toWeigh.length > 0)
        return setProblem(
          `${a.part.farmName} weighs ${toWeigh.join(', ')} first, on its own pickup screen: the amount to pay is final once every pack is weighed`,
        );
      if (a.snap === null || a.incentive === null || a.wic === null || a.senior === null || a.card === null || a.cash === null)
        return setProblem(`Amounts for ${a.part.farmName} are dollars and cents, like 4.50`);
      if (a.cash < 0)
        return setProblem(`${a.part.farmName} is owed ${formatCents(a.part.owedCents)}: the tenders add up to more than that`);
      body.push({
        orderId: a.part.orderId,
        snapCents: a.snap,
        incentiveCents: a.incentive,
        wicFmnpCents: a.wic,
        seniorFmnpCents: a.senior,
        cardCents: a.card,
        cashCents: a.cash,
      });
    }
    if (anyIncentive && !/^\d{4}$/.test(card.trim()))
      return setProblem('Enter the last four digits of the SNAP card to give Double Dollars');
    setProblem(null);
    checkout.mutate(
      { marketOrderId: shopper.marketOrderId, cardLast4: anyIncentive ? card.trim() : null, tenders: body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
      },
    );
  };

  return (
    <form ref={inline.ref} onKeyDown={inline.onKeyDown} onSubmit={submit} className="space-y-3" noValidate>
      {amounts.map(({ part, cash }) => {
        const field = (key: keyof TenderText, label: string) => (
          <div>
            <label htmlFor={`${id}-${key}-${part.orderId}`} className="block text-sm font-medium">
              {label}
            </label>
            <input
              id={`${id}-${key}-${part.orderId}`}
              aria-label={`${label} for ${part.farmName}`}
              className={inputClasses}
              inputMode="decimal"
              placeholder="0.00"
              value={tenders[part.orderId][key]}
              onChange={(e) => set(part.orderId, key, e.target.value)}
            />
          </div>
        );
        return (
          <fieldset key={part.orderId} className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
            <legend className="px-1 font-medium">
              {part.farmName}: owed {part.lines.some((l) => l.toWeigh) ? 'about ' : ''}
              {formatCents(part.owedCents)}
            </legend>
            <p className="mb-2 text-sm text-stone-700 dark:text-stone-300">
              {part.takesSnap ? 'Takes SNAP.' : 'Takes no SNAP: cash or card.'}
              {(part.takesWicFmnp || part.takesSeniorFmnp) && ' Takes FMNP coupons.'}
              {!part.arrived && ' Not checked in yet.'}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {part.takesSnap && field('snap', 'SNAP')}
              {part.takesSnap && capCents !== null && field('incentive', 'Double Dollars')}
              {part.takesWicFmnp && field('wic', 'WIC FMNP')}
              {part.takesSeniorFmnp && field('senior', 'Senior FMNP')}
              {field('card', 'Card')}
              <div>
                <p className="block text-sm font-medium">Cash (the rest)</p>
                <p className="py-2 tabular-nums" aria-live="polite">
                  <span className="sr-only">Cash for {part.farmName}: </span>
                  {cash === null ? '—' : formatCents(cash)}
                </p>
              </div>
            </div>
          </fieldset>
        );
      })}
      {anyIncentive && (
        <div className="max-w-xs">
          <TextInput
            label="SNAP card’s last four digits"
            inputMode="numeric"
            maxLength={4}
            hint={capCents === null ? undefined : `Double Dollars cap: ${formatCents(capCents)} per card a market day`}
            value={card}
            onChange={(e) => setCard(e.target.value)}
          />
        </div>
      )}
      <FormError>
        {problem ?? (checkout.isError && errorMessage(checkout.error, 'Could not record the pickup. Please try again.'))}
      </FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={checkout.isPending}>
          Picked up
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
