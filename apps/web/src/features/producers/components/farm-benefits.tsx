import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { FarmTakes } from '@/components/ui/farm-takes';

type Take = PublicProducerProfile['benefit_takes'][number];

/**
 * Near the top of the farm page (decision 546): the benefits the farm takes at pickup today, as the
 * server says (`benefit_takes`, the benefits policy's answer), in the producer cards' wording
 * (`components/ui/farm-takes.tsx`), with the state's incentive by its own name ("Kentucky Double Dollars").
 * Which products each covers is on the product cards below. Nothing when the farm takes none.
 */
export function FarmBenefits({ takes, state }: { takes: readonly Take[]; state: string }) {
  if (takes.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm">
      <span className="font-medium text-stone-800 dark:text-stone-200">Takes at pickup:</span>
      <FarmTakes takes={takes} state={state} />
    </div>
  );
}
