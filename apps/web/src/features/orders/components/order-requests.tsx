import { EmptyState, Spinner } from '@/components/ui/card';
import { AlertIcon } from '@/components/ui/icons';
import { useReceivedOrders } from '../api';
import { OrderCard } from './order-card';

/** The farm's requests to answer (on the dashboard's Orders tab): new ones appear live. */
export function OrderRequests() {
  const requests = useReceivedOrders({ status: 'requested' });
  if (requests.isPending) return <Spinner label="Loading orders…" />;
  if (requests.isError) return <EmptyState title="Could not load your orders" icon={AlertIcon} />;
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="mb-2 text-lg font-semibold">
        Requests to answer ({requests.data.orders.length})
      </h2>
      {requests.data.orders.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No open requests. New ones appear here live.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {requests.data.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} side="producer" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
