import { Link } from 'react-router';
import { useMarkets } from '../api';
import { marketDayText } from '../market-text';

/**
 * The markets whose name or town matches a search (/search?q=), in a small block above the farms;
 * nothing while there are no words or no match. Composed into the search page in app/pages.
 */
export function MarketsSearchBlock({ words }: { words: string }) {
  const q = words.trim();
  const markets = useMarkets({ q }, { enabled: q !== '' });
  const list = q ? (markets.data ?? []) : [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="search-markets"
      className="mt-6 rounded-xl border border-green-200 bg-green-50 p-4 dark:border-green-900 dark:bg-green-950/40"
    >
      <h2 id="search-markets" className="text-base font-semibold">
        Markets
      </h2>
      <ul className="mt-2 space-y-2">
        {list.slice(0, 5).map((market) => (
          <li key={market.id} className="text-sm">
            <Link
              to={`/markets/${market.slug}`}
              className="font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-green-300"
            >
              {market.name}
            </Link>
            <span className="text-stone-700 dark:text-stone-300">
              {' '}
              · {market.city}, {market.state}
              {market.daysText.length > 0 && ` · ${market.daysText.join(', ')}`}
              {market.nextDate && ` · next ${marketDayText(market.nextDate)}`}
            </span>
          </li>
        ))}
      </ul>
      {list.length > 5 && (
        <Link
          to={`/markets?q=${encodeURIComponent(q)}`}
          className="mt-2 inline-block text-sm font-medium text-brand-800 hover:underline dark:text-green-300"
        >
          All {list.length} markets matching “{q}”
        </Link>
      )}
    </section>
  );
}
