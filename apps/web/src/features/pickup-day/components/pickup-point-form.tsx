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
  type PickupPointRequest,
  type PickupSettings,
  type PickupTimeZone,
  type PlaceIncentive,
  type ScheduleSlot,
  TIME_ZONE_LABELS,
  WEEKDAY_NAMES,
} from '@farmstand/shared/schemas/pickup';
import { STANDING_LIMITS } from '@farmstand/shared/schemas/standing';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
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
function PlaceCalendarFields(props: {
  season: { from: string; to: string };
  onSeason: (season: { from: string; to: string }) => void;
  closedDates: string[];
  onClosedDates: (dates: string[]) => void;
  cutoffHours: string;
  onCutoffHours: (e: { target: { value: string } }) => void;
  leadHours: string;
  onLeadHours: (e: { target: { value: string } }) => void;
  farmRules: PickupSettings;
}) {
  const { season, onSeason, closedDates, onClosedDates, farmRules } = props;
  const [newDate, setNewDate] = useState('');
  const addDate = () => {
    if (!newDate || closedDates.includes(newDate)) return;
    onClosedDates([...closedDates, newDate].sort());
    setNewDate('');
  };
  return (
    <fieldset className="space-y-3 border-t border-stone-200 pt-4 dark:border-stone-700">
      <legend className="text-sm font-semibold text-stone-800 dark:text-stone-200">This place’s calendar</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SeasonEnd label="Season starts" value={season.from} onChange={(from) => onSeason({ ...season, from })} />
        <SeasonEnd label="Season ends" value={season.to} onChange={(to) => onSeason({ ...season, to })} />
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
      {closedDates.length > 0 && (
        <ul aria-label="Closed dates" className="flex flex-wrap gap-2">
          {closedDates.map((date) => (
            <li key={date} className="flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm dark:bg-stone-800">
              {formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })}
              <Button variant="ghost" size="sm" onClick={() => onClosedDates(closedDates.filter((d) => d !== date))}>
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
          value={props.cutoffHours}
          onChange={props.onCutoffHours}
        />
        <TextInput
          label="Place standing orders here (hours before the cut-off)"
          type="number"
          min={STANDING_LIMITS.minLeadHours}
          max={STANDING_LIMITS.maxLeadHours}
          hint={`Empty: the farm’s ${farmRules.standing_lead_hours} hours`}
          value={props.leadHours}
          onChange={props.onLeadHours}
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
}: {
  incentive: PlaceIncentive | undefined;
  value: string;
  onChange: (value: string) => void;
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
      />
    );
  // A name saved before the admin's list changed stays visible until the producer chooses again.
  const choices = value && !incentive.markets.includes(value) ? [...incentive.markets, value] : incentive.markets;
  return (
    <SelectInput label="Participating market" hint={hint} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{NOT_A_MARKET}</option>
      {choices.map((market) => (
        <option key={market} value={market}>
          {market}
        </option>
      ))}
    </SelectInput>
  );
}

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
  const [kind, setKind] = useState<PickupKind>(point?.kind ?? 'market');
  const [fields, setFields] = useState({
    name: point?.name ?? '',
    address: point?.address ?? '',
    city: point?.city ?? '',
    state: point?.state ?? 'KY',
    zip: point?.zip ?? '',
    delivery_fee: point?.delivery_fee === null || point?.delivery_fee === undefined ? '' : String(point.delivery_fee),
    booth: point?.booth ?? '',
    min_order: point?.min_order === null || point?.min_order === undefined ? '' : String(point.min_order),
    incentive_market: point?.incentive_market ?? '',
    cutoff_hours: point?.cutoff_hours == null ? '' : String(point.cutoff_hours),
    standing_lead_hours: point?.standing_lead_hours == null ? '' : String(point.standing_lead_hours),
  });
  const [season, setSeason] = useState({ from: point?.season_from ?? '', to: point?.season_to ?? '' });
  const [closedDates, setClosedDates] = useState<string[]>(point?.closed_dates ?? []);
  const incentive = incentives.find((i) => i.state === fields.state);
  // Until the producer picks a zone, it follows the address (the server applies the same default).
  const [zoneChoice, setZoneChoice] = useState<PickupTimeZone | ''>(point?.time_zone ?? '');
  const timeZone = zoneChoice || defaultTimeZone(fields.state, fields.zip);
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
        ? {
            kind,
            name: fields.name,
            delivery_fee: fields.delivery_fee === '' ? 0 : Number(fields.delivery_fee),
            time_zone: zoneChoice || null,
            min_order: fields.min_order === '' ? null : Number(fields.min_order),
            cutoff_hours: fields.cutoff_hours === '' ? null : Number(fields.cutoff_hours),
            standing_lead_hours: fields.standing_lead_hours === '' ? null : Number(fields.standing_lead_hours),
            season_from: season.from || null,
            season_to: season.to || null,
            closed_dates: closedDates,
            schedule,
          }
        : {
            kind,
            name: fields.name,
            address: fields.address,
            city: fields.city,
            state: fields.state as (typeof STATES)[number],
            zip: fields.zip,
            time_zone: zoneChoice || null,
            booth: fields.booth,
            min_order: fields.min_order === '' ? null : Number(fields.min_order),
            incentive_market: incentive ? fields.incentive_market || null : null,
            cutoff_hours: fields.cutoff_hours === '' ? null : Number(fields.cutoff_hours),
            standing_lead_hours: fields.standing_lead_hours === '' ? null : Number(fields.standing_lead_hours),
            season_from: season.from || null,
            season_to: season.to || null,
            closed_dates: closedDates,
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
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectInput
            label="Time zone"
            hint="Pickup times, cut-offs and days are in this zone"
            value={timeZone}
            onChange={(e) => setZoneChoice(e.target.value as PickupTimeZone)}
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
              value={fields.booth}
              onChange={set('booth')}
              placeholder="Stall 14, north row"
              maxLength={60}
            />
          )}
          <TextInput
            label="Minimum order ($)"
            hint="Leave empty for none"
            type="number"
            min={0}
            step="0.01"
            value={fields.min_order}
            onChange={set('min_order')}
          />
        </div>
        {kind !== 'delivery' && incentive && (
          <div className="sm:w-1/2 sm:pr-2">
            <IncentiveMarketField
              incentive={incentive}
              value={fields.incentive_market}
              onChange={(value) => setFields((f) => ({ ...f, incentive_market: value }))}
            />
          </div>
        )}
        <PlaceCalendarFields
          season={season}
          onSeason={setSeason}
          closedDates={closedDates}
          onClosedDates={setClosedDates}
          cutoffHours={fields.cutoff_hours}
          onCutoffHours={set('cutoff_hours')}
          leadHours={fields.standing_lead_hours}
          onLeadHours={set('standing_lead_hours')}
          farmRules={farmRules}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Weekly times</legend>
          {schedule.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
            <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2 sm:grid-cols-[1fr_auto_auto_auto]">
              {/* On a phone the day takes its own row, so the times keep their width (decision 532). */}
              <div className="col-span-3 sm:col-span-1">
                <SelectInput
                  label="Day"
                  value={slot.weekday}
                  onChange={(e) => setSlot(index, { weekday: Number(e.target.value) })}
                >
                  {WEEKDAY_NAMES.map((day, i) => (
                    <option key={day} value={i}>
                      {day}
                    </option>
                  ))}
                </SelectInput>
              </div>
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
        <FormError>{error}</FormError>
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
