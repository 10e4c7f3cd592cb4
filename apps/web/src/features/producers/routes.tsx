import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';

const ProfilePage = lazy(() => import('./pages/profile-page'));
const PublicProducerPage = lazy(() => import('./pages/public-producer-page'));

/** /profile is the producer's own area; /producer/{id} and /producers/{id} are the same public page (spec 01 §2). */
export const routes: RouteObject[] = [
  {
    path: '/profile',
    element: (
      <RequireAuth>
        <ProfilePage />
      </RequireAuth>
    ),
  },
  { path: '/producer/:id', element: <PublicProducerPage /> },
  { path: '/producers/:id', element: <PublicProducerPage /> },
];
