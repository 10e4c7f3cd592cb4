import type { CsaPlan } from '@farmstand/shared/schemas/csa';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/shared/auth-context';
import { usePublicPickup } from '@/shared/pickup-places';
import { csaDay, dollars, placeTime, seasonText, useFarmPlans } from '../api';
import type { PlannedBenefitsChoice } from './csa-join-form';

// The join form validates with zod: it loads when a shopper presses Join, so a guest's first load
// of the farm page carries no zod.
const JoinForm = lazy(() => import('./csa-join-form'));

const muted = 'text-stone-700 dark:text-stone-300';
const link = 'font-semibold text-brand-700 underline hover:no-underline dark:text-green-400';

/**
 * The farm's CSA share plans on its public page (decision 515): each open plan's sizes and price
 * per pickup (paid at each pickup), season, weeks off and places with places left, and joining one.
 * Nothing when the farm offers no open plan.
 */
export function CsaJoinCard({
  producerUserId,
  plannedBenefits,
}: {
  producerUserId: number;
  /** How the member plans to pay each pickup, another feature's part (decision 541): as at checkout. */
  plannedBenefits?: (choice: PlannedBenefitsChoice) => ReactNode;
}) {
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
            <PlanOffer plan={plan} schedules={schedules} plannedBenefits={plannedBenefits} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PlanOffer({
  plan,
  schedules,
  plannedBenefits,
}: {
  plan: CsaPlan;
  schedules: Map<number, ScheduleSlot[]>;
  plannedBenefits?: (choice: PlannedBenefitsChoice) => ReactNode;
}) {
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
        <Suspense fallback={<p className={`text-sm ${muted}`}>Loading the form…</p>}>
          <JoinForm
            plan={plan}
            schedules={schedules}
            plannedBenefits={plannedBenefits}
            onJoined={setWelcome}
            onCancel={() => setJoining(false)}
          />
        </Suspense>
      ) : (
        <Button size="sm" onClick={() => setJoining(true)} aria-label={`Join ${plan.name}`}>
          Join
        </Button>
      )}
    </section>
  );
}
