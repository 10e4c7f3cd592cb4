import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { LedgerCard } from '@/features/benefits/components/ledger-card';
import { summarizeSubscription } from '@/features/billing/subscription-status';
import { useUnreadCount } from '@/features/messages/unread-count';
import { OrderWeeks } from '@/features/orders/components/order-weeks';
import { useAuth } from '@/shared/auth-context';
import { MaxProducts } from '@/shared/site/limits';
import { ShopperActivity } from './shopper-activity';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-stone-600 dark:text-stone-300">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {children && <div className="mt-2 text-sm">{children}</div>}
    </Card>
  );
}

/**
 * Producer Analytics tab: the account at a glance, shopper activity from the analytics API, the
 * month's ledger of what was paid at pickup (decision 516) and tips for being found (docs/decisions/010 and 100).
 */
export function ProducerAnalytics() {
  const { user } = useAuth();
  const unread = useUnreadCount();
  if (!user) return null;
  const subscription = summarizeSubscription(user.subscription);
  const memberSince = new Date(user.createdAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  return (
    <div className="space-y-8">
      <section aria-labelledby="glance-heading">
        <h2 id="glance-heading" className="mb-4 text-lg font-bold">
          Your account at a glance
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat label="Unread messages" value={String(unread)}>
            <Link to="/messages" className={linkClass}>
              Open messages
            </Link>
          </Stat>
          <Stat label="Subscription" value={subscription.label}>
            <Link to={subscription.action.to} className={linkClass}>
              {subscription.action.label}
            </Link>
          </Stat>
          <Stat label="Selling on Farmstand since" value={memberSince} />
        </div>
      </section>
      <ShopperActivity producerUserId={user.id} />
      <OrderWeeks />
      <LedgerCard />
      <Card className="p-6">
        <h2 className="text-lg font-bold">Get found more often</h2>
        <p className="mt-2 text-stone-700 dark:text-stone-300">The more complete a listing, the more often shoppers find it:</p>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-stone-700 dark:text-stone-300">
          <li>
            <Link to="/profile" className={linkClass}>
              Complete your farm profile
            </Link>{' '}
            with a photo, your town and how shoppers can pick up.
          </li>
          <li>
            <Link to="/profile?tab=products" className={linkClass}>
              List your products
            </Link>{' '}
            (up to <MaxProducts /> active) with prices, photos and availability.
          </li>
          <li>Add your certifications so an admin can verify them and give you the Verified badge.</li>
        </ul>
      </Card>
    </div>
  );
}
