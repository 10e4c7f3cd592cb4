import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useMyMarkets } from '../api';

/** /market-office: the markets I help run; a manager opens its office, a volunteer its info booth and pickup day. */
export default function MyMarketsPage() {
  useDocumentTitle('Market office');
  const mine = useMyMarkets();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle subtitle="The farmers markets you help run.">Market office</PageTitle>
      {mine.isPending ? (
        <Spinner />
      ) : mine.isError ? (
        <LoadError text={errorMessage(mine.error, 'Could not load your markets.')} onRetry={() => mine.refetch()} />
      ) : mine.data.markets.length === 0 ? (
        <EmptyState title="No markets yet">
          A market’s manager adds booth volunteers; an admin grants managers. Ask the market that you help.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {mine.data.markets.map((market) => (
            <li key={market.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h2 className="text-lg font-semibold">{market.name}</h2>
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    {market.role === 'manager' ? 'Manager' : 'Booth volunteer'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/market-office/${market.id}/booth`} className={buttonClasses('secondary', 'sm')}>
                    Info booth<span className="sr-only"> of {market.name}</span>
                  </Link>
                  <Link to={`/market-office/${market.id}/pickup-day`} className={buttonClasses('secondary', 'sm')}>
                    Pickup day<span className="sr-only"> of {market.name}</span>
                  </Link>
                  {market.role === 'manager' && (
                    <Link to={`/market-office/${market.id}`} className={buttonClasses('primary', 'sm')}>
                      Open the office<span className="sr-only"> of {market.name}</span>
                    </Link>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
