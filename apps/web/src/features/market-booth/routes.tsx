import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const BoothPage = lazyPage(() => import('./pages/booth-page'));

/**
 * The market's info booth (issue 48 item 3): a manager's or volunteer's phone at the booth. Any
 * signed-in account opens the page; the server lets only the market's staff read and write it.
 */
export const routes: RouteObject[] = [
  {
    path: '/market-office/:id/booth',
    element: (
      <RequireAuth>
        <BoothPage />
      </RequireAuth>
    ),
  },
];
