import { incentiveIn } from '@farmstand/shared/benefits/programmes';
import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { useBenefitTable } from '@/shared/benefit-table';

type Take = PublicProducerProfile['benefit_takes'][number];

const NAMES: Record<Take, string> = {
  snap: 'SNAP',
  wic_fmnp: 'WIC coupons',
  senior_fmnp: 'Senior coupons',
  incentive: 'Double Dollars',
};

/**
 * Near the top of the farm page (decision 546): the benefits the farm takes at pickup today, as the
 * server says (`benefit_takes`, the benefits policy's answer), with the state's incentive by its own
 * name ("Kentucky Double Dollars"). Which products each covers is on the product cards below.
 * Nothing when the farm takes none.
 */
export function FarmBenefits({ takes, state }: { takes: readonly Take[]; state: string }) {
  const table = useBenefitTable();
  if (takes.length === 0) return null;
  const incentive = incentiveIn(table, state);
  const names = takes.map((take) => (take === 'incentive' && incentive ? incentive.name : NAMES[take]));
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm">
      <span className="font-medium text-stone-800 dark:text-stone-200">Takes at pickup:</span>
      <ul aria-label="Benefits taken at pickup" className="flex flex-wrap gap-1.5">
        {names.map((name) => (
          <li
            key={name}
            className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900 ring-1 ring-green-200 dark:bg-green-950/60 dark:text-green-200 dark:ring-green-800"
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
