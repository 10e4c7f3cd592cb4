import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const OrdersPage = lazyPage(() => import('./pages/orders-page'));
const CheckoutPage = lazyPage(() => import('./pages/checkout-page'));
const UnsubscribePage = lazyPage(() => import('./pages/unsubscribe-page'));

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
  // Open to everyone, like the other e-mailed links: a pickup reminder's unsubscribe link.
  { path: '/reminders/unsubscribe/:token', element: <UnsubscribePage /> },
  {
    path: '/checkout/:producerId',
    element: (
      <RequireAuth>
        <CheckoutPage />
      </RequireAuth>
    ),
  },
];
