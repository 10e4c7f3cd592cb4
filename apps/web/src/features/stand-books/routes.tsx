import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const DayBooksPage = lazyPage(() => import('./pages/day-books-page'));

/** The stand's day books (issue 47 item 6), for the farm and its stand helpers (decision 579). */
export const routes: RouteObject[] = [
  {
    path: '/stand/day',
    element: (
      <RequireAuth roles={['producer', 'stand_helper']}>
        <DayBooksPage />
      </RequireAuth>
    ),
  },
];
