import { BENEFIT_PROGRAMMES, type BenefitProgramme, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { formatCents } from '@farmstand/shared/format/money';
import { useEffect } from 'react';
import { Card } from '@/components/ui/card';
import { useBenefitTable } from '@/lib/benefit-table';
import { useProducerBenefits, useShopperBenefits } from '../api';
import { incentiveElsewhere, incentiveFor, type PlanPlace } from './tender-plan';

/** What the choice is for: one order at checkout, or each pickup of a CSA share (decision 541). */
export type PlannedScope = 'order' | 'share';

export const PLANNED_BENEFITS_TEXTS = {
  legend: (farmName: string) => `Tell ${farmName} how you plan to pay`,
  hint: (scope: PlannedScope) =>
    scope === 'share'
      ? 'Only this farm sees it, for each pickup of your share. Farmstand never takes or processes benefits.'
      : 'Only this farm sees it, on this order. Farmstand never takes or processes benefits.',
  /** "At Lexington Farmers Market, Kentucky Double Dollars matches SNAP and coupons on eligible food, up to $20.00 a day." */
  matchAt: (place: string, incentive: string, capCents: number) =>
    `At ${place}, ${incentive} matches what you pay with SNAP or coupons on eligible food, up to ${formatCents(capCents)} a day.`,
} as const;

/**
 * At checkout, for a farm that takes SNAP or a coupon programme: which of those the shopper plans to
 * pay this order with (or, joining a CSA plan, each pickup of the share), sent for the farm to see
 * (decisions 516, 541). Ticked at first from the benefits the shopper saved (if any) that this farm
 * takes; `value` is null until then. Given the chosen `place`, it says whether the incentive's match
 * is given there (decision 540). Nothing when the farm takes none of them.
 */
export function PlannedBenefitsField({
  producerUserId,
  farmName,
  value,
  onChange,
  scope = 'order',
  place,
}: {
  producerUserId: number;
  farmName: string;
  value: BenefitProgramme[] | null;
  onChange: (value: BenefitProgramme[]) => void;
  scope?: PlannedScope;
  /** The pickup place chosen; left out: nothing is said of the match. */
  place?: PlanPlace;
}) {
  const benefits = useProducerBenefits(producerUserId);
  const table = useBenefitTable();
  const takes = benefits.data?.takes ?? [];
  const offered = BENEFIT_PROGRAMMES.filter((p) => takes.includes(p));
  const saved = useShopperBenefits(offered.length > 0);
  // Saved benefits that could not be read tick nothing: the shopper ticks what they plan.
  const savedSettled = offered.length > 0 && !saved.isPending;
  const savedUses = saved.data?.uses ?? [];
  // The first ticks as a key (a new list each render would run the effect again): saved ∩ taken.
  const firstKey = offered.filter((p) => savedUses.includes(p)).join(',');
  useEffect(() => {
    if (value === null && savedSettled) onChange(BENEFIT_PROGRAMMES.filter((p) => firstKey.split(',').includes(p)));
  }, [value, savedSettled, firstKey, onChange]);

  if (offered.length === 0) return null;
  const chosen = value ?? [];
  const match = benefits.data && place ? incentiveFor(benefits.data, place, table) : null;
  const matchText =
    match && place
      ? PLANNED_BENEFITS_TEXTS.matchAt(place.name, match.incentive.name, match.incentive.dailyCapCents)
      : benefits.data && place
        ? incentiveElsewhere(benefits.data, place, table)
        : null;
  const toggle = (programme: BenefitProgramme, on: boolean) =>
    onChange(offered.filter((p) => (p === programme ? on : chosen.includes(p))));
  return (
    <Card className="p-5">
      <fieldset aria-describedby="planned-benefits-hint">
        <legend className="text-lg font-semibold">{PLANNED_BENEFITS_TEXTS.legend(farmName)}</legend>
        <p id="planned-benefits-hint" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {PLANNED_BENEFITS_TEXTS.hint(scope)}
        </p>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {offered.map((programme) => (
            <label key={programme} className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                name="planned_benefits"
                value={programme}
                className="h-4 w-4 accent-brand-700"
                checked={chosen.includes(programme)}
                onChange={(e) => toggle(programme, e.target.checked)}
              />
              <span className="font-medium">{TENDER_LABELS[programme]}</span>
            </label>
          ))}
        </div>
        {matchText && (
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300" data-testid="planned-benefits-match">
            {matchText}
          </p>
        )}
      </fieldset>
    </Card>
  );
}
