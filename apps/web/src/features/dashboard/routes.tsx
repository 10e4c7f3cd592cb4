import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';
import { lazyPage } from '../../lib/lazy-page';

const DashboardPage = lazyPage(() => import('./pages/dashboard-page'));

export const routes: RouteObject[] = [
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <DashboardPage />
      </RequireAuth>
    ),
  },
];
