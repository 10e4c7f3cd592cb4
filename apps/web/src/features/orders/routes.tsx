import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const OrdersPage = lazyPage(() => import('./pages/orders-page'));
const CheckoutPage = lazyPage(() => import('./pages/checkout-page'));

/** /orders: a shopper's reservations; /checkout/{producerUserId}: one farm's basket. */
export const routes: RouteObject[] = [
  {
    path: '/orders',
    element: (
      <RequireAuth>
        <OrdersPage />
      </RequireAuth>
    ),
  },
  {
    path: '/checkout/:producerId',
    element: (
      <RequireAuth>
        <CheckoutPage />
      </RequireAuth>
    ),
  },
];
