import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const BillingPage = lazyPage(() => import('./pages/billing-page'));
const PricingPage = lazyPage(() => import('./pages/pricing-page'));

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
  { path: '/pricing', element: <PricingPage /> },
];
