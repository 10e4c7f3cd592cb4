import type { Order } from '@farmstand/shared/schemas/orders';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { useMyOrders } from '../api';
import { OrderCard } from '../components/order-card';
import { RemindersToggle } from '../components/reminders-toggle';

const TABS = ['upcoming', 'past', 'standing'] as const;
type Tab = (typeof TABS)[number];

/** Other features' parts of the page, passed in by app/pages/orders-page.tsx. */
type Parts = {
  /** The baskets not yet sent, above everything. */
  baskets?: ReactNode;
  /** The shopper's meat shares. */
  shares?: ReactNode;
  /** The Standing tab. */
  standing?: ReactNode;
  /** More actions on each order ("Order again", "Repeat this order"). */
  orderActions?: (order: Order) => ReactNode;
};

/**
 * /orders: the shopper's reservations, upcoming and past, each updating live, and their standing
 * reservations. The tab lives in the URL (`?tab=standing`: the standing reminder mail links there).
 */
export default function OrdersPage({ baskets, shares, standing, orderActions }: Parts) {
  // A producer's own purchases from other farms; the orders their shoppers place are on the dashboard.
  const isProducer = useAuth().user?.userType === 'producer';
  const title = isProducer ? 'My purchases' : 'My orders';
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const highlighted = Number(params.get('order')) || null;
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'upcoming';
  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === 'upcoming') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <PageTitle
        subtitle={
          isProducer ? (
            <>
              What you reserved from other farms, paid at pickup. Orders your shoppers placed with you are under{' '}
              <Link to="/dashboard?tab=orders" className="font-semibold text-brand-700 underline dark:text-green-400">
                Dashboard → Orders
              </Link>
              .
            </>
          ) : (
            'Reservations you pay for at pickup.'
          )
        }
      >
        {title}
      </PageTitle>
      {baskets}
      {shares}
      <RemindersToggle />
      <Tabs
        label="Orders"
        selected={tab}
        onSelect={select}
        tabs={[
          {
            id: 'upcoming',
            label: 'Upcoming',
            content: <OrderList scope="upcoming" highlighted={highlighted} actions={orderActions} />,
          },
          { id: 'past', label: 'Past', content: <OrderList scope="past" highlighted={highlighted} actions={orderActions} /> },
          { id: 'standing', label: 'Standing', content: standing },
        ]}
      />
    </div>
  );
}

function OrderList({
  scope,
  highlighted,
  actions,
}: {
  scope: 'upcoming' | 'past';
  highlighted: number | null;
  actions: Parts['orderActions'];
}) {
  const query = useMyOrders(scope);
  if (query.isPending) return <Spinner label="Loading your orders…" />;
  if (query.isError) return <EmptyState title="Could not load your orders" icon={AlertIcon} />;
  if (query.data.orders.length === 0) {
    return (
      <EmptyState title={scope === 'upcoming' ? 'No upcoming orders' : 'No past orders'} icon={BasketIcon}>
        <p>
          Find something on the{' '}
          <Link to="/products" className="font-semibold text-brand-700 underline dark:text-green-400">
            products page
          </Link>{' '}
          and reserve it for pickup.
        </p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {query.data.orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} side="shopper" highlight={order.id === highlighted} actions={actions?.(order)} />
        </li>
      ))}
    </ul>
  );
}
