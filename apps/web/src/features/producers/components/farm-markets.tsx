import { Link } from 'react-router';

/** A market a farm attends as an approved vendor (the producer JSON's `markets`, decision 581). */
export type FarmMarketLink = { slug: string; name: string };

/**
 * "At these markets: Lexington Farmers Market", each linking to the market's page; nothing when the
 * farm attends none. On a card whose whole area is a link, the market links sit above it (`raised`).
 */
export function FarmMarkets({ markets, raised = false }: { markets: readonly FarmMarketLink[]; raised?: boolean }) {
  if (markets.length === 0) return null;
  return (
    <p className="text-sm text-stone-700 dark:text-stone-300">
      <span className="font-medium">At {markets.length === 1 ? 'this market' : 'these markets'}: </span>
      {markets.map((market, index) => (
        <span key={market.slug}>
          {index > 0 && ', '}
          <Link
            to={`/markets/${market.slug}`}
            className={`font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 dark:text-green-300 ${raised ? 'relative z-10' : ''}`}
          >
            {market.name}
          </Link>
        </span>
      ))}
    </p>
  );
}
