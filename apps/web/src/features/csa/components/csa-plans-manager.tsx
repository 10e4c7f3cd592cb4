import { addDaysToDate, todayDateOnly } from '@farmstand/shared/format/date-only';
import { CSA_LIMITS, type CsaPlan, CsaPlanRequest } from '@farmstand/shared/schemas/csa';
import type { PickupPoint } from '@farmstand/shared/schemas/pickup';
import { type ReactNode, useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card, Spinner } from '@/components/ui/card';
import { SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { messageAt, requestResolver } from '@/lib/form-errors';
import { formatWeeklySlot } from '@/lib/pickup-time';
import { usePickupSetup } from '@/shared/pickup-places';
import { csaDay, dollars, placeCount, placeTime, seasonText, useMyPlans, useSavePlan } from '../api';
import { CsaBoxEditor } from './csa-box-editor';
import { CsaMembers } from './csa-members';

const muted = 'text-stone-700 dark:text-stone-300';

/**
 * The farm's CSA share plans (decision 515), for the producer's Orders area: each plan with its
 * places, members and places left, its members list and its weekly box; adding and changing a plan
 * (sizes and prices per pickup, season, weeks off, places with a weekly time and a cap, open or
 * closed to new members).
 */
export function CsaPlansManager() {
  const plans = useMyPlans();
  const pickup = usePickupSetup();
  const [editing, setEditing] = useState<CsaPlan | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const list = plans.data?.plans ?? [];
  const points = pickup.data?.points ?? [];
  const atLimit = list.length >= CSA_LIMITS.maxPlansPerFarm;
  return (
    <section aria-labelledby="csa-plans-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="csa-plans-heading" className="text-lg font-semibold">
          CSA share plans ({list.length})
        </h2>
        <Button size="sm" disabled={atLimit || !plans.isSuccess} onClick={() => setEditing('new')}>
          Add share plan
        </Button>
      </div>
      <p className={`text-sm ${muted}`}>
        A weekly box for a season, paid at each pickup. Members join on your farm page; they skip, pause and leave from their
        orders, and each week’s order is placed with the box you post.
        {atLimit && ` You offer the most plans a farm can (${CSA_LIMITS.maxPlansPerFarm}): change or close one instead.`}
      </p>
      <div
        role="status"
        className={message ? 'rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-green-100' : ''}
      >
        {message}
      </div>
      {plans.isPending ? (
        <Spinner label="Loading share plans…" />
      ) : plans.isError ? (
        <FormError>{errorMessage(plans.error, 'Could not load your share plans; try again')}</FormError>
      ) : list.length === 0 ? (
        <p className={muted}>No share plans yet.</p>
      ) : (
        <ul className="space-y-4">
          {list.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} points={points} onEdit={() => setEditing(plan)} />
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Modal
          title={editing === 'new' ? 'Add a share plan' : `Edit ${editing.name}`}
          onClose={() => setEditing(null)}
          width="max-w-2xl"
        >
          <PlanForm
            plan={editing === 'new' ? null : editing}
            points={points}
            pointsLoading={pickup.isPending}
            onCancel={() => setEditing(null)}
            onSaved={(text) => {
              setMessage(text);
              setEditing(null);
            }}
          />
        </Modal>
      )}
    </section>
  );
}

function PlanCard({ plan, points, onEdit }: { plan: CsaPlan; points: PickupPoint[]; onEdit: () => void }) {
  const schedules = new Map(points.map((p) => [p.id, p.schedule]));
  const members = plan.places.reduce((sum, p) => sum + p.members, 0);
  return (
    <Card className="space-y-3 p-4 break-words" data-testid={`csa-plan-${plan.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold">{plan.name}</h3>
          <Badge tone={plan.active ? 'green' : 'gray'}>{plan.active ? 'Open to new members' : 'Closed to new members'}</Badge>
        </div>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
          Edit
        </Button>
      </div>
      {plan.description && <p className={`whitespace-pre-line text-sm ${muted}`}>{plan.description}</p>}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Sizes</dt>
        <dd>{plan.sizes.map((s) => `${s.name} ${dollars(s.price)}`).join(' · ')} a pickup</dd>
        <dt className="font-medium">Season</dt>
        <dd>{seasonText(plan)}</dd>
        {plan.skip_dates.length > 0 && (
          <>
            <dt className="font-medium">No box on</dt>
            <dd>{plan.skip_dates.map(csaDay).join(' · ')}</dd>
          </>
        )}
      </dl>
      <ul className="space-y-1 text-sm">
        {plan.places.map((place) => (
          <li key={place.point_id}>
            <span className="font-medium">{place.name}</span> · {placeTime(place, schedules.get(place.point_id))} ·{' '}
            {placeCount(place)}
          </li>
        ))}
      </ul>
      <Disclosure label={`Members (${members})`} name={plan.name}>
        <CsaMembers planId={plan.id} planName={plan.name} />
      </Disclosure>
      <Disclosure label="Weekly box" name={plan.name}>
        <CsaBoxEditor plan={plan} />
      </Disclosure>
    </Card>
  );
}

/** A button that shows or hides a part of the card; the part (and its data) loads when first opened. */
function Disclosure({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="border-t border-stone-200 pt-3 dark:border-stone-700">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${label}, ${name}`}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 rounded-md text-left font-semibold hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:text-green-400"
      >
        <span>{label}</span>
        <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
          ›
        </span>
      </button>
      <div id={id} hidden={!open} className="mt-3">
        {open && children}
      </div>
    </div>
  );
}

type SizeRow = { name: string; price: string };
type PlaceChoice = { slot: string; cap: string };
type PlanValues = {
  name: string;
  description: string;
  sizes: SizeRow[];
  season_start: string;
  season_end: string;
  skip_dates: string[];
  /** The chosen places by their id. */
  places: Record<string, PlaceChoice>;
  active: boolean;
  /** The date typed to add to the weeks off (not sent). */
  skip: string;
};

const slotKey = (weekday: number, start: string) => `${weekday}|${start}`;
const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : text.trim().replace(/^\$/, ''));

/** A size's problem under its field, a place's under its cap (by its place among the chosen), the weeks off under the date. */
const planField = (path: readonly PropertyKey[]) => {
  const [field, index, part] = path;
  if ((field === 'sizes' || field === 'places') && typeof index !== 'number') return `${String(field)}.root`;
  if (field === 'sizes') return `sizes.${String(index)}.${String(part ?? 'name')}`;
  if (field === 'places') return `places.${String(index)}`;
  return field === 'skip_dates' ? 'skip' : String(field);
};

function PlanForm({
  plan,
  points,
  pointsLoading,
  onCancel,
  onSaved,
}: {
  plan: CsaPlan | null;
  points: PickupPoint[];
  pointsLoading: boolean;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSavePlan();
  const eligible = points.filter((p) => p.kind !== 'delivery');
  const today = todayDateOnly(new Date(), eligible[0]?.time_zone);
  const form = useForm<PlanValues, unknown, z.output<typeof CsaPlanRequest>>({
    defaultValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      sizes: plan ? plan.sizes.map((s) => ({ name: s.name, price: s.price.toFixed(2) })) : [{ name: 'Regular', price: '' }],
      season_start: plan?.season_start ?? today,
      season_end: plan?.season_end ?? addDaysToDate(today, 7 * 20),
      skip_dates: plan?.skip_dates ?? [],
      places: Object.fromEntries(
        (plan?.places ?? []).map((p) => [p.point_id, { slot: slotKey(p.weekday, p.start), cap: String(p.cap) }]),
      ),
      active: plan?.active ?? true,
      skip: '',
    },
    resolver: requestResolver(
      CsaPlanRequest,
      ({ skip: _, places, ...values }: PlanValues, problem) => {
        if (values.season_start && values.season_end && values.season_end < values.season_start)
          problem('season_end', 'The season cannot end before it starts');
        return {
          ...values,
          description: values.description.trim() || null,
          sizes: values.sizes.map((s) => ({ name: s.name, price: numberOrNaN(s.price) })),
          places: eligible
            .filter((p) => places[p.id])
            .map((p) => {
              const [weekday, start] = places[p.id].slot.split('|');
              return { point_id: p.id, weekday: Number(weekday), start: start ?? '', cap: numberOrNaN(places[p.id].cap) };
            }),
        };
      },
      planField,
    ),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const sizes = useFieldArray({ control: form.control, name: 'sizes' });
  const [sizeValues, skips, places, seasonStart, seasonEnd] = form.watch([
    'sizes',
    'skip_dates',
    'places',
    'season_start',
    'season_end',
  ]);
  const setPlaces = (next: Record<string, PlaceChoice>) => form.setValue('places', next);
  const kept = plan?.sizes.length ?? 0;
  const gone = (plan?.places ?? []).filter((p) => !eligible.some((e) => e.id === p.point_id));
  const chosen = eligible.filter((p) => places[p.id]);

  const addSkip = () => {
    const skip = form.getValues('skip');
    const refuse = (message: string) => form.setError('skip', { message }, { shouldFocus: true });
    if (!skip) return refuse('Choose a date to skip');
    if (skips.includes(skip)) return refuse('That date is skipped already');
    if ((seasonStart && skip < seasonStart) || (seasonEnd && skip > seasonEnd)) return refuse('That date is outside the season');
    if (skips.length >= CSA_LIMITS.maxSkipDates) return refuse(`At most ${CSA_LIMITS.maxSkipDates} skipped dates`);
    form.setValue('skip_dates', [...skips, skip].sort());
    form.setValue('skip', '');
    form.clearErrors('skip');
  };

  const togglePlace = (point: PickupPoint, on: boolean) => {
    const { [point.id]: _, ...rest } = places;
    const first = point.schedule[0];
    setPlaces(on ? { ...rest, [point.id]: { slot: first ? slotKey(first.weekday, first.start) : '', cap: '20' } } : rest);
  };
  const changePlace = (id: number, patch: Partial<PlaceChoice>) => setPlaces({ ...places, [id]: { ...places[id], ...patch } });

  const submit = form.handleSubmit((body) =>
    save.mutate({ id: plan?.id ?? null, plan: body }, { onSuccess: (answer) => onSaved(answer.message) }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextInput label="Plan name" required maxLength={80} error={errors.name?.message} {...form.register('name')} />
      <TextArea
        label="Description (optional)"
        rows={3}
        maxLength={1000}
        placeholder="What a box holds through the season"
        error={errors.description?.message}
        {...form.register('description')}
      />

      <fieldset className="space-y-2">
        <legend className="font-semibold">Box sizes</legend>
        <p className={`text-sm ${muted}`}>
          Each size’s price is paid at every pickup.
          {kept > 0 && ' Members chose among these sizes: you can rename and reprice them, or add one, but not remove one.'}
        </p>
        <FormError>{errors.sizes?.root?.message}</FormError>
        <ol className="space-y-2">
          {sizes.fields.map((size, index) => (
            <li key={size.id} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
              <TextInput
                label={`Size ${index + 1} name`}
                maxLength={40}
                placeholder="Small"
                error={errors.sizes?.[index]?.name?.message}
                {...form.register(`sizes.${index}.name`)}
              />
              <TextInput
                label={`Size ${index + 1} price per pickup ($)`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="25.00"
                error={errors.sizes?.[index]?.price?.message}
                {...form.register(`sizes.${index}.price`)}
              />
              {sizes.fields.length > 1 && index >= kept && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="sm:mt-6"
                  aria-label={`Remove size ${index + 1}${sizeValues[index]?.name ? ` (${sizeValues[index].name})` : ''}`}
                  onClick={() => sizes.remove(index)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ol>
        {sizes.fields.length < CSA_LIMITS.maxSizes && (
          <Button size="sm" variant="secondary" onClick={() => sizes.append({ name: '', price: '' })}>
            Add a size
          </Button>
        )}
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Season</legend>
        <TextInput
          label="First pickup date"
          type="date"
          required
          error={errors.season_start?.message}
          {...form.register('season_start')}
        />
        <TextInput
          label="Last pickup date"
          type="date"
          required
          error={errors.season_end?.message}
          {...form.register('season_end')}
        />
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="font-semibold">Weeks off</legend>
        <p className={`text-sm ${muted}`}>Dates with no box (a holiday): members get no order and pay nothing.</p>
        <div className="flex flex-wrap items-start gap-2">
          <div className="w-full sm:w-56">
            <TextInput label="Skip the pickup on" type="date" error={errors.skip?.message} {...form.register('skip')} />
          </div>
          <Button size="sm" variant="secondary" className="sm:mt-6" onClick={addSkip}>
            Add date
          </Button>
        </div>
        {skips.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Skipped dates">
            {skips.map((date) => (
              <li
                key={date}
                className="inline-flex items-center gap-1 rounded-full bg-stone-200 py-0.5 pr-1 pl-3 text-sm dark:bg-stone-700"
              >
                {csaDay(date)}
                <button
                  type="button"
                  aria-label={`Remove ${csaDay(date)}`}
                  onClick={() =>
                    form.setValue(
                      'skip_dates',
                      skips.filter((d) => d !== date),
                    )
                  }
                  className="rounded-full px-1.5 leading-5 hover:bg-stone-300 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-stone-600"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="font-semibold">Pickup places</legend>
        <p className={`text-sm ${muted}`}>
          Up to {CSA_LIMITS.maxPlaces} of your pickup places, each at one of its weekly times, with the most members it takes.
        </p>
        <FormError>{errors.places?.root?.message}</FormError>
        {gone.map((p) => (
          <p key={p.point_id} className={`text-sm ${muted}`}>
            {p.name} is no longer one of your pickup places: its members stay, but it is left out when you save.
          </p>
        ))}
        {pointsLoading ? (
          <p className={`text-sm ${muted}`}>Loading your pickup places…</p>
        ) : eligible.length === 0 ? (
          <p className={`text-sm ${muted}`}>Add a pickup place with weekly times in your pickup setup first.</p>
        ) : (
          <ul className="space-y-2">
            {eligible.map((point) => {
              const choice = places[point.id];
              const full = !choice && chosen.length >= CSA_LIMITS.maxPlaces;
              const noTimes = point.schedule.length === 0;
              return (
                <li key={point.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
                  <label className="flex items-center gap-2 font-medium">
                    <input
                      type="checkbox"
                      checked={Boolean(choice)}
                      disabled={(full || noTimes) && !choice}
                      onChange={(e) => togglePlace(point, e.target.checked)}
                    />
                    {point.name}
                  </label>
                  {noTimes && <p className={`mt-1 text-sm ${muted}`}>No weekly pickup times yet.</p>}
                  {choice && (
                    <div className="mt-2 grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem]">
                      <SelectInput
                        label={`Weekly time at ${point.name}`}
                        value={choice.slot}
                        onChange={(e) => changePlace(point.id, { slot: e.target.value })}
                      >
                        {point.schedule.map((slot) => (
                          <option key={slotKey(slot.weekday, slot.start)} value={slotKey(slot.weekday, slot.start)}>
                            {formatWeeklySlot(slot)}
                          </option>
                        ))}
                      </SelectInput>
                      <TextInput
                        label={`Members at most at ${point.name}`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={CSA_LIMITS.maxCap}
                        value={choice.cap}
                        error={messageAt(errors, `places.${chosen.indexOf(point)}`)}
                        onChange={(e) => changePlace(point.id, { cap: e.target.value })}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1" {...form.register('active')} />
        <span>
          <span className="font-medium">Open to new members</span>
          <span className={`block text-sm ${muted}`}>Closing stops new members only; members keep their share.</span>
        </span>
      </label>

      <FormError>{save.isError && errorMessage(save.error, 'Could not save the share plan; try again')}</FormError>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          {plan ? 'Save changes' : 'Add share plan'}
        </Button>
      </div>
    </form>
  );
}
