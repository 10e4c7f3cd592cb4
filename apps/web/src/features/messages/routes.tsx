import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';

const MessagesPage = lazy(() => import('./pages/messages-page'));

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
