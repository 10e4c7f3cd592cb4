import { STORAGE_KEYS } from '@farmstand/shared';
import type { BenefitProgramme } from '@farmstand/shared/benefits/programmes';
import { CsaJoinRequest, type CsaPlan } from '@farmstand/shared/schemas/csa';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { bind, requestResolver } from '@/lib/form-errors';
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

type Values = {
  point_id: string;
  size: string;
  dislikes: string;
  shopperName: string;
  shopperPhone: string;
  plannedBenefits: BenefitProgramme[] | null;
};

const resolver = requestResolver(CsaJoinRequest, ({ plannedBenefits, ...values }: Values) => ({
  ...values,
  point_id: Number(values.point_id),
  size: Number(values.size),
  dislikes: values.dislikes.trim() || null,
  shopperPhone: values.shopperPhone || null,
  ...(plannedBenefits && plannedBenefits.length > 0 ? { plannedBenefits } : {}),
}));

/** The form to join a CSA plan, loaded when a shopper presses Join (zod stays out of a guest's first load). */
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
  const form = useForm<Values, unknown, z.output<typeof CsaJoinRequest>>({
    defaultValues: {
      point_id: String(plan.places.find((p) => p.left > 0)?.point_id ?? 0),
      size: '0',
      dislikes: '',
      shopperName: localStorage.getItem(STORAGE_KEYS.pickupName) ?? '',
      shopperPhone: user?.phone ?? '',
      plannedBenefits: null,
    },
    resolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const chosenPlace = plan.places.find((p) => String(p.point_id) === form.watch('point_id'));
  const price = dollars(plan.sizes[Number(form.watch('size'))]?.price ?? 0);

  const submit = form.handleSubmit((body) =>
    join.mutate(
      { id: plan.id, join: body },
      {
        onSuccess: (answer) => {
          localStorage.setItem(STORAGE_KEYS.pickupName, body.shopperName);
          onJoined(answer.message);
        },
      },
    ),
  );

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
                value={place.point_id}
                disabled={place.left === 0}
                className="mt-0.5"
                {...form.register('point_id')}
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
        <FormError className="mt-1">{errors.point_id?.message}</FormError>
      </fieldset>
      <fieldset>
        <legend className="font-medium">Box size</legend>
        <div className="mt-1 grid gap-2">
          {plan.sizes.map((s, index) => (
            <label key={s.name} className={`${choice} cursor-pointer`}>
              <input type="radio" value={index} className="mt-0.5" {...form.register('size')} />
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
        error={errors.dislikes?.message}
        {...form.register('dislikes')}
      />
      <TextInput
        label="Name for pickup"
        required
        maxLength={100}
        autoComplete="name"
        error={errors.shopperName?.message}
        {...form.register('shopperName')}
      />
      <TextInput
        label="Phone (optional)"
        type="tel"
        maxLength={30}
        autoComplete="tel"
        error={errors.shopperPhone?.message}
        {...form.register('shopperPhone')}
      />
      {plannedBenefits?.({
        producerUserId: plan.producer.user_id,
        farmName: plan.producer.farm_name,
        ...bind(form, 'plannedBenefits'),
        scope: 'share',
        place: chosenPlace ? { pointId: chosenPlace.point_id, name: chosenPlace.name } : null,
      })}
      <p className={muted}>
        You pay {price} to the farm at each pickup, from {seasonText(plan)}.
      </p>
      <FormError className="font-medium">
        {join.isError && errorMessage(join.error, 'Could not join the plan; try again')}
      </FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={join.isPending}>
          Join · {price} a pickup
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Not now
        </Button>
      </div>
    </form>
  );
}
