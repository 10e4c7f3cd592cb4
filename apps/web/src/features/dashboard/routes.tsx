import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));

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
