import { STORAGE_KEYS } from '@farmstand/shared';
import { CsaJoinRequest, type CsaPlan } from '@farmstand/shared/schemas/csa';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';
import { usePublicPickup } from '../api';
import { csaDay, dollars, placeTime, seasonText, useFarmPlans, useJoinPlan } from '../csa-api';

const muted = 'text-stone-700 dark:text-stone-300';
const link = 'font-semibold text-brand-700 underline hover:no-underline dark:text-green-400';
const choice =
  'flex items-start gap-2 rounded-lg border border-stone-300 p-2.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-stone-700 dark:has-[:checked]:border-green-500 dark:has-[:checked]:bg-brand-900/30';

/**
 * The farm's CSA share plans on its public page (decision 515): each open plan's sizes and price
 * per pickup (paid at each pickup), season, weeks off and places with places left, and joining one.
 * Nothing when the farm offers no open plan.
 */
export function CsaJoinCard({ producerUserId }: { producerUserId: number }) {
  const plans = useFarmPlans(producerUserId);
  const pickup = usePublicPickup(producerUserId);
  const list = plans.data?.plans ?? [];
  if (list.length === 0) return null;
  const schedules = new Map((pickup.data?.points ?? []).map((p) => [p.id, p.schedule]));
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">CSA share plans</h2>
      <p className={`mt-1 text-sm ${muted}`}>
        A box of what the farm harvests, every week of the season. Paid at each pickup: no card, no prepaying. Skip a week, pause
        or leave from your orders.
      </p>
      <ul className="mt-3 space-y-5">
        {list.map((plan) => (
          <li key={plan.id} className="border-t border-stone-200 pt-4 first:border-t-0 first:pt-0 dark:border-stone-700">
            <PlanOffer plan={plan} schedules={schedules} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PlanOffer({ plan, schedules }: { plan: CsaPlan; schedules: Map<number, ScheduleSlot[]> }) {
  const { user } = useAuth();
  const location = useLocation();
  const [joining, setJoining] = useState(false);
  const [welcome, setWelcome] = useState('');
  const open = plan.places.some((p) => p.left > 0);
  const headingId = `csa-plan-${plan.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2 text-sm">
      <h3 id={headingId} className="text-base font-semibold break-words">
        {plan.name}
      </h3>
      {plan.description && <p className={`whitespace-pre-line ${muted}`}>{plan.description}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Box sizes</dt>
        <dd>
          <ul>
            {plan.sizes.map((size) => (
              <li key={size.name}>
                {size.name}: {dollars(size.price)} a pickup
              </li>
            ))}
          </ul>
          <span className={muted}>paid at each pickup</span>
        </dd>
        <dt className="font-medium">Season</dt>
        <dd>{seasonText(plan)}</dd>
        {plan.skip_dates.length > 0 && (
          <>
            <dt className="font-medium">No box on</dt>
            <dd>{plan.skip_dates.map(csaDay).join(' · ')}</dd>
          </>
        )}
      </dl>
      <div>
        <h4 className="font-medium">Pickup</h4>
        <ul className="mt-1 space-y-1">
          {plan.places.map((place) => (
            <li key={place.point_id}>
              <span className="font-medium">{place.name}</span>: {placeTime(place, schedules.get(place.point_id))} ·{' '}
              {place.left === 0 ? (
                <strong>Full</strong>
              ) : (
                <span>
                  {place.left} {place.left === 1 ? 'place' : 'places'} left
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
      {welcome ? (
        <div role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900 dark:bg-brand-900/30 dark:text-green-100">
          <p>{welcome}</p>
          <p className="mt-2">
            <Link to="/orders?tab=standing" className={link}>
              See your share in your orders
            </Link>
          </p>
        </div>
      ) : !open ? (
        <p className="font-medium">Every place is taken this season.</p>
      ) : !user ? (
        <p>
          <Link to={`/login?next=${encodeURIComponent(location.pathname)}`} state={{ from: location.pathname }} className={link}>
            Sign in to join
          </Link>
        </p>
      ) : user.id === plan.producer.user_id ? (
        <p className={muted}>This is your plan; shoppers join it here.</p>
      ) : joining ? (
        <JoinForm plan={plan} schedules={schedules} onJoined={setWelcome} onCancel={() => setJoining(false)} />
      ) : (
        <Button size="sm" onClick={() => setJoining(true)} aria-label={`Join ${plan.name}`}>
          Join
        </Button>
      )}
    </section>
  );
}

type Errors = Partial<Record<'point_id' | 'size' | 'dislikes' | 'shopperName' | 'shopperPhone', string>>;

function JoinForm({
  plan,
  schedules,
  onJoined,
  onCancel,
}: {
  plan: CsaPlan;
  schedules: Map<number, ScheduleSlot[]>;
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { point_id: pointId, size, dislikes: dislikes.trim() || null, shopperName: name, shopperPhone: phone || null };
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
      <p className={muted}>
        You pay {dollars(plan.sizes[size]?.price ?? 0)} to the farm at each pickup, through {seasonText(plan)}.
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
