import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const MarketsPage = lazyPage(() => import('./pages/markets-page'));

/** The shoppers' side of the markets (issue 48 item 6): the list (each market's page, with the basket, is composed in app/pages). */
export const routes: RouteObject[] = [{ path: '/markets', element: <MarketsPage /> }];
