import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const BooksPage = lazyPage(() => import('./pages/books-page'));

/** The farm's books out (issue 50 items 3–5): its own account only. */
export const routes: RouteObject[] = [
  {
    path: '/farm/books',
    element: (
      <RequireAuth roles={['producer']}>
        <BooksPage />
      </RequireAuth>
    ),
  },
];
