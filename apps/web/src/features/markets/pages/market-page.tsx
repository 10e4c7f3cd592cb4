import type { MarketPage as Market } from '@farmstand/shared/schemas/markets';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { SearchIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { zoneNote } from '@/lib/pickup-time';
import { useMarket } from '../api';
import { MarketBenefitList } from '../components/market-benefits';
import { MarketVendors } from '../components/market-vendors';
import { marketDayText, seasonText, vendorCountText } from '../market-text';

/**
 * /markets/{slug}: a market's public page, its days and closed dates in its own zone, its benefits and
 * vendors; `basket` is the market basket's "This Saturday at the market" (its own feature, passed in).
 */
export default function MarketPage({ basket }: { basket?: (market: Market) => ReactNode }) {
  const slug = useParams().slug ?? '';
  const query = useMarket(slug);
  const isMissing = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(
    isMissing ? 'Market not found' : query.data ? `${query.data.name} — ${query.data.city}, ${query.data.state}` : 'Market',
  );
  if (isMissing) return <MarketNotFound />;
  if (query.isPending) return <Spinner label="Loading market…" />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="sr-only">Market</h1>
        <LoadError text="This market could not be loaded." onRetry={() => query.refetch()} />
      </div>
    );
  const market = query.data;
  const next = market.nextDate ? marketDayText(market.nextDate) : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <Link to="/markets" className="text-sm font-medium text-brand-800 hover:underline dark:text-green-300">
        ← All markets
      </Link>
      <header className="mt-2">
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{market.name}</h1>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          {market.address}, {market.city}, {market.state} {market.zip}
        </p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{vendorCountText(market.vendorCount)}</p>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          {basket?.(market)}
          {market.description && (
            <Card className="p-5">
              <h2 className="mb-2 text-lg font-semibold">About the market</h2>
              <p className="whitespace-pre-line text-stone-700 dark:text-stone-300">{market.description}</p>
            </Card>
          )}
          <MarketVendors vendors={market.vendors} nextDay={next} />
        </div>
        {/* On a phone the days and benefits come first: when to go is what a shopper looks for. */}
        <aside className="order-first space-y-4 lg:order-last">
          <MarketDays market={market} next={next} />
          <Section title="Benefits">
            <MarketBenefitList benefits={market.benefits} />
          </Section>
        </aside>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

/**
 * Days and hours as the market keeps them: every date is the market's own calendar day (counted by
 * the server in the market's zone) and the hours are its local time, named when the viewer's clock
 * reads otherwise.
 */
function MarketDays({ market, next }: { market: Market; next: string | null }) {
  // The server lists only closed dates from today on, in the market's zone.
  const closed = market.closedDates;
  const note = market.nextDate ? zoneNote(`${market.nextDate}T16:00:00.000Z`, market.timeZone) : '';
  return (
    <Section title="Market days">
      <ul className="font-medium" data-testid="market-days">
        {market.daysText.map((line) => (
          <li key={line}>
            {line}
            {note}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        Season: {seasonText(market.seasonStart, market.seasonEnd)}
      </p>
      <p className="mt-3" data-testid="next-market-day">
        {next ? (
          <>
            Next market day: <span className="font-semibold">{next}</span>
          </>
        ) : (
          'No more market days this season.'
        )}
      </p>
      {market.upcoming.length > 1 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">Coming market days</h3>
          <ul className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            {market.upcoming.map((date) => (
              <li key={date}>{marketDayText(date)}</li>
            ))}
          </ul>
        </>
      )}
      {closed.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">Closed on</h3>
          <ul className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            {closed.map((date) => (
              <li key={date}>{marketDayText(date, true)}</li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function MarketNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <EmptyState title="Market not found" icon={SearchIcon} page>
        <p>This market may have closed, or the link is wrong.</p>
        <ButtonLink to="/markets" variant="secondary" className="mt-4">
          All markets
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
