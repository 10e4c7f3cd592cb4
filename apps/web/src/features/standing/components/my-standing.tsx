import { type BenefitProgramme, plannedBenefitsText, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { ORDER_LIMITS, WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { formatDateOnly, todayDateOnly } from '@farmstand/shared/format/date-only';
import { lineName } from '@farmstand/shared/format/quantity';
import {
  ChangeStandingRequest,
  STANDING_LIMITS,
  type Standing,
  type StandingCadence,
  type StandingResponse,
  type StandingWindow,
} from '@farmstand/shared/schemas/standing';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, Spinner } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { AlertIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { bind, messageAt, requestResolver } from '@/lib/form-errors';
import { formatPrice, formatUsd, formatZonedDay, formatZonedMoment, formatZonedTime } from '@/lib/format';
import { formatClock, zoneNote } from '@/lib/pickup-time';
import {
  useCancelStanding,
  useChangeStanding,
  useHoldStanding,
  useMyStanding,
  usePauseStanding,
  useResumeStanding,
  useSkipWindow,
} from '../api';
import { StandingTermsFields } from './make-standing-dialog';

const linkClass = 'font-semibold text-brand-700 underline dark:text-green-400';
const day = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' });
const fullDay = (date: string) => formatDateOnly(date);

/** A CSA membership's box for the coming week: another feature's part, passed in by the page. */
type WeekBox = (plan: NonNullable<Standing['plan']>, upcoming: Standing['upcoming']) => ReactNode;

/** The shopper's standing reservations on /orders?tab=standing (decision 514): terms, next pickups, changes. */
export function MyStanding({ weekBox }: { weekBox?: WeekBox }) {
  const query = useMyStanding();
  if (query.isPending) return <Spinner label="Loading your standing reservations…" />;
  if (query.isError) return <EmptyState title="Could not load your standing reservations" icon={AlertIcon} />;
  const list = query.data.standing;
  if (list.length === 0) {
    return (
      <EmptyState title="No standing reservations yet">
        <p>
          A standing reservation repeats an order every week, every 2 weeks or every 4 weeks at the same pickup place and time.
          Each order is placed for you before orders close, and we e-mail you 2 days before so you can skip a week.
        </p>
        <p className="mt-2">
          To make one, choose <strong>Repeat this order</strong> on an upcoming pickup order, or tick{' '}
          <strong>Repeat this order</strong> when you check out a basket. Find something on the{' '}
          <Link to="/products" className={linkClass}>
            products page
          </Link>
          .
        </p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Standing reservations">
      {list.map((standing) => (
        <li key={standing.id}>
          <StandingCard standing={standing} weekBox={weekBox} />
        </li>
      ))}
    </ul>
  );
}

type Notice = { ok: boolean; text: string } | null;

/** Runs a change and says what the server answered: a toast and a line in the card (or the error there). */
function useAnswer(setNotice: (notice: Notice) => void) {
  return async (run: () => Promise<StandingResponse>, fallback: string): Promise<boolean> => {
    setNotice(null);
    try {
      const answer = await run();
      setNotice({ ok: true, text: answer.message });
      toast.success(answer.message);
      return true;
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error, fallback) });
      return false;
    }
  };
}

function StatusBadges({ standing, today }: { standing: Standing; today: string }) {
  if (standing.status === 'cancelled') return <Badge tone="gray">Cancelled</Badge>;
  if (standing.status === 'ended') return <Badge tone="red">Ended by the farm</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="green">Active</Badge>
      {isPaused(standing, today) && <Badge tone="yellow">Paused until {day(standing.paused_until as string)}</Badge>}
      {isAway(standing, today) && (
        <Badge tone="blue">
          Away {day(standing.away_from as string)} – {day(standing.away_to as string)}
        </Badge>
      )}
    </span>
  );
}

const isPaused = (s: Standing, today: string) => s.paused_until !== null && s.paused_until > today;
const isAway = (s: Standing, today: string) => s.away_from !== null && s.away_to !== null && s.away_to >= today;

function StandingCard({ standing, weekBox }: { standing: Standing; weekBox?: WeekBox }) {
  const zone = standing.place.time_zone;
  const today = todayDateOnly(new Date(), zone);
  const [notice, setNotice] = useState<Notice>(null);
  const [panel, setPanel] = useState<'pause' | 'away' | 'change' | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const answer = useAnswer(setNotice);
  const resume = useResumeStanding();
  const active = standing.status === 'active';
  const titleId = `standing-${standing.id}-title`;
  const sample = standing.upcoming[0]?.starts_at;
  const toggle = (which: 'pause' | 'away' | 'change') => {
    setNotice(null);
    setPanel((open) => (open === which ? null : which));
  };

  return (
    <Card className="p-4 sm:p-5" role="article" aria-labelledby={titleId} data-testid={`standing-${standing.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold">
            {standing.producer.farm_name} · {standing.place.name}
          </h3>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {standing.cadence} · {WEEKDAY_NAMES[standing.weekday]}s at {formatClock(standing.start)}
            {sample ? zoneNote(sample, zone) : ''}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            Since {fullDay(standing.start_date)} ·{' '}
            {standing.end_date ? `Last date ${fullDay(standing.end_date)}` : 'No last date'}
          </p>
        </div>
        <StatusBadges standing={standing} today={today} />
      </div>

      {standing.status === 'ended' && (
        <p className="mt-2 text-sm">
          {standing.producer.farm_name} ended it{standing.end_reason ? `: ${standing.end_reason}` : '.'}
        </p>
      )}
      {standing.warning && (
        <p
          role="note"
          className="mt-2 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{standing.warning}</span>
        </p>
      )}

      {standing.plan ? (
        <>
          <p className="mt-3 text-sm">
            CSA share: {standing.plan.name}, {standing.plan.size} · {formatUsd(standing.plan.price)} a pickup
            {standing.plan.dislikes ? ` · Dislikes: ${standing.plan.dislikes}` : ''}
          </p>
          {active && weekBox && (
            <div className="mt-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
              {weekBox(standing.plan, standing.upcoming)}
            </div>
          )}
        </>
      ) : (
        <ul className="mt-3 text-sm" aria-label="Items each time">
          {standing.items.map((item) => (
            <li key={`${item.product_id}:${item.variant_id ?? ''}`} className="flex flex-wrap justify-between gap-x-2">
              <span>
                {item.quantity} × {lineName(item.name, item.variant_name)}
              </span>
              {item.unit_price !== null && (
                <span className="text-stone-600 dark:text-stone-400">{formatPrice(item.unit_price, item.price_unit)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {standing.planned_benefits.length > 0 && (
        <p className="mt-2 text-sm">{plannedBenefitsText(standing.planned_benefits, 'shopper')} at each pickup</p>
      )}
      {standing.note && <p className="mt-2 text-sm italic text-stone-700 dark:text-stone-300">“{standing.note}”</p>}

      {standing.upcoming.length > 0 && (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Next pickups</h4>
          <ul className="mt-1 divide-y divide-stone-200 text-sm dark:divide-stone-800">
            {standing.upcoming.map((window) => (
              <WindowRow key={window.starts_at} standing={standing} window={window} answer={answer} />
            ))}
          </ul>
        </div>
      )}

      {notice && (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`mt-3 text-sm ${notice.ok ? 'text-green-800 dark:text-green-300' : 'text-red-700 dark:text-red-400'}`}
        >
          {notice.text}
        </p>
      )}

      {active && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!standing.plan && (
            <Button size="sm" variant="secondary" aria-expanded={panel === 'change'} onClick={() => toggle('change')}>
              Change
            </Button>
          )}
          <Button size="sm" variant="secondary" aria-expanded={panel === 'pause'} onClick={() => toggle('pause')}>
            Pause
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={panel === 'away'} onClick={() => toggle('away')}>
            Away dates
          </Button>
          {(isPaused(standing, today) || isAway(standing, today)) && (
            <Button
              size="sm"
              isLoading={resume.isPending}
              onClick={() => answer(() => resume.mutateAsync(standing.id), 'Could not resume it')}
            >
              Resume
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setCancelling(true)}>
            Cancel standing reservation
          </Button>
        </div>
      )}
      {active && panel === 'pause' && <PauseForm standing={standing} answer={answer} onDone={() => setPanel(null)} />}
      {active && panel === 'away' && <AwayForm standing={standing} answer={answer} onDone={() => setPanel(null)} />}
      {active && panel === 'change' && <ChangeForm standing={standing} answer={answer} onDone={() => setPanel(null)} />}
      {cancelling && <CancelDialog standing={standing} answer={answer} onClose={() => setCancelling(false)} />}
    </Card>
  );
}

type Answer = ReturnType<typeof useAnswer>;

/** A window's state in words: when it is placed, its order, or why there is none. */
function windowState(window: StandingWindow, zone: string): ReactNode {
  switch (window.state) {
    case 'upcoming':
      return `Upcoming — placed on ${formatZonedMoment(window.places_at, zone)}`;
    case 'placed':
      return (
        <>
          Placed
          {window.order_id !== null && (
            <>
              {' '}
              as{' '}
              <Link to={`/orders?order=${window.order_id}`} className={linkClass}>
                order #{window.order_id}
              </Link>
            </>
          )}
          {window.reason ? ` · ${window.reason}` : ''}
        </>
      );
    case 'skipped':
      return 'Skipped';
    case 'missed':
      return `Missed${window.reason ? `: ${window.reason}` : ''}`;
    case 'paused':
      return 'Paused';
    case 'away':
      return 'Away';
    case 'off':
      // The place's closed date or a day outside its season says why (decision 542); a plan's own week off does not.
      return window.reason ? `No pickup that week: ${window.reason}` : 'No pickup: the farm’s week off';
  }
}

const STATE_TONES = {
  upcoming: 'text-stone-700 dark:text-stone-300',
  placed: 'text-green-800 dark:text-green-300',
  skipped: 'text-stone-600 dark:text-stone-400',
  missed: 'text-red-800 dark:text-red-300',
  paused: 'text-stone-600 dark:text-stone-400',
  away: 'text-stone-600 dark:text-stone-400',
  off: 'text-stone-600 dark:text-stone-400',
} as const;

function WindowRow({ standing, window, answer }: { standing: Standing; window: StandingWindow; answer: Answer }) {
  const zone = standing.place.time_zone;
  const skip = useSkipWindow();
  const open = standing.status === 'active' && Date.parse(window.cutoff_at) > Date.now();
  const canSkip = open && (window.state === 'upcoming' || window.state === 'placed');
  const canUndo = open && window.state === 'skipped';
  const when = formatZonedDay(window.starts_at, zone);
  const act = (undo: boolean) =>
    answer(
      () => skip.mutateAsync({ id: standing.id, startsAt: window.starts_at, undo }),
      undo ? 'Could not take the skip back' : 'Could not skip that pickup',
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <span>
        <span className="block font-medium">
          {when}, {formatZonedTime(window.starts_at, zone)}
        </span>
        <span className={`block ${STATE_TONES[window.state]}`}>{windowState(window, zone)}</span>
        {(canSkip || canUndo) && (
          <span className="block text-xs text-stone-600 dark:text-stone-400">
            Orders close {formatZonedMoment(window.cutoff_at, zone)}
          </span>
        )}
      </span>
      {canSkip && (
        <Button size="sm" variant="secondary" isLoading={skip.isPending} aria-label={`Skip ${when}`} onClick={() => act(false)}>
          Skip
        </Button>
      )}
      {canUndo && (
        <Button
          size="sm"
          variant="secondary"
          isLoading={skip.isPending}
          aria-label={`Undo skip ${when}`}
          onClick={() => act(true)}
        >
          Undo skip
        </Button>
      )}
    </li>
  );
}

type FormProps = { standing: Standing; answer: Answer; onDone: () => void };

const panelClass = 'mt-3 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700';

function PauseForm({ standing, answer, onDone }: FormProps) {
  const pause = usePauseStanding();
  const [weeks, setWeeks] = useState(1);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await answer(() => pause.mutateAsync({ id: standing.id, weeks }), 'Could not pause it')) onDone();
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-label="Pause">
      <div className="w-40">
        <SelectInput label="Pause for" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
          {Array.from({ length: STANDING_LIMITS.maxPauseWeeks }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'week' : 'weeks'}
            </option>
          ))}
        </SelectInput>
      </div>
      <Button type="submit" size="sm" isLoading={pause.isPending}>
        Pause
      </Button>
      <p className="w-full text-xs text-stone-600 dark:text-stone-400">
        No orders are placed for pickups in those weeks. Orders already placed stay.
      </p>
    </form>
  );
}

function AwayForm({ standing, answer, onDone }: FormProps) {
  const hold = useHoldStanding();
  const [from, setFrom] = useState(standing.away_from ?? '');
  const [to, setTo] = useState(standing.away_to ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!from || !to) {
      setError('Enter the first and the last day you are away');
      return;
    }
    if (await answer(() => hold.mutateAsync({ id: standing.id, from, to }), 'Could not save the away dates')) onDone();
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-label="Away dates" noValidate>
      <TextInput label="First day away" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
      <TextInput
        label="Last day away"
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => setTo(e.target.value)}
        required
      />
      <Button type="submit" size="sm" isLoading={hold.isPending}>
        Save away dates
      </Button>
      <FormError className="w-full">{error}</FormError>
    </form>
  );
}

type ChangeValues = { quantities: string[]; everyWeeks: StandingCadence; endDate: string; plannedBenefits: BenefitProgramme[] };

/** What is wrong with the change is said in one line under it. */
const CHANGE_LINE = 'change';

function ChangeForm({ standing, answer, onDone }: FormProps) {
  const change = useChangeStanding();
  const form = useForm<ChangeValues, unknown, z.output<typeof ChangeStandingRequest>>({
    defaultValues: {
      quantities: standing.items.map((item) => String(item.quantity)),
      everyWeeks: standing.every_weeks as StandingCadence,
      endDate: standing.end_date ?? '',
      plannedBenefits: standing.planned_benefits,
    },
    resolver: requestResolver(
      ChangeStandingRequest,
      ({ quantities, endDate, ...values }: ChangeValues, problem) => {
        if (quantities.some((q) => q.trim() === '' || !Number.isInteger(Number(q)) || Number(q) < 0))
          problem(CHANGE_LINE, 'Enter a whole number for each quantity (0 takes it out)');
        const items = standing.items.flatMap((item, index) => {
          const quantity = Number(quantities[index]);
          return quantity > 0 ? [{ productId: item.product_id, variantId: item.variant_id, quantity }] : [];
        });
        if (items.length === 0) problem(CHANGE_LINE, 'Keep at least one product, or cancel the standing reservation');
        return { ...values, items, endDate: endDate || null };
      },
      () => CHANGE_LINE,
    ),
    reValidateMode: 'onSubmit',
  });
  const planned = bind(form, 'plannedBenefits');
  const everyWeeks = bind(form, 'everyWeeks');
  const endDate = bind(form, 'endDate');
  const submit = form.handleSubmit(async (body) => {
    if (await answer(() => change.mutateAsync({ id: standing.id, change: body }), 'Could not save the change')) onDone();
  });
  return (
    <form className="mt-3 space-y-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700" onSubmit={submit} noValidate>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Quantities each time</legend>
        <ul className="mt-1 space-y-2">
          {standing.items.map((item, index) => {
            const id = `standing-${standing.id}-qty-${index}`;
            return (
              <li key={`${item.product_id}:${item.variant_id ?? ''}`} className="flex items-center gap-2 text-sm">
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={ORDER_LIMITS.maxQuantityPerLine}
                  step={1}
                  {...form.register(`quantities.${index}`)}
                  className="w-16 rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-600 dark:bg-stone-900"
                />
                <label htmlFor={id}>× {lineName(item.name, item.variant_name)}</label>
              </li>
            );
          })}
        </ul>
        <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">0 takes a product out.</p>
      </fieldset>
      {standing.planned_benefits.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
            Tell {standing.producer.farm_name} you plan to pay with
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {standing.planned_benefits.map((programme) => (
              <label key={programme} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={planned.value.includes(programme)}
                  onChange={(e) =>
                    planned.onChange(
                      standing.planned_benefits.filter((p) => (p === programme ? e.target.checked : planned.value.includes(p))),
                    )
                  }
                />
                {TENDER_LABELS[programme]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">Untick one to stop telling the farm.</p>
        </fieldset>
      )}
      <StandingTermsFields
        everyWeeks={everyWeeks.value}
        onEveryWeeks={everyWeeks.onChange}
        endDate={endDate.value}
        onEndDate={endDate.onChange}
        minDate={standing.start_date}
      />
      <p className="text-xs text-stone-600 dark:text-stone-400">Orders not yet placed follow the change.</p>
      <FormError>{messageAt(form.formState.errors, CHANGE_LINE)}</FormError>
      <div className="flex gap-2">
        <Button type="submit" size="sm" isLoading={change.isPending}>
          Save changes
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
    </form>
  );
}

function CancelDialog({ standing, answer, onClose }: { standing: Standing; answer: Answer; onClose: () => void }) {
  const cancel = useCancelStanding();
  return (
    <Modal title="Cancel this standing reservation?" onClose={onClose} width="max-w-md">
      <p className="text-stone-700 dark:text-stone-300">
        No more orders will be placed for {standing.producer.farm_name} at {standing.place.name}. Orders already placed stay;
        cancel them from their page if you need to.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Keep it
        </Button>
        <Button
          variant="danger"
          isLoading={cancel.isPending}
          onClick={async () => {
            await answer(() => cancel.mutateAsync(standing.id), 'Could not cancel it');
            onClose();
          }}
        >
          Cancel standing reservation
        </Button>
      </div>
    </Modal>
  );
}
