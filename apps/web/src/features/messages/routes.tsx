import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const MessagesPage = lazyPage(() => import('./pages/messages-page'));

export const routes: RouteObject[] = [
  {
    path: '/messages',
    element: (
      <RequireAuth>
        <MessagesPage />
      </RequireAuth>
    ),
  },
];
