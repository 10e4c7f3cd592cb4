import { STATES } from '@farmstand/shared';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { MONTH_NAMES } from '@farmstand/shared/format/place-calendar';
import {
  defaultTimeZone,
  PICKUP_KIND_LABELS,
  PICKUP_KINDS,
  PICKUP_TIME_ZONES,
  type PickupKind,
  type PickupPoint,
  PickupPointRequest,
  type PickupSettings,
  type PickupTimeZone,
  type PlaceIncentive,
  type ScheduleSlot,
  TIME_ZONE_LABELS,
  WEEKDAY_NAMES,
} from '@farmstand/shared/schemas/pickup';
import { STANDING_LIMITS } from '@farmstand/shared/schemas/standing';
import { useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { bind, messageAt, requestResolver } from '@/lib/form-errors';
import { useSavePickupPoint } from '../api';

const emptySlot = (): ScheduleSlot => ({ weekday: 6, start: '09:00', end: '12:00' });

/** One end of a place's season: a month and a day, as 'MM-DD' (empty: all year). */
function SeasonEnd({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [month, day] = value ? [value.slice(0, 2), value.slice(3)] : ['', ''];
  const join = (m: string, d: string) => (m ? `${m}-${d || '01'}` : '');
  return (
    <div className="grid grid-cols-[2fr_1fr] gap-2">
      <SelectInput label={`${label} month`} value={month} onChange={(e) => onChange(join(e.target.value, day))}>
        <option value="">All year</option>
        {MONTH_NAMES.map((name, i) => (
          <option key={name} value={String(i + 1).padStart(2, '0')}>
            {name}
          </option>
        ))}
      </SelectInput>
      <SelectInput label={`${label} day`} value={day} disabled={!month} onChange={(e) => onChange(join(month, e.target.value))}>
        {!month && <option value="">–</option>}
        {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((d) => (
          <option key={d} value={d}>
            {Number(d)}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}

/**
 * The place's own calendar and order rules (decision 542): its season, the dates it is closed
 * (no pickups; standing and CSA weeks skipped and their shoppers told), and its own cut-off and
 * standing lead time, empty for the farm's.
 */
function PlaceCalendarFields({
  form,
  farmRules,
}: {
  form: UseFormReturn<Values, unknown, PointRequest>;
  farmRules: PickupSettings;
}) {
  const closed = bind(form, 'closed_dates');
  const [newDate, setNewDate] = useState('');
  const addDate = () => {
    if (!newDate || closed.value.includes(newDate)) return;
    closed.onChange([...closed.value, newDate].sort());
    setNewDate('');
  };
  return (
    <fieldset className="space-y-3 border-t border-stone-200 pt-4 dark:border-stone-700">
      <legend className="text-sm font-semibold text-stone-800 dark:text-stone-200">This place’s calendar</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SeasonEnd label="Season starts" {...bind(form, 'season_from')} />
        <SeasonEnd label="Season ends" {...bind(form, 'season_to')} />
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Outside its season the place offers no pickup times and no standing or CSA weeks. Both “All year”: open all year.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-48">
          <TextInput label="Closed date" type="date" value={newDate} onChange={(e) => setNewDate(e.target.value)} />
        </div>
        <Button variant="secondary" size="sm" onClick={addDate} disabled={!newDate}>
          Add closed date
        </Button>
      </div>
      {closed.value.length > 0 && (
        <ul aria-label="Closed dates" className="flex flex-wrap gap-2">
          {closed.value.map((date) => (
            <li key={date} className="flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm dark:bg-stone-800">
              {formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })}
              <Button variant="ghost" size="sm" onClick={() => closed.onChange(closed.value.filter((d) => d !== date))}>
                Remove<span className="sr-only"> closed date {date}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-stone-600 dark:text-stone-400">
        No pickups on a closed date; standing reservations and CSA weeks that day are skipped and their shoppers told.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Order cut-off here (hours before pickup)"
          type="number"
          min={0}
          max={168}
          hint={`Empty: the farm’s ${farmRules.cutoff_hours} hours`}
          error={form.formState.errors.cutoff_hours?.message}
          {...form.register('cutoff_hours')}
        />
        <TextInput
          label="Place standing orders here (hours before the cut-off)"
          type="number"
          min={STANDING_LIMITS.minLeadHours}
          max={STANDING_LIMITS.maxLeadHours}
          hint={`Empty: the farm’s ${farmRules.standing_lead_hours} hours`}
          error={form.formState.errors.standing_lead_hours?.message}
          {...form.register('standing_lead_hours')}
        />
      </div>
    </fieldset>
  );
}

/** "Not a participating market": the place form's empty choice (decision 542). */
export const NOT_A_MARKET = 'Not a participating market';

/**
 * Which participating market of the state's running incentive the place is: a choice of the admin's
 * list, or the market's name where the admin listed none; nothing to choose where none runs.
 */
function IncentiveMarketField({
  incentive,
  value,
  onChange,
  error,
}: {
  incentive: PlaceIncentive | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  if (!incentive) return null;
  const hint = `Markets where ${incentive.name} matches benefits`;
  if (incentive.markets.length === 0)
    return (
      <TextInput
        label="Participating market"
        hint={`${hint}; leave empty if this place is not one`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={120}
        error={error}
      />
    );
  // A name saved before the admin's list changed stays visible until the producer chooses again.
  const choices = value && !incentive.markets.includes(value) ? [...incentive.markets, value] : incentive.markets;
  return (
    <SelectInput label="Participating market" hint={hint} value={value} error={error} onChange={(e) => onChange(e.target.value)}>
      <option value="">{NOT_A_MARKET}</option>
      {choices.map((market) => (
        <option key={market} value={market}>
          {market}
        </option>
      ))}
    </SelectInput>
  );
}

/** The fields typed as text; all but the season show their own problem (the season, closed dates and times say theirs below). */
const TYPED = ['name', 'address', 'city', 'zip', 'delivery_fee', 'booth', 'min_order', 'incentive_market'] as const;
type TextField = (typeof TYPED)[number] | 'cutoff_hours' | 'standing_lead_hours' | 'season_from' | 'season_to';
const SHOWN = new Set<string>([...TYPED, 'cutoff_hours', 'standing_lead_hours']);
const TEXT_FIELDS: TextField[] = [...TYPED, 'cutoff_hours', 'standing_lead_hours', 'season_from', 'season_to'];
type Values = Record<TextField, string> & {
  kind: PickupKind;
  state: string;
  time_zone: PickupTimeZone | '';
  closed_dates: string[];
  schedule: ScheduleSlot[];
};
const PLACE_LINE = 'place';
type PointRequest = z.output<typeof PickupPointRequest>;

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));
const numberOrNull = (value: string) => (value === '' ? null : Number(value));

export function PointForm({
  point,
  deliveryAvailable,
  incentives,
  farmRules,
  onDone,
}: {
  point: PickupPoint | null;
  deliveryAvailable: boolean;
  incentives: PlaceIncentive[];
  farmRules: PickupSettings;
  onDone: () => void;
}) {
  const save = useSavePickupPoint();
  const form = useForm<Values, unknown, PointRequest>({
    defaultValues: {
      ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, text(point?.[field])])) as Record<TextField, string>),
      kind: point?.kind ?? 'market',
      state: point?.state ?? 'KY',
      // Until the producer picks a zone, it follows the address (the server applies the same default).
      time_zone: point?.time_zone ?? '',
      closed_dates: point?.closed_dates ?? [],
      schedule: point?.schedule.length ? point.schedule : [emptySlot()],
    },
    resolver: requestResolver(
      PickupPointRequest,
      ({ kind, name, time_zone, season_from, season_to, closed_dates, schedule, ...fields }: Values) => {
        const common = {
          kind,
          name,
          time_zone: time_zone || null,
          min_order: numberOrNull(fields.min_order),
          cutoff_hours: numberOrNull(fields.cutoff_hours),
          standing_lead_hours: numberOrNull(fields.standing_lead_hours),
          season_from: season_from || null,
          season_to: season_to || null,
          closed_dates,
          schedule,
        };
        if (kind === 'delivery') return { ...common, delivery_fee: fields.delivery_fee === '' ? 0 : Number(fields.delivery_fee) };
        const incentive = incentives.some((i) => i.state === fields.state);
        const { address, city, state, zip, booth } = fields;
        return {
          ...common,
          address,
          city,
          state,
          zip,
          booth,
          incentive_market: incentive ? fields.incentive_market || null : null,
        };
      },
      (path) => (SHOWN.has(String(path[0])) ? String(path[0]) : PLACE_LINE),
    ),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const slots = useFieldArray({ control: form.control, name: 'schedule' });
  const [kind, state, zip, zoneChoice, schedule] = form.watch(['kind', 'state', 'zip', 'time_zone', 'schedule']);
  const incentive = incentives.find((i) => i.state === state);
  const timeZone = zoneChoice || defaultTimeZone(state, zip);
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: point?.id ?? null, point: body },
      {
        onSuccess: () => {
          toast.success(point ? 'Pickup place saved' : 'Pickup place added');
          onDone();
        },
      },
    ),
  );

  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={point ? `Edit ${point.name}` : 'New pickup place'}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput label="Kind" {...form.register('kind')}>
            {PICKUP_KINDS.filter((k) => k !== 'delivery' || deliveryAvailable || point?.kind === 'delivery').map((k) => (
              <option key={k} value={k}>
                {PICKUP_KIND_LABELS[k]}
              </option>
            ))}
          </SelectInput>
          <TextInput
            label="Name"
            placeholder="Lexington Farmers Market"
            required
            error={errors.name?.message}
            {...form.register('name')}
          />
        </div>
        {kind === 'delivery' ? (
          <TextInput
            label="Delivery fee ($)"
            type="number"
            min={0}
            step="0.01"
            error={errors.delivery_fee?.message}
            {...form.register('delivery_fee')}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_auto_auto]">
            <TextInput label="Address" required error={errors.address?.message} {...form.register('address')} />
            <TextInput label="City" required error={errors.city?.message} {...form.register('city')} />
            <SelectInput label="State" {...form.register('state')}>
              {STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </SelectInput>
            <TextInput
              label="ZIP code"
              inputMode="numeric"
              maxLength={5}
              required
              error={errors.zip?.message}
              {...form.register('zip')}
            />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectInput
            label="Time zone"
            hint="Pickup times, cut-offs and days are in this zone"
            value={timeZone}
            onChange={(e) => form.setValue('time_zone', e.target.value as PickupTimeZone)}
          >
            {PICKUP_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {TIME_ZONE_LABELS[zone]}
              </option>
            ))}
          </SelectInput>
          {kind !== 'delivery' && (
            <TextInput
              label="Stall or booth"
              hint="Shown to shoppers with the pickup time"
              placeholder="Stall 14, north row"
              maxLength={60}
              error={errors.booth?.message}
              {...form.register('booth')}
            />
          )}
          <TextInput
            label="Minimum order ($)"
            hint="Leave empty for none"
            type="number"
            min={0}
            step="0.01"
            error={errors.min_order?.message}
            {...form.register('min_order')}
          />
        </div>
        {kind !== 'delivery' && incentive && (
          <div className="sm:w-1/2 sm:pr-2">
            <IncentiveMarketField
              incentive={incentive}
              error={errors.incentive_market?.message}
              {...bind(form, 'incentive_market')}
            />
          </div>
        )}
        <PlaceCalendarFields form={form} farmRules={farmRules} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Weekly times</legend>
          {slots.fields.map((slot, index) => (
            <div key={slot.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2 sm:grid-cols-[1fr_auto_auto_auto]">
              {/* On a phone the day takes its own row, so the times keep their width (decision 532). */}
              <div className="col-span-3 sm:col-span-1">
                <SelectInput label="Day" {...form.register(`schedule.${index}.weekday`, { valueAsNumber: true })}>
                  {WEEKDAY_NAMES.map((day, i) => (
                    <option key={day} value={i}>
                      {day}
                    </option>
                  ))}
                </SelectInput>
              </div>
              <TextInput label="From" type="time" {...form.register(`schedule.${index}.start`)} />
              <TextInput label="Until" type="time" {...form.register(`schedule.${index}.end`)} />
              <Button variant="ghost" size="sm" disabled={slots.fields.length === 1} onClick={() => slots.remove(index)}>
                Remove<span className="sr-only"> {WEEKDAY_NAMES[schedule[index]?.weekday ?? slot.weekday]} time</span>
              </Button>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => slots.append(emptySlot())}>
            Add a time
          </Button>
        </fieldset>
        <FormError>{messageAt(errors, PLACE_LINE)}</FormError>
        <FormError>{save.isError && errorMessage(save.error, 'Could not save the pickup place')}</FormError>
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
