import { countNoun } from '@farmstand/shared/format/quantity';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card, EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { useMyOrders } from '../api';
import { basketCount, basketTotal, isEstimated, useBaskets } from '../basket';
import { MyShares } from '../components/my-shares';
import { MyStanding } from '../components/my-standing';
import { OrderCard } from '../components/order-card';
import { RemindersToggle } from '../components/reminders-toggle';
import { money } from '../format';

const TABS = ['upcoming', 'past', 'standing'] as const;
type Tab = (typeof TABS)[number];

/**
 * /orders: the shopper's reservations, upcoming and past, each updating live, and their standing
 * reservations. The tab lives in the URL (`?tab=standing`: the standing reminder mail links there).
 */
export default function OrdersPage() {
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
      <Baskets />
      <MyShares />
      <RemindersToggle />
      <Tabs
        label="Orders"
        selected={tab}
        onSelect={select}
        tabs={[
          { id: 'upcoming', label: 'Upcoming', content: <OrderList scope="upcoming" highlighted={highlighted} /> },
          { id: 'past', label: 'Past', content: <OrderList scope="past" highlighted={highlighted} /> },
          { id: 'standing', label: 'Standing', content: <MyStanding /> },
        ]}
      />
    </div>
  );
}

function Baskets() {
  const baskets = useBaskets();
  if (baskets.length === 0) return null;
  return (
    <section id="baskets" aria-labelledby="baskets-heading" className="mb-6 scroll-mt-20">
      <h2 id="baskets-heading" className="mb-2 text-lg font-semibold">
        Baskets not yet sent
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {baskets.map((basket) => (
          <li key={basket.producerUserId}>
            <Card className="flex items-center justify-between gap-3 p-4">
              <span>
                <span className="block font-semibold">{basket.farmName}</span>
                <span className="text-sm text-stone-600 dark:text-stone-400">
                  {countNoun(basketCount(basket), 'item')} · {isEstimated(basket) ? '≈ ' : ''}
                  {money(basketTotal(basket))}
                </span>
              </span>
              <ButtonLink to={`/checkout/${basket.producerUserId}`} size="sm">
                Checkout
              </ButtonLink>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderList({ scope, highlighted }: { scope: 'upcoming' | 'past'; highlighted: number | null }) {
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
          <OrderCard order={order} side="shopper" highlight={order.id === highlighted} />
        </li>
      ))}
    </ul>
  );
}
