import { formatDistance } from '@farmstand/shared';
import type { MarketSummary } from '@farmstand/shared/schemas/markets';
import { Link } from 'react-router';
import { marketDayText, vendorCountText } from '../market-text';
import { MarketBenefitPills } from './market-benefits';

/** A market in the list: the whole card opens its page. */
export function MarketCard({ market, headingLevel = 'h2' }: { market: MarketSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md dark:border-stone-800 dark:bg-stone-900 dark:hover:border-green-500">
      <Heading className="font-semibold leading-snug [overflow-wrap:anywhere]">
        <Link
          to={`/markets/${market.slug}`}
          className="after:absolute after:inset-0 after:rounded-xl hover:text-brand-800 focus-visible:outline-none dark:hover:text-green-300"
        >
          {market.name}
        </Link>
      </Heading>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {market.city}, {market.state}
        {market.distanceMiles != null && (
          <>
            {' · '}
            <span className="font-medium text-stone-800 dark:text-stone-100">{formatDistance(market.distanceMiles)} away</span>
          </>
        )}
      </p>
      <ul className="text-sm text-stone-800 dark:text-stone-200">
        {market.daysText.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-sm">
        {market.nextDate ? (
          <>
            Next market day: <span className="font-semibold">{marketDayText(market.nextDate)}</span>
          </>
        ) : (
          <span className="text-stone-600 dark:text-stone-300">Out of season</span>
        )}
        {' · '}
        {vendorCountText(market.vendorCount)}
      </p>
      <MarketBenefitPills benefits={market.benefits} />
    </article>
  );
}
