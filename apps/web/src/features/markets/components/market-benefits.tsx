import type { MarketSummary } from '@farmstand/shared/schemas/markets';
import { benefitLines } from '../market-text';

const PILL =
  'inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900 ring-1 ring-green-200 dark:bg-green-950/60 dark:text-green-200 dark:ring-green-800';

/** The benefits a market takes or matches, as pills on a card ("SNAP at the info booth", "Kentucky Double Dollars up to $20.00 a day"). */
export function MarketBenefitPills({ benefits }: { benefits: MarketSummary['benefits'] }) {
  const lines = benefitLines(benefits);
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Benefits at this market" className="flex flex-wrap gap-1.5">
      {lines.map((line) => (
        <li key={line.key} className={PILL}>
          {line.short}
        </li>
      ))}
    </ul>
  );
}

/** The same benefits on the market's page, each with a plain sentence of how it works there. */
export function MarketBenefitList({ benefits }: { benefits: MarketSummary['benefits'] }) {
  const lines = benefitLines(benefits);
  if (lines.length === 0)
    return <p className="text-sm text-stone-700 dark:text-stone-300">This market takes no benefits at its info booth.</p>;
  return (
    <dl className="space-y-3 text-sm">
      {lines.map((line) => (
        <div key={line.key}>
          <dt className="font-semibold text-stone-900 dark:text-stone-100">{line.short}</dt>
          <dd className="text-stone-700 dark:text-stone-300">{line.explain}</dd>
        </div>
      ))}
    </dl>
  );
}
