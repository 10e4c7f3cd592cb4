import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { weekdayOf } from '@farmstand/shared/format/date-only';
import type { Order } from '@farmstand/shared/schemas/orders';
import type { PickupWindow } from '@farmstand/shared/schemas/pickup';
import {
  type MakeStandingRequest,
  STANDING_CADENCE_LABELS,
  STANDING_CADENCES,
  STANDING_LIMITS,
  type StandingCadence,
} from '@farmstand/shared/schemas/standing';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api';
import { formatZonedDay, formatZonedTime } from '@/lib/format';
import { formatWindow, zoneNote } from '@/lib/pickup-time';
import { usePublicPickup } from '@/shared/pickup-places';
import { useMakeStanding } from '../api';

const OPEN_STATUSES: readonly string[] = ['requested', 'accepted', 'ready'];

/** What the shopper is told a standing reservation does, with the farm's lead time. */
export const standingExplanation = (leadHours: number) =>
  `Each week’s order is placed ${leadHours} ${leadHours === 1 ? 'hour' : 'hours'} before orders close; we e-mail you 2 days before so you can skip a week.`;

/** The farm's lead time from its public pickup settings, or the default before they load. */
export const leadHoursOf = (settings: { standing_lead_hours?: number } | undefined) =>
  settings?.standing_lead_hours ?? STANDING_LIMITS.defaultLeadHours;

/** How often (every 1, 2 or 4 weeks) and an optional last date: the dialog's, the checkout's and the change form's. */
export function StandingTermsFields({
  everyWeeks,
  onEveryWeeks,
  endDate,
  onEndDate,
  minDate,
}: {
  everyWeeks: number;
  onEveryWeeks: (weeks: StandingCadence) => void;
  endDate: string;
  onEndDate: (date: string) => void;
  minDate?: string;
}) {
  const name = useId();
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">How often</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {STANDING_CADENCES.map((weeks) => (
            <label
              key={weeks}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-stone-600 dark:has-[:checked]:border-green-400 dark:has-[:checked]:bg-brand-900/30"
            >
              <input type="radio" name={name} value={weeks} checked={everyWeeks === weeks} onChange={() => onEveryWeeks(weeks)} />
              {STANDING_CADENCE_LABELS[weeks]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextInput
        label="Last date (optional)"
        type="date"
        value={endDate}
        min={minDate}
        onChange={(e) => onEndDate(e.target.value)}
        hint="Leave it empty to keep it going until you pause or cancel it."
      />
    </div>
  );
}

/** An order that can start a standing reservation: the shopper's open pickup order, not already standing. */
export function canRepeat(order: Order): boolean {
  return (
    order.standing_id === null &&
    // A market basket's part is ordered with the other farms' each market day, not on its own.
    order.market_order_id === null &&
    order.fulfilment === 'pickup' &&
    order.place.kind !== 'delivery' &&
    order.place.point_id !== null &&
    OPEN_STATUSES.includes(order.status) &&
    repeatLines(order).length > 0
  );
}

/** The order's lines as asked for (before a short harvest), without products the farm removed. */
function repeatLines(order: Order): MakeStandingRequest['items'] {
  return order.items.flatMap((item) => {
    const quantity = item.ordered_quantity ?? item.quantity;
    return item.product_id === null || quantity < 1 ? [] : [{ productId: item.product_id, variantId: item.variant_id, quantity }];
  });
}

/** "Saturday 9:00 AM" of a moment in the place's zone. */
function weeklyTime(iso: string, timeZone: string) {
  return `${formatZonedDay(iso, timeZone).split(',')[0]} ${formatZonedTime(iso, timeZone)}`;
}

/** The first open window after the order's at the same place, weekday and local start time. */
export function nextSameSlot(order: Order, windows: PickupWindow[]): PickupWindow | null {
  const slot = weeklyTime(order.window.starts_at, order.window.time_zone);
  return (
    windows.find(
      (w) =>
        w.point_id === order.place.point_id &&
        Date.parse(w.starts_at) > Date.parse(order.window.starts_at) &&
        weeklyTime(w.starts_at, w.time_zone) === slot,
    ) ?? null
  );
}

/** The server's answer when orders for that window already closed (the order itself stays as it is). */
const isClosed = (error: unknown) => error instanceof ApiError && error.status === 400 && /\bclosed\b/i.test(error.message);

/** "Repeat this order" on the shopper's open pickup order: opens the dialog that makes it standing. */
export function RepeatOrderButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!canRepeat(order)) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Repeat this order
      </Button>
      {open && <MakeStandingDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Makes the order standing: every 1, 2 or 4 weeks at its place and weekly time, the order itself
 * the first of the series. When that window's orders have closed, the series starts with the next
 * window at the same place and time instead, and the order stays on its own.
 */
export function MakeStandingDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const make = useMakeStanding();
  const pickup = usePublicPickup(order.producer.user_id);
  const [everyWeeks, setEveryWeeks] = useState<StandingCadence>(1);
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = order.window.time_zone;
  const lead = leadHoursOf(pickup.data?.settings);
  const lines = repeatLines(order);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const base = {
      producerUserId: order.producer.user_id,
      pointId: order.place.point_id as number,
      items: lines,
      shopperName: order.shopper.name,
      shopperPhone: order.shopper.phone,
      note: order.note,
      // Told to the farm on each week's order, as on this one (decision 516).
      plannedBenefits: order.planned_benefits,
      everyWeeks,
      endDate: endDate || null,
    };
    try {
      try {
        const answer = await make.mutateAsync({ ...base, startsAt: order.window.starts_at, fromOrderId: order.id });
        toast.success(answer.message);
        onClose();
        return;
      } catch (failure) {
        if (!isClosed(failure)) throw failure;
      }
      const fresh = await pickup.refetch();
      const next = nextSameSlot(order, fresh.data?.windows ?? pickup.data?.windows ?? []);
      if (!next) {
        setError(
          `Orders for ${formatZonedDay(order.window.starts_at, zone)} have closed, and no later ${weeklyTime(order.window.starts_at, zone)} pickup at ${order.place.name} is open yet. Try again after this pickup.`,
        );
        return;
      }
      const answer = await make.mutateAsync({ ...base, startsAt: next.starts_at, fromOrderId: null });
      toast.success(
        `${answer.message} Orders for this pickup had closed, so it starts on ${formatZonedDay(next.starts_at, next.time_zone)}; order #${order.id} stays as it is.`,
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not make this order standing; try again'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Repeat this order" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="text-sm">
          <p>
            Order #{order.id} from {order.producer.farm_name}, picked up at {order.place.name},{' '}
            <span className="whitespace-nowrap">
              {WEEKDAY_NAMES[weekdayOf(order.window.date)]}s at {formatZonedTime(order.window.starts_at, zone)}
              {zoneNote(order.window.starts_at, zone)}
            </span>
            .
          </p>
          <ul className="mt-2 list-disc pl-5 text-stone-700 dark:text-stone-300">
            {order.items
              .filter((item) => item.product_id !== null)
              .map((item) => (
                <li key={item.id}>
                  {item.ordered_quantity ?? item.quantity} ×{' '}
                  {item.variant_name ? `${item.name} · ${item.variant_name}` : item.name}
                </li>
              ))}
          </ul>
          <p className="mt-2 text-stone-700 dark:text-stone-300">
            It starts with this order: {formatWindow(order.window.starts_at, order.window.ends_at, zone)}.
          </p>
        </div>
        <StandingTermsFields
          everyWeeks={everyWeeks}
          onEveryWeeks={setEveryWeeks}
          endDate={endDate}
          onEndDate={setEndDate}
          minDate={order.window.date}
        />
        <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800 dark:bg-stone-800 dark:text-stone-100">
          {standingExplanation(lead)} You pay at each pickup, as now.
        </p>
        <FormError>{error}</FormError>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={busy}>
            Make it standing
          </Button>
        </div>
      </form>
    </Modal>
  );
}
