import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const PickupDayPage = lazyPage(() => import('./pages/pickup-day-page'));

/** The market's pickup day (issue 49) for its booth volunteers too (the office, with it as a tab, is the managers'). */
export const routes: RouteObject[] = [
  {
    path: '/market-office/:id/pickup-day',
    element: (
      <RequireAuth>
        <PickupDayPage />
      </RequireAuth>
    ),
  },
];
