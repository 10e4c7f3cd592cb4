import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const OrdersPage = lazyPage(() => import('./pages/orders-page'));
const UnsubscribePage = lazyPage(() => import('./pages/unsubscribe-page'));
const StandingSkipPage = lazyPage(() => import('./pages/standing-skip-page'));

/**
 * /orders: a shopper's reservations. /checkout/{producerUserId} (one farm's basket) shows a part of
 * another feature: composed in app/pages/routes.tsx.
 */
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
  // A standing reservation's reminder: skip that one pickup without signing in.
  { path: '/standing/skip/:token', element: <StandingSkipPage /> },
];
