import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { BasketIcon } from '@/components/ui/icons';
import { ORDERS_KEY, PICKUP_KEY } from '@/lib/queries';
import { useSocketEvent } from '@/shared/realtime/socket-provider';

/**
 * `order_updated` anywhere in the app: every order query refreshes (the lists, the pickup day,
 * weighing and an order's benefits plan all start with `ORDERS_KEY`, decision 549), and the side
 * that did not make the move gets a toast (decision 173).
 */
export function OrderLiveUpdates() {
  const queryClient = useQueryClient();
  useSocketEvent('order_updated', ({ message, notify }) => {
    queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    queryClient.invalidateQueries({ queryKey: PICKUP_KEY });
    if (notify) toast(message, { duration: 6000, icon: <BasketIcon className="h-5 w-5 shrink-0 text-brand-700" /> });
  });
  return null;
}
