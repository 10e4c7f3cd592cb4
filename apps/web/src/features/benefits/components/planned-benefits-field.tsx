import { BENEFIT_PROGRAMMES, type BenefitProgramme, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { useEffect } from 'react';
import { Card } from '@/components/ui/card';
import { useProducerBenefits } from '../api';
import { useShopperBenefits } from '../shopper-api';

export const PLANNED_BENEFITS_TEXTS = {
  legend: (farmName: string) => `Tell ${farmName} how you plan to pay`,
  hint: 'Only this farm sees it, on this order. Farmstand never takes or processes benefits.',
} as const;

/**
 * At checkout, for a farm that takes SNAP or a coupon programme: which of those the shopper plans to
 * pay this order with, sent with the order for the farm to see on it (decision 516). Ticked at first
 * from the benefits the shopper saved (if any) that this farm takes; `value` is null until then.
 * Nothing when the farm takes none of them.
 */
export function PlannedBenefitsField({
  producerUserId,
  farmName,
  value,
  onChange,
}: {
  producerUserId: number;
  farmName: string;
  value: BenefitProgramme[] | null;
  onChange: (value: BenefitProgramme[]) => void;
}) {
  const benefits = useProducerBenefits(producerUserId);
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
  const toggle = (programme: BenefitProgramme, on: boolean) =>
    onChange(offered.filter((p) => (p === programme ? on : chosen.includes(p))));
  return (
    <Card className="p-5">
      <fieldset aria-describedby="planned-benefits-hint">
        <legend className="text-lg font-semibold">{PLANNED_BENEFITS_TEXTS.legend(farmName)}</legend>
        <p id="planned-benefits-hint" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {PLANNED_BENEFITS_TEXTS.hint}
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
      </fieldset>
    </Card>
  );
}
