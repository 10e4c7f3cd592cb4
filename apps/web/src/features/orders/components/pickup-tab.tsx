import { STATES } from '@farmstand/shared';
import {
  PICKUP_KIND_LABELS,
  PICKUP_KINDS,
  type PickupKind,
  type PickupPoint,
  type PickupPointRequest,
  type ScheduleSlot,
  WEEKDAY_NAMES,
} from '@farmstand/shared/schemas/pickup';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectInput, TextInput } from '@/components/ui/field';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api';
import { usePickupSetup, useRemovePickupPoint, useSavePickupPoint, useSavePickupSettings } from '../api';
import { formatWeeklySlot } from '../format';

/** The /profile 'Pickup' tab: order rules, then each place with its weekly times. */
export function PickupTab() {
  const setup = usePickupSetup();
  const [editing, setEditing] = useState<PickupPoint | 'new' | null>(null);
  const [removing, setRemoving] = useState<PickupPoint | null>(null);
  const remove = useRemovePickupPoint();
  if (setup.isPending) return <Spinner label="Loading pickup settings…" />;
  if (setup.isError) return <EmptyState title="Could not load your pickup settings" icon={AlertIcon} />;
  const { settings, points, delivery } = setup.data;

  return (
    <div className="space-y-6">
      <RulesForm cutoff={settings.cutoff_hours} cap={settings.cap_per_window} />
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

function RulesForm({ cutoff, cap }: { cutoff: number; cap: number | null }) {
  const save = useSavePickupSettings();
  const [cutoffHours, setCutoffHours] = useState(String(cutoff));
  const [capText, setCapText] = useState(cap === null ? '' : String(cap));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        cutoff_hours: Number(cutoffHours),
        cap_per_window: capText.trim() === '' ? null : Number(capText),
      });
      toast.success('Order rules saved');
    } catch (e) {
      setError(errorMessage(e, 'Could not save the order rules'));
    }
  };
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Order rules</h2>
      <form onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start" noValidate>
        <TextInput
          label="Order cut-off (hours before pickup)"
          type="number"
          min={0}
          max={168}
          value={cutoffHours}
          onChange={(e) => setCutoffHours(e.target.value)}
          error={error && /cut-off/i.test(error) ? error : undefined}
        />
        <TextInput
          label="Most orders per pickup time"
          type="number"
          min={1}
          hint="Leave empty for no limit"
          value={capText}
          onChange={(e) => setCapText(e.target.value)}
          error={error && /cap/i.test(error) ? error : undefined}
        />
        <div className="sm:pt-6">
          <Button type="submit" isLoading={save.isPending}>
            Save rules
          </Button>
        </div>
      </form>
      {error && !/cut-off|cap/i.test(error) && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Card>
  );
}

const emptySlot = (): ScheduleSlot => ({ weekday: 6, start: '09:00', end: '12:00' });

function PointForm({
  point,
  deliveryAvailable,
  onDone,
}: {
  point: PickupPoint | null;
  deliveryAvailable: boolean;
  onDone: () => void;
}) {
  const save = useSavePickupPoint();
  const [kind, setKind] = useState<PickupKind>(point?.kind ?? 'market');
  const [fields, setFields] = useState({
    name: point?.name ?? '',
    address: point?.address ?? '',
    city: point?.city ?? '',
    state: point?.state ?? 'KY',
    zip: point?.zip ?? '',
    delivery_fee: point?.delivery_fee === null || point?.delivery_fee === undefined ? '' : String(point.delivery_fee),
  });
  const [schedule, setSchedule] = useState<ScheduleSlot[]>(point?.schedule.length ? point.schedule : [emptySlot()]);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const setSlot = (index: number, patch: Partial<ScheduleSlot>) =>
    setSchedule((slots) => slots.map((slot, i) => (i === index ? { ...slot, ...patch } : slot)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: PickupPointRequest =
      kind === 'delivery'
        ? { kind, name: fields.name, delivery_fee: fields.delivery_fee === '' ? 0 : Number(fields.delivery_fee), schedule }
        : {
            kind,
            name: fields.name,
            address: fields.address,
            city: fields.city,
            state: fields.state as (typeof STATES)[number],
            zip: fields.zip,
            schedule,
          };
    try {
      await save.mutateAsync({ id: point?.id ?? null, point: body });
      toast.success(point ? 'Pickup place saved' : 'Pickup place added');
      onDone();
    } catch (e) {
      setError(errorMessage(e, 'Could not save the pickup place'));
    }
  };

  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={point ? `Edit ${point.name}` : 'New pickup place'}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput label="Kind" value={kind} onChange={(e) => setKind(e.target.value as PickupKind)}>
            {PICKUP_KINDS.filter((k) => k !== 'delivery' || deliveryAvailable || point?.kind === 'delivery').map((k) => (
              <option key={k} value={k}>
                {PICKUP_KIND_LABELS[k]}
              </option>
            ))}
          </SelectInput>
          <TextInput label="Name" value={fields.name} onChange={set('name')} placeholder="Lexington Farmers Market" required />
        </div>
        {kind === 'delivery' ? (
          <TextInput
            label="Delivery fee ($)"
            type="number"
            min={0}
            step="0.01"
            value={fields.delivery_fee}
            onChange={set('delivery_fee')}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_auto_auto]">
            <TextInput label="Address" value={fields.address} onChange={set('address')} required />
            <TextInput label="City" value={fields.city} onChange={set('city')} required />
            <SelectInput label="State" value={fields.state} onChange={set('state')}>
              {STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </SelectInput>
            <TextInput label="ZIP code" value={fields.zip} onChange={set('zip')} inputMode="numeric" maxLength={5} required />
          </div>
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Weekly times</legend>
          {schedule.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
            <div key={index} className="grid grid-cols-[1fr_auto_auto_auto] items-end gap-2">
              <SelectInput label="Day" value={slot.weekday} onChange={(e) => setSlot(index, { weekday: Number(e.target.value) })}>
                {WEEKDAY_NAMES.map((day, i) => (
                  <option key={day} value={i}>
                    {day}
                  </option>
                ))}
              </SelectInput>
              <TextInput
                label="From"
                type="time"
                value={slot.start}
                onChange={(e) => setSlot(index, { start: e.target.value })}
              />
              <TextInput label="Until" type="time" value={slot.end} onChange={(e) => setSlot(index, { end: e.target.value })} />
              <Button
                variant="ghost"
                size="sm"
                disabled={schedule.length === 1}
                onClick={() => setSchedule((slots) => slots.filter((_, i) => i !== index))}
              >
                Remove<span className="sr-only"> {WEEKDAY_NAMES[slot.weekday]} time</span>
              </Button>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => setSchedule((slots) => [...slots, emptySlot()])}>
            Add a time
          </Button>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" isLoading={save.isPending}>
            {point ? 'Save place' : 'Add place'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
