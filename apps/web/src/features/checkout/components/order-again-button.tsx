import { todayDateOnly } from '@farmstand/shared/format/date-only';
import type { Order } from '@farmstand/shared/schemas/orders';
import type { Product } from '@farmstand/shared/schemas/products';
import { itemsFrom, OrderAgainAction } from '@/components/ui/order-again-action';
import { ApiError, api, errorMessage } from '@/lib/api';
import { addToBasket } from '../basket';
import { orderAgain } from '../order-again';

/** Today's listing of a product, or null when it is no longer listed (404). */
async function listed(id: number): Promise<Product | null> {
  try {
    return (await api.get<{ product: Product }>(`/products/${id}`)).product;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * "Order again" on a shopper's order (issue 33, "order my usual"): its lines go into the farm's
 * basket as they are listed today, and a dialog says plainly what changed and what was left out.
 */
export function OrderAgainButton({ order }: { order: Order }) {
  const fill = async () => {
    const ids = [...new Set(order.items.map((i) => i.product_id).filter((id): id is number => id !== null))];
    const products = new Map(await Promise.all(ids.map(async (id) => [id, await listed(id)] as const)));
    const again = orderAgain(order, products, todayDateOnly());
    for (const line of again.lines)
      addToBasket({ producerUserId: order.producer.user_id, farmName: order.producer.farm_name }, line);
    return {
      summary:
        again.lines.length === 0
          ? `Nothing from order #${order.id} can be reserved today.`
          : `${itemsFrom(again.lines, `order #${order.id}`)} in your basket for ${order.producer.farm_name}.`,
      changes: again.changes,
      next: again.lines.length > 0 ? { to: `/checkout/${order.producer.user_id}`, label: 'Check out' } : null,
    };
  };
  return (
    <OrderAgainAction fill={fill} failure={(error) => errorMessage(error, 'Could not read the farm’s products; try again')} />
  );
}
