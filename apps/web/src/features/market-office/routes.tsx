import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const MyMarketsPage = lazyPage(() => import('./pages/my-markets-page'));
const MarketOfficePage = lazyPage(() => import('./pages/market-office-page'));
const PickupDayPage = lazyPage(() => import('./pages/pickup-day-page'));

/**
 * The market office (issue 48, decision 581): the markets I help run, and one market's office for
 * its managers. The info booth (/market-office/:id/booth) is the market-booth feature's page; the
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
  {
    path: '/market-office/:id',
    element: (
      <RequireAuth>
        <MarketOfficePage />
      </RequireAuth>
    ),
  },
  {
    // The market's pickup day (issue 49) for its booth volunteers too (the office is the managers').
    path: '/market-office/:id/pickup-day',
    element: (
      <RequireAuth>
        <PickupDayPage />
      </RequireAuth>
    ),
  },
];
