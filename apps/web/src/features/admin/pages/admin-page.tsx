import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, PageTitle } from '@/components/ui/card';
import { LockIcon } from '@/components/ui/icons';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { AnalyticsTab } from '../components/analytics-tab';
import { DashboardTab } from '../components/dashboard-tab';
import { HealthTab } from '../components/health-tab';
import { LogsTab } from '../components/logs-tab';
import { ProductsTab } from '../components/products-tab';
import { ReviewsTab } from '../components/reviews-tab';
import { SettingsTab } from '../components/settings-tab';
import { UsersTab } from '../components/users-tab';
import { VerificationTab } from '../components/verification-tab';
import { ADMIN_TEXTS } from '../texts';

/**
 * Only the open tab is mounted, so each tab loads its data when it is opened (spec 02 §2). The
 * orders tab belongs to the orders feature, the certifications' review to the certifications
 * feature, the FNS numbers to check (on the certifications tab), the
 * analytics' benefits tendered and the benefit programmes (on the settings tab) to the benefits
 * feature, the markets (on the settings tab: the strip stays one line) to the market office
 * feature: composed in app/pages/admin-page.tsx.
 */
const adminTabs = (
  ordersTab: ReactNode,
  certificationsTab: ReactNode,
  benefitsTab: ReactNode,
  benefitTotals: ReactNode,
  benefitProgrammes: ReactNode,
  markets: ReactNode,
): TabItem[] => [
  { id: 'dashboard', label: 'Dashboard', content: <DashboardTab /> },
  { id: 'users', label: 'Users', content: <UsersTab /> },
  { id: 'products', label: 'Products', content: <ProductsTab /> },
  { id: 'orders', label: 'Orders', content: ordersTab },
  { id: 'reviews', label: 'Reviews', content: <ReviewsTab /> },
  { id: 'verification', label: 'Producer Verification', content: <VerificationTab /> },
  // FNS retailer numbers are checked like certifications, on the same tab (the strip stays one line).
  {
    id: 'certifications',
    label: 'Certifications',
    content: (
      <div className="space-y-10">
        {certificationsTab}
        {benefitsTab}
      </div>
    ),
  },
  { id: 'analytics', label: 'Analytics', content: <AnalyticsTab benefitTotals={benefitTotals} /> },
  {
    id: 'settings',
    label: 'Settings',
    content: (
      <div className="space-y-10">
        <SettingsTab />
        {benefitProgrammes}
        {markets}
      </div>
    ),
  },
  { id: 'logs', label: 'Activity Logs', content: <LogsTab /> },
  { id: 'health', label: 'Health', content: <HealthTab /> },
];

export default function AdminPage({
  ordersTab,
  certificationsTab,
  benefitsTab,
  benefitTotals,
  benefitProgrammes,
  markets,
}: {
  ordersTab: ReactNode;
  certificationsTab: ReactNode;
  benefitsTab: ReactNode;
  benefitTotals?: ReactNode;
  /** The benefit programmes the admins maintain, below the settings. */
  benefitProgrammes?: ReactNode;
  /** The farmers markets and their managers (the market office feature's), below the benefit programmes. */
  markets?: ReactNode;
}) {
  const tabs = adminTabs(ordersTab, certificationsTab, benefitsTab, benefitTotals, benefitProgrammes, markets);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const openTab = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  // Each tab is its own address (?tab=…), so it has its own title (issue 10 item 18).
  useDocumentTitle(user?.userType === 'admin' ? `${openTab.label} · Admin` : 'Admin');
  const tabsRef = useRef<HTMLDivElement>(null);
  const tabParam = params.get('tab');
  // On a phone the tab strip scrolls: keep the open tab (e.g. from a ?tab= link) in view.
  useEffect(() => {
    if (tabParam)
      tabsRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tabParam]);
  if (user?.userType !== 'admin') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <EmptyState title={ADMIN_TEXTS.accessDenied} icon={LockIcon} page>
          {ADMIN_TEXTS.accessDeniedBody}
        </EmptyState>
      </div>
    );
  }
  const selected = tabs.some((tab) => tab.id === params.get('tab')) ? (params.get('tab') as string) : 'dashboard';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle subtitle="Run the marketplace: people, listings, reviews and the platform itself.">Admin Panel</PageTitle>
      <div ref={tabsRef}>
        <Tabs
          label="Admin sections"
          tabs={tabs}
          selected={selected}
          onSelect={(id) => setParams(id === 'dashboard' ? {} : { tab: id }, { replace: true })}
        />
      </div>
    </div>
  );
}
