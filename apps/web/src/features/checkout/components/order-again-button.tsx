import { todayDateOnly } from '@farmstand/shared/format/date-only';
import type { Order } from '@farmstand/shared/schemas/orders';
import type { Product } from '@farmstand/shared/schemas/products';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { itemsFrom, OrderAgainDialog } from '@/components/ui/order-again-dialog';
import { ApiError, api, errorMessage } from '@/lib/api';
import { addToBasket } from '../basket';
import { type OrderAgain, orderAgain } from '../order-again';

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
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrderAgain | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const ids = [...new Set(order.items.map((i) => i.product_id).filter((id): id is number => id !== null))];
      const products = new Map(await Promise.all(ids.map(async (id) => [id, await listed(id)] as const)));
      const again = orderAgain(order, products, todayDateOnly());
      for (const line of again.lines)
        addToBasket({ producerUserId: order.producer.user_id, farmName: order.producer.farm_name }, line);
      setResult(again);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not read the farm’s products; try again'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" isLoading={busy} onClick={run}>
        Order again
      </Button>
      <FormError className="w-full">{error}</FormError>
      {result && (
        <OrderAgainDialog
          summary={
            result.lines.length === 0
              ? `Nothing from order #${order.id} can be reserved today.`
              : `${itemsFrom(result.lines, `order #${order.id}`)} in your basket for ${order.producer.farm_name}.`
          }
          changes={result.changes}
          next={result.lines.length > 0 ? { to: `/checkout/${order.producer.user_id}`, label: 'Check out' } : null}
          onClose={() => setResult(null)}
        />
      )}
    </>
  );
}
