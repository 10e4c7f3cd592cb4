import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const MarketsPage = lazyPage(() => import('./pages/markets-page'));
const MarketPage = lazyPage(() => import('./pages/market-page'));

/** The shoppers' side of the markets (issue 48 item 6): the list and each market's page. */
export const routes: RouteObject[] = [
  { path: '/markets', element: <MarketsPage /> },
  { path: '/markets/:slug', element: <MarketPage /> },
];
