import { STORAGE_KEYS } from '@farmstand/shared';
import type { BenefitProgramme } from '@farmstand/shared/benefits/programmes';
import { CsaJoinRequest, type CsaPlan } from '@farmstand/shared/schemas/csa';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';
import { dollars, placeTime, seasonText, useJoinPlan } from '../api';

const muted = 'text-stone-700 dark:text-stone-300';
const choice =
  'flex items-start gap-2 rounded-lg border border-stone-300 p-2.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-stone-700 dark:has-[:checked]:border-green-500 dark:has-[:checked]:bg-brand-900/30';

/**
 * The benefits the member tells the farm they plan to pay each pickup with (decision 541), as another
 * feature's part reads and sets them: `value` is null until that part gives its first choice.
 * `scope` is 'share' (the choice holds for each pickup); `place` is the pickup place chosen, where
 * the incentive's match is given or not (decision 540).
 */
export type PlannedBenefitsChoice = {
  producerUserId: number;
  farmName: string;
  value: BenefitProgramme[] | null;
  onChange: (value: BenefitProgramme[]) => void;
  scope: 'share';
  place: { pointId: number; name: string } | null;
};

/** The form to join a CSA plan, loaded when a shopper presses Join (zod stays out of a guest's first load). */
type Errors = Partial<Record<'point_id' | 'size' | 'dislikes' | 'shopperName' | 'shopperPhone', string>>;

export default function JoinForm({
  plan,
  schedules,
  plannedBenefits,
  onJoined,
  onCancel,
}: {
  plan: CsaPlan;
  schedules: Map<number, ScheduleSlot[]>;
  plannedBenefits?: (choice: PlannedBenefitsChoice) => ReactNode;
  onJoined: (message: string) => void;
  onCancel: () => void;
}) {
  const { user } = useAuth();
  const join = useJoinPlan();
  const [pointId, setPointId] = useState(() => plan.places.find((p) => p.left > 0)?.point_id ?? 0);
  const [size, setSize] = useState(0);
  const [dislikes, setDislikes] = useState('');
  const [name, setName] = useState(() => localStorage.getItem(STORAGE_KEYS.pickupName) ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [planned, setPlanned] = useState<BenefitProgramme[] | null>(null);
  const chosenPlace = plan.places.find((p) => p.point_id === pointId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      point_id: pointId,
      size,
      dislikes: dislikes.trim() || null,
      shopperName: name,
      shopperPhone: phone || null,
      ...(planned && planned.length > 0 ? { plannedBenefits: planned } : {}),
    };
    const parsed = CsaJoinRequest.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    join.mutate(
      { id: plan.id, join: body },
      {
        onSuccess: (answer) => {
          localStorage.setItem(STORAGE_KEYS.pickupName, name.trim());
          onJoined(answer.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={`Join ${plan.name}`}>
      <fieldset>
        <legend className="font-medium">Pick up at</legend>
        <div className="mt-1 grid gap-2">
          {plan.places.map((place) => (
            <label
              key={place.point_id}
              className={`${choice} ${place.left === 0 ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'}`}
            >
              <input
                type="radio"
                name={`csa-${plan.id}-place`}
                value={place.point_id}
                checked={pointId === place.point_id}
                disabled={place.left === 0}
                onChange={() => setPointId(place.point_id)}
                className="mt-0.5"
              />
              <span>
                <span className="block font-semibold">{place.name}</span>
                <span className={`block ${muted}`}>
                  {placeTime(place, schedules.get(place.point_id))} · {place.left === 0 ? 'Full' : `${place.left} left`}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.point_id && (
          <p role="alert" className="mt-1 text-red-700 dark:text-red-400">
            {errors.point_id}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend className="font-medium">Box size</legend>
        <div className="mt-1 grid gap-2">
          {plan.sizes.map((s, index) => (
            <label key={s.name} className={`${choice} cursor-pointer`}>
              <input
                type="radio"
                name={`csa-${plan.id}-size`}
                value={index}
                checked={size === index}
                onChange={() => setSize(index)}
                className="mt-0.5"
              />
              <span>
                <span className="font-semibold">{s.name}</span> · {dollars(s.price)} a pickup
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextInput
        label="Anything you’d rather not get? (optional)"
        placeholder="No beets, please"
        maxLength={200}
        autoComplete="off"
        value={dislikes}
        error={errors.dislikes}
        onChange={(e) => setDislikes(e.target.value)}
      />
      <TextInput
        label="Name for pickup"
        required
        maxLength={100}
        autoComplete="name"
        value={name}
        error={errors.shopperName}
        onChange={(e) => setName(e.target.value)}
      />
      <TextInput
        label="Phone (optional)"
        type="tel"
        maxLength={30}
        autoComplete="tel"
        value={phone}
        error={errors.shopperPhone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {plannedBenefits?.({
        producerUserId: plan.producer.user_id,
        farmName: plan.producer.farm_name,
        value: planned,
        onChange: setPlanned,
        scope: 'share',
        place: chosenPlace ? { pointId: chosenPlace.point_id, name: chosenPlace.name } : null,
      })}
      <p className={muted}>
        You pay {dollars(plan.sizes[size]?.price ?? 0)} to the farm at each pickup, from {seasonText(plan)}.
      </p>
      {join.isError && (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {errorMessage(join.error, 'Could not join the plan; try again')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={join.isPending}>
          Join · {dollars(plan.sizes[size]?.price ?? 0)} a pickup
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Not now
        </Button>
      </div>
    </form>
  );
}
