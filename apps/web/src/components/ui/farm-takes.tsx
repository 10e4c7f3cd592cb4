import { type BenefitTable, incentiveIn } from '@farmstand/shared/benefits/programmes';
import type { ProducerSearchItem } from '@farmstand/shared/schemas/search';
import { useBenefitTable } from '@/lib/benefit-table';

/** A benefit a farm takes at pickup today, as the server says (`benefit_takes`). */
export type FarmTake = ProducerSearchItem['benefit_takes'][number];

const NAMES: Record<FarmTake, string> = {
  snap: 'SNAP',
  wic_fmnp: 'WIC coupons',
  senior_fmnp: 'Senior coupons',
  incentive: 'Double Dollars',
};

/**
 * The names of what a farm takes, as the farm page and the producer cards write them: "SNAP",
 * "WIC coupons", "Senior coupons", and the state's incentive by its own name ("Kentucky Double
 * Dollars") where one runs in the farm's state.
 */
export function farmTakeNames(takes: readonly FarmTake[], state: string, table: BenefitTable): string[] {
  const incentive = incentiveIn(table, state);
  return takes.map((take) => (take === 'incentive' && incentive ? incentive.name : NAMES[take]));
}

const PILL =
  'inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900 ring-1 ring-green-200 dark:bg-green-950/60 dark:text-green-200 dark:ring-green-800';

function Pills({ takes, state }: { takes: readonly FarmTake[]; state: string }) {
  const names = farmTakeNames(takes, state, useBenefitTable());
  return (
    <ul aria-label="Benefits taken at pickup" className="flex flex-wrap gap-1.5">
      {names.map((name) => (
        <li key={name} className={PILL}>
          {name}
        </li>
      ))}
    </ul>
  );
}

/**
 * The benefits a farm takes at pickup today as pills (decisions 516, 546, 552), the one wording of
 * the farm page's header and the producer list's cards. Nothing (and no request for the benefit
 * table) when the farm takes none or the answer does not say.
 */
export function FarmTakes({ takes, state }: { takes: readonly FarmTake[] | undefined; state: string }) {
  if (!takes || takes.length === 0) return null;
  return <Pills takes={takes} state={state} />;
}
