import { useQueryClient } from '@tanstack/react-query';
import { MY_PRODUCTS_KEY } from '@/lib/queries';
import { useSocketEvent } from '@/shared/realtime/socket-provider';

/**
 * A notification about one of the producer's products (an admin removed or restored it) refreshes
 * their product list and that product's own queries at once; the toast is the notification's own.
 */
export function ProductLiveUpdates() {
  const queryClient = useQueryClient();
  useSocketEvent('notification', ({ productId }) => {
    if (productId === undefined) return;
    queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_KEY });
    queryClient.invalidateQueries({ queryKey: ['products', productId] });
  });
  return null;
}
