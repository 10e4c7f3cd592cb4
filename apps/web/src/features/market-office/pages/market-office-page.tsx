import { TIME_ZONE_LABELS } from '@farmstand/shared/constants/time-zones';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { LockIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useMarketSettings, useSaveSettings } from '../api';
import { BooksTab } from '../components/books-tab';
import { MarketForm } from '../components/market-form';
import { OverviewTab } from '../components/overview-tab';
import { StaffTab } from '../components/staff-tab';
import { VendorsTab } from '../components/vendors-tab';

const TAB_LABELS = {
  overview: 'Overview',
  pickup: 'Pickup day',
  vendors: 'Vendors',
  staff: 'Staff',
  settings: 'Settings',
  books: 'Books',
} as const;

/**
 * /market-office/:id: one market's office for its managers (and admins), a tab each for the day,
 * the pickup day of the market baskets (the market-pickup feature's, given as `pickupDay`), the vendors, the staff, the market's settings and the books. Each tab is its own address (?tab=).
 */
export default function MarketOfficePage({ pickupDay }: { pickupDay: (marketId: number) => ReactNode }) {
  const id = Number(useParams().id);
  const market = useMarketSettings(id);
  const save = useSaveSettings(id);
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') ?? 'overview') as keyof typeof TAB_LABELS;
  const selected = tab in TAB_LABELS ? tab : 'overview';
  useDocumentTitle(market.data ? `${TAB_LABELS[selected]} · ${market.data.name}` : 'Market office');
  const open = (next: string) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true });

  if (market.isPending) return <Spinner />;
  if (market.isError) {
    const status = market.error instanceof ApiError ? market.error.status : 0;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {status === 403 || status === 404 ? (
          <EmptyState title={status === 404 ? 'Market not found' : 'Not your market'} icon={LockIcon} page>
            {errorMessage(market.error, 'Only the market’s managers open its office.')}{' '}
            <Link to="/market-office" className="font-semibold text-brand-700 underline dark:text-green-300">
              Your markets
            </Link>
          </EmptyState>
        ) : (
          <LoadError text={errorMessage(market.error, 'Could not load the market.')} onRetry={() => market.refetch()} />
        )}
      </div>
    );
  }
  const m = market.data;
  const tabs: TabItem[] = [
    { id: 'overview', label: TAB_LABELS.overview, content: <OverviewTab market={m} onOpenTab={open} /> },
    { id: 'pickup', label: TAB_LABELS.pickup, content: pickupDay(id) },
    { id: 'vendors', label: TAB_LABELS.vendors, content: <VendorsTab marketId={id} timeZone={m.timeZone} /> },
    { id: 'staff', label: TAB_LABELS.staff, content: <StaffTab marketId={id} timeZone={m.timeZone} /> },
    {
      id: 'settings',
      label: TAB_LABELS.settings,
      content: (
        <MarketForm
          // A saved market starts the form again from what the server kept.
          key={JSON.stringify(m)}
          market={m}
          thisYear={Number(m.seasonStart.slice(0, 4))}
          submitLabel="Save settings"
          error={save.isError && errorMessage(save.error, 'Could not save the settings. Please try again.')}
          onSubmit={(input) => save.mutateAsync(input).then(() => toast.success('Settings saved'))}
        />
      ),
    },
    { id: 'books', label: TAB_LABELS.books, content: <BooksTab market={m} /> },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p className="mb-2 text-sm">
        <Link to="/market-office" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          ← Your markets
        </Link>
      </p>
      <PageTitle subtitle={`${m.address}, ${m.city}, ${m.state} · ${TIME_ZONE_LABELS[m.timeZone]}`}>{m.name}</PageTitle>
      <Tabs label="Market office sections" tabs={tabs} selected={selected} onSelect={open} />
    </div>
  );
}
