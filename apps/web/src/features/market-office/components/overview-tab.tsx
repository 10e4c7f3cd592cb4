import { formatDateOnly, todayDateOnly, weekdayOf } from '@farmstand/shared/format/date-only';
import { countNoun } from '@farmstand/shared/format/quantity';
import { clockText, isMarketDay, marketDaysText, nextMarketDates } from '@farmstand/shared/markets/calendar';
import type { Market } from '@farmstand/shared/schemas/markets';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useVendors } from '../api';

const LONG_DAY = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;

/**
 * A market at a glance: today in the market's own zone (a market day or not, and its hours), its
 * next market days by the shared calendar, and what waits for the manager.
 */
export function OverviewTab({ market, onOpenTab }: { market: Market; onOpenTab: (tab: string) => void }) {
  const today = todayDateOnly(new Date(), market.timeZone);
  const open = isMarketDay(market, today);
  const hours = market.marketDays.find((d) => d.weekday === weekdayOf(today));
  const next = nextMarketDates(market, today, 6).filter((date) => date !== today);
  const vendors = useVendors(market.id);
  const waiting = vendors.data?.vendors.filter((v) => v.status === 'applied').length ?? 0;
  const approved = vendors.data?.vendors.filter((v) => v.status === 'approved').length ?? 0;
  const warned = vendors.data?.vendors.filter((v) => v.status === 'approved' && v.warnings.length > 0).length ?? 0;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="p-4">
        <h2 className="text-lg font-semibold">Today</h2>
        <p className="mt-1">{formatDateOnly(today, LONG_DAY)}</p>
        <p className="mt-2 font-medium" data-testid="today-status">
          {open && hours
            ? `A market day: open ${clockText(hours.opens)}–${clockText(hours.closes)}`
            : market.closedDates.includes(today)
              ? 'Closed today'
              : 'Not a market day'}
        </p>
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{marketDaysText(market.marketDays).join(' · ')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={`/market-office/${market.id}/booth`} className={buttonClasses(open ? 'primary' : 'secondary', 'sm')}>
            Open the info booth
          </Link>
          <Link to={`/markets/${market.slug}`} className={buttonClasses('ghost', 'sm')}>
            The market’s public page
          </Link>
        </div>
      </Card>
      <Card className="p-4">
        <h2 className="text-lg font-semibold">Next market days</h2>
        {next.length === 0 ? (
          <p className="mt-1 text-stone-700 dark:text-stone-300">
            None left this season (it ends {formatDateOnly(market.seasonEnd)}).
          </p>
        ) : (
          <ul className="mt-1 space-y-1">
            {next.map((date) => (
              <li key={date}>{formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' })}</li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
          Season {formatDateOnly(market.seasonStart)} – {formatDateOnly(market.seasonEnd)}
          {market.closedDates.length > 0 && `, closed on ${countNoun(market.closedDates.length, 'date')}`}
        </p>
      </Card>
      <Card className="p-4 md:col-span-2">
        <h2 className="text-lg font-semibold">Vendors</h2>
        <p className="mt-1">
          {approved} approved · {waiting} waiting for an answer
          {warned > 0 && ` · ${warned} with a document or FNS warning`}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant={waiting > 0 ? 'primary' : 'secondary'} onClick={() => onOpenTab('vendors')}>
            Review vendors
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onOpenTab('books')}>
            Open the books
          </Button>
        </div>
      </Card>
    </div>
  );
}
