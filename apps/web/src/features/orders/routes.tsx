import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';

const OrdersPage = lazy(() => import('./pages/orders-page'));
const CheckoutPage = lazy(() => import('./pages/checkout-page'));

/** /orders: a shopper's reservations; /checkout/{producerUserId}: one farm's basket (issue 13). */
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
