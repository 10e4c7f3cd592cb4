import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const MyMarketsPage = lazyPage(() => import('./pages/my-markets-page'));

/**
 * The market office (issue 48, decision 581): the markets I help run, and one market's office for
 * its managers (composed with the pickup day in app/pages/market-office-page.tsx). The info booth (/market-office/:id/booth) is the market-booth feature's page; the
 * server checks the market role on every call.
 */
export const routes: RouteObject[] = [
  {
    path: '/market-office',
    element: (
      <RequireAuth>
        <MyMarketsPage />
      </RequireAuth>
    ),
  },
];
