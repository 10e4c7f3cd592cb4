import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { RequireAuth } from '../guards';

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
