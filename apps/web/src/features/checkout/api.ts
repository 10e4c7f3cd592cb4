import type { Order, PlaceOrderRequest } from '@farmstand/shared/schemas/orders';
import type { ProductDayLeft } from '@farmstand/shared/schemas/pickup';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORDERS_KEY, PICKUP_KEY, useRefreshingMutation } from '@/lib/queries';

/** Sends one farm's basket as an order: it fills a pickup window too. */
export const usePlaceOrder = () =>
  useRefreshingMutation(
    (input: PlaceOrderRequest) => api.post<{ message: string; order: Order }>('/orders', input),
    [ORDERS_KEY, PICKUP_KEY],
  );

/** What the product's day limit leaves at each of the farm's places (decision 543). */
export function useDayLeft(producerUserId: number, productId: number) {
  return useQuery({
    queryKey: [...PICKUP_KEY, 'producer', producerUserId, 'day-left', productId],
    queryFn: () => api.get<ProductDayLeft>(`/pickup/producers/${producerUserId}/products/${productId}/day-left`),
  });
}
