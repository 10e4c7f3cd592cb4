import { useSearchParams } from 'react-router';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { RecordPayment } from '@/features/benefits/components/record-tenders';
import { useAuth } from '@/shared/auth-context';
import { DashboardHeader } from './dashboard-header';
import { ProducerAnalytics } from './producer-analytics';
import { ProducerOrdersTab } from './producer-orders-tab';
import { ProducerOverview } from './producer-overview';

const TABS: TabItem[] = [
  { id: 'overview', label: 'Overview', content: <ProducerOverview /> },
  // Each of the day's orders records what was paid at pickup (benefits, cash, card: decision 516).
  { id: 'orders', label: 'Orders', content: <ProducerOrdersTab recordPayment={(order) => <RecordPayment order={order} />} /> },
  { id: 'analytics', label: 'Analytics', content: <ProducerAnalytics /> },
];

/** Producer dashboard with Overview and Analytics tabs (spec 01 §2); the tab lives in ?tab= so it can be linked. */
export function ProducerDashboard() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const selected = params.get('tab') ?? 'overview';
  const select = (id: string) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <DashboardHeader title="Producer Dashboard" subtitle={`Signed in as ${user?.email ?? ''}`} />
      <Tabs label="Dashboard sections" tabs={TABS} selected={selected} onSelect={select} />
    </div>
  );
}
