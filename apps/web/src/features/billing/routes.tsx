import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';

const BillingPage = lazy(() => import('./pages/billing-page'));

// Any signed-in user may open it: non-producers get the page's own explanation and a way on.
export const routes: RouteObject[] = [
  {
    path: '/billing',
    element: (
      <RequireAuth>
        <BillingPage />
      </RequireAuth>
    ),
  },
];
