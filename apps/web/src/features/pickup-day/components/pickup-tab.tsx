import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { seasonLabel } from '@farmstand/shared/format/place-calendar';
import { PICKUP_KIND_LABELS, type PickupPoint, type PickupSettings, TIME_ZONE_LABELS } from '@farmstand/shared/schemas/pickup';
import { STANDING_LIMITS } from '@farmstand/shared/schemas/standing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api';
import { numberOrNull } from '@/lib/form-errors';
import { formatWeeklySlot } from '@/lib/pickup-time';
import { usePickupSetup } from '@/shared/pickup-places';
import { useRemovePickupPoint, useSavePickupSettings } from '../api';
import { PointForm } from './pickup-point-form';

/**
 * The /profile 'Pickup & Orders' tab: first where shoppers pick up (each place with its weekly
 * times, "Add pickup place" on top), then the order rules, whose defaults suit a first season.
 */
export function PickupTab() {
  const setup = usePickupSetup();
  const [editing, setEditing] = useState<PickupPoint | 'new' | null>(null);
  const [removing, setRemoving] = useState<PickupPoint | null>(null);
  const remove = useRemovePickupPoint();
  if (setup.isPending) return <Spinner label="Loading pickup settings…" />;
  if (setup.isError) return <EmptyState title="Could not load your pickup settings" icon={AlertIcon} />;
  const { settings, points, delivery, incentives } = setup.data;

  return (
    <div className="space-y-6">
      <section aria-labelledby="pickup-places-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="pickup-places-heading" className="text-lg font-semibold">
            Pickup places and delivery days
          </h2>
          {editing === null && <Button onClick={() => setEditing('new')}>Add pickup place</Button>}
        </div>
        {editing !== null && (
          <PointForm
            point={editing === 'new' ? null : editing}
            deliveryAvailable={delivery.available}
            incentives={incentives}
            farmRules={settings}
            onDone={() => setEditing(null)}
          />
        )}
        {points.length === 0 && editing === null && (
          <EmptyState title="No pickup places yet" icon={BasketIcon}>
            Add your farm stand or a farmers market so shoppers can reserve for pickup.
          </EmptyState>
        )}
        <ul className="grid gap-3 md:grid-cols-2">
          {points.map((point) => (
            <li key={point.id}>
              <Card className="h-full p-4">
                <p className="font-semibold">{point.name}</p>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {PICKUP_KIND_LABELS[point.kind]}
                  {point.kind === 'delivery'
                    ? ` · within ${delivery.radius ?? 0} miles · fee $${(point.delivery_fee ?? 0).toFixed(2)}`
                    : ` · ${[point.address, point.city, point.state, point.zip].filter(Boolean).join(', ')}`}
                </p>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {TIME_ZONE_LABELS[point.time_zone]}
                  {point.booth ? ` · ${point.booth}` : ''}
                  {point.min_order !== null ? ` · minimum order $${point.min_order.toFixed(2)}` : ''}
                </p>
                <PlaceCalendarSummary point={point} />
                {point.incentive_market && (
                  <p className="text-sm text-stone-600 dark:text-stone-400">Participating market: {point.incentive_market}</p>
                )}
                <ul className="mt-2 text-sm text-stone-700 dark:text-stone-300">
                  {point.schedule.map((slot) => (
                    <li key={`${slot.weekday}-${slot.start}`}>{formatWeeklySlot(slot)}</li>
                  ))}
                </ul>
                <div className="mt-3 flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(point)}>
                    Edit <span className="sr-only">{point.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(point)}>
                    Remove <span className="sr-only">{point.name}</span>
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <RulesForm settings={settings} />
      {removing && (
        <ConfirmDialog
          title="Remove this pickup place?"
          message={`${removing.name} stops taking new orders. Orders already placed for it stay as they are.`}
          confirmLabel="Remove"
          isBusy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              toast.success('Pickup place removed');
            } catch (error) {
              toast.error(errorMessage(error, 'Could not remove the pickup place'));
            }
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}

/** The place's season, closed dates and own rules, on its card. */
function PlaceCalendarSummary({ point }: { point: PickupPoint }) {
  const parts = [
    seasonLabel({ seasonFrom: point.season_from, seasonTo: point.season_to }),
    point.closed_dates.length > 0
      ? `Closed ${point.closed_dates.map((d) => formatDateOnly(d, { month: 'short', day: 'numeric' })).join(', ')}`
      : null,
    point.cutoff_hours !== null ? `orders close ${point.cutoff_hours} h before` : null,
    point.standing_lead_hours !== null ? `standing orders placed ${point.standing_lead_hours} h before that` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="text-sm text-stone-600 dark:text-stone-400">{parts.join(' · ')}</p>;
}

function RulesForm({ settings }: { settings: PickupSettings }) {
  const save = useSavePickupSettings();
  const form = useForm({
    defaultValues: {
      cutoff_hours: String(settings.cutoff_hours),
      cap_per_window: settings.cap_per_window === null ? '' : String(settings.cap_per_window),
      close_after_hours: String(settings.close_after_hours),
      close_as: settings.close_as,
      morning_summary: settings.morning_summary,
      standing_lead_hours: String(settings.standing_lead_hours),
      standing_accept: settings.standing_accept,
    },
  });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        ...values,
        cutoff_hours: Number(values.cutoff_hours),
        cap_per_window: numberOrNull(values.cap_per_window),
        close_after_hours: Number(values.close_after_hours),
        standing_lead_hours: Number(values.standing_lead_hours),
      },
      { onSuccess: () => toast.success('Order rules saved') },
    ),
  );
  const error = save.isError ? errorMessage(save.error, 'Could not save the order rules') : null;
  const fieldError = (pattern: RegExp) => (error && pattern.test(error) ? error : undefined);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Order rules</h2>
      <form onSubmit={submit} className="mt-3 space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Order cut-off (hours before pickup)"
            type="number"
            min={0}
            max={168}
            {...form.register('cutoff_hours')}
            error={fieldError(/^cut-off/i)}
          />
          <TextInput
            label="Most orders per pickup time"
            type="number"
            min={1}
            hint="Leave empty for no limit"
            {...form.register('cap_per_window')}
            error={fieldError(/cap/i)}
          />
          <TextInput
            label="Close unhandled orders (hours after pickup ends)"
            type="number"
            min={1}
            max={72}
            {...form.register('close_after_hours')}
            error={fieldError(/closing time|close orders/i)}
          />
          <SelectInput label="Close them as" {...form.register('close_as')}>
            <option value="no_show">No-shows (not counted as sales)</option>
            <option value="picked_up">Picked up (counted as sales)</option>
          </SelectInput>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1 h-4 w-4" {...form.register('morning_summary')} />
          <span>E-mail me a summary on the morning of each pickup day (orders, totals, new requests)</span>
        </label>
        <div className="border-t border-stone-200 pt-4 dark:border-stone-700">
          <fieldset className="space-y-3">
            <legend className="font-semibold">Standing reservations</legend>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              Shoppers can make a reservation repeat every 1, 2 or 4 weeks. Each week’s order is placed for them before your
              cut-off.
            </p>
            <div className="sm:w-1/2 sm:pr-2">
              <TextInput
                label="Place standing orders (hours before the cut-off)"
                type="number"
                min={STANDING_LIMITS.minLeadHours}
                max={STANDING_LIMITS.maxLeadHours}
                hint={`From ${STANDING_LIMITS.minLeadHours} to ${STANDING_LIMITS.maxLeadHours} hours (a week)`}
                {...form.register('standing_lead_hours')}
                error={fieldError(/standing orders|lead time/i)}
              />
            </div>
            <div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  aria-describedby="standing-accept-hint"
                  {...form.register('standing_accept')}
                />
                <span>Accept standing orders at once (stock is taken when placed)</span>
              </label>
              <p id="standing-accept-hint" className="ml-6 text-sm text-stone-700 dark:text-stone-300">
                Otherwise they arrive as requests for you to accept.
              </p>
            </div>
          </fieldset>
        </div>
        <Button type="submit" isLoading={save.isPending}>
          Save rules
        </Button>
      </form>
      <FormError className="mt-2">
        {error && !/cut-off|cap|closing time|close orders|standing orders|lead time/i.test(error) && error}
      </FormError>
    </Card>
  );
}
