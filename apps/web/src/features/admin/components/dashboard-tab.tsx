import { formatPrice } from '@farmstand/shared';
import { StatCard, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useDashboardStats } from '../api';
import { ADMIN_TEXTS } from '../texts';

export function DashboardTab() {
  const query = useDashboardStats();
  useLoadErrorToast(query, ADMIN_TEXTS.loadDashboard);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError text={ADMIN_TEXTS.loadDashboard} onRetry={() => query.refetch()} />;
  const { users, products, subscriptions, orders, reviews } = query.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard label="Total users" value={users.total_users} detail={`${users.new_users_30d} new in the last 30 days`} />
      <StatCard label="Producers" value={users.total_producers} />
      <StatCard label="Products" value={products.total_products} detail={`${products.available_products} available now`} />
      <StatCard
        label="Active subscriptions"
        value={subscriptions.active_subscriptions}
        detail={`${subscriptions.trial_subscriptions} on trial`}
      />
      <StatCard label="Orders" value={orders.total_orders} detail="Reserved by shoppers, paid to the farm at pickup" />
      {/* Farmstand's own income: producers' plans, never the orders' money (paid at pickup). */}
      <StatCard
        label="Subscription revenue"
        value={formatPrice(orders.total_revenue)}
        detail="Paid by producers for their plans, all time"
      />
      <StatCard
        label="Pending reviews"
        value={reviews.pending_reviews}
        detail={
          reviews.average_rating === null ? 'No approved reviews yet' : `Average rating ${reviews.average_rating.toFixed(1)} / 5`
        }
      />
    </div>
  );
}
