import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const MarketBasketPage = lazyPage(() => import('./pages/market-basket-page'));
const MarketOrderPage = lazyPage(() => import('./pages/market-order-page'));

/**
 * One basket at the market (issue 49): the basket's checkout (a guest fills the basket on the
 * market's page and signs in to place it: the basket stays in the browser) and a market order.
 */
export const routes: RouteObject[] = [
  {
    path: '/markets/:slug/basket',
    element: (
      <RequireAuth>
        <MarketBasketPage />
      </RequireAuth>
    ),
  },
  {
    path: '/market-orders/:id',
    element: (
      <RequireAuth>
        <MarketOrderPage />
      </RequireAuth>
    ),
  },
];
