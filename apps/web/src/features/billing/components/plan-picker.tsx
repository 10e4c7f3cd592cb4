import type { PlanType } from '@farmstand/shared';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { useSite } from '@/shared/site/api';
import { type PlanOption, planOptions } from '../billing-content';
import { highlightedPlan, planPrice } from '../trial-charge';

/** The two plans side by side; the annual one carries its saving. */
type Props = {
  onChoose: (plan: PlanOption) => void;
  /** Set while no new plan can be bought; the buttons are then disabled. */
  disabledReason?: string;
  currentPlan?: PlanType | null;
};

export function PlanPicker({ onChoose, disabledReason, currentPlan }: Props) {
  const site = useSite();
  const options = planOptions(site);
  // One card stands out: the current plan once there is one, else the one with a saving.
  const highlighted = highlightedPlan(currentPlan, options.find((plan) => plan.savings)?.type ?? 'monthly');
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="text-xl font-bold">
        Available plans
      </h2>
      {disabledReason && <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{disabledReason}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {options.map((plan) => (
          <Card
            key={plan.type}
            data-plan={plan.type}
            data-highlighted={plan.type === highlighted ? 'true' : undefined}
            className={`flex flex-col gap-3 p-6 ${plan.type === highlighted ? 'ring-2 ring-brand-700 dark:ring-green-500' : ''}`}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <div className="flex flex-wrap justify-end gap-2">
                {currentPlan === plan.type && <Badge tone="green">Current plan</Badge>}
                {plan.savings && (
                  <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-900 dark:bg-brand-900 dark:text-green-100">
                    {plan.savings}
                  </span>
                )}
              </div>
            </div>
            <p>
              <span className="text-4xl font-bold">{planPrice(plan.price)}</span>
              <span className="text-stone-700 dark:text-stone-300">/{plan.period}</span>
            </p>
            <p className="text-sm text-stone-700 dark:text-stone-300">{plan.note}</p>
            <Button
              className="mt-auto disabled:opacity-60"
              variant={plan.type === highlighted ? 'primary' : 'secondary'}
              disabled={Boolean(disabledReason)}
              onClick={() => onChoose(plan)}
              aria-label={`Choose the ${plan.name.toLowerCase()} plan, $${plan.price} per ${plan.period}`}
            >
              Choose {plan.name}
            </Button>
          </Card>
        ))}
      </div>
    </section>
  );
}
