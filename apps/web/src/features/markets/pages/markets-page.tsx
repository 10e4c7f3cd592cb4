import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { usePublicPageTitle } from '@/lib/document-title';
import { useUserLocation } from '@/shared/user-location';
import { useMarkets } from '../api';
import { MarketCard } from '../components/market-card';

/**
 * /markets: the farmers markets on Farmstand, nearest first when the shopper's location is known
 * (the one kept for /search and /map), else by name; `?q=` narrows them by name or town.
 */
export default function MarketsPage() {
  usePublicPageTitle('/markets');
  const { location } = useUserLocation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const markets = useMarkets({ q, lat: location?.latitude, lng: location?.longitude });
  const list = markets.data ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle subtitle="Their market days, their vendors, and the benefits each one takes and matches at its info booth.">
        Farmers markets
      </PageTitle>
      <form
        aria-label="Search markets"
        className="flex max-w-xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
        }}
      >
        <label htmlFor="market-search" className="sr-only">
          Market name or town
        </label>
        <input
          id="market-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Market name or town"
          className={`${inputClasses} min-w-0 flex-1`}
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Search
        </button>
      </form>
      <p className="mt-3 text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
        {markets.isSuccess && `${list.length} market${list.length === 1 ? '' : 's'}${location ? ', nearest first' : ', by name'}`}
      </p>
      <div className="mt-4">
        {markets.isPending ? (
          <Spinner label="Loading markets…" />
        ) : markets.isError ? (
          <LoadError text="The markets could not be loaded." onRetry={() => markets.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="No markets found">{q ? 'Try another name or town.' : 'No market runs on Farmstand yet.'}</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((market) => (
              <li key={market.id}>
                <MarketCard market={market} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
