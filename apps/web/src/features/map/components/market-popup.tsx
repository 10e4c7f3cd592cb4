import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type { MapMarket } from '../types';

/**
 * A market pin's popup: name, town, its days, the next market day (the market's own calendar day)
 * and a link to its page, in the same tab (the market's page is where a shopper goes next).
 */
export function MarketPopup({ market }: { market: MapMarket }) {
  return (
    <div className="w-56 font-sans text-stone-900 dark:text-stone-100">
      <p className="text-xs font-semibold uppercase tracking-wide text-violet-800 dark:text-violet-300">Farmers market</p>
      <p className="text-base font-bold leading-tight">{market.name}</p>
      <p className="mt-0.5 text-sm text-stone-600 dark:text-stone-300">
        {market.city}, {market.state}
      </p>
      {market.daysText.map((line) => (
        <p key={line} className="text-sm text-stone-800 dark:text-stone-200">
          {line}
        </p>
      ))}
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {market.nextDate
          ? `Next: ${formatDateOnly(market.nextDate, { weekday: 'long', month: 'short', day: 'numeric' })}`
          : 'Out of season'}
        {` · ${market.vendorCount} vendor${market.vendorCount === 1 ? '' : 's'}`}
      </p>
      <a
        href={`/markets/${market.slug}`}
        className="mt-2 block rounded-lg bg-violet-700 px-3 py-1.5 text-center text-sm font-semibold !text-white hover:bg-violet-800"
      >
        View market
      </a>
    </div>
  );
}
