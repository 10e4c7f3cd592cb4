import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';
import { lazyPage } from '../../lib/lazy-page';

const ProfilePage = lazyPage(() => import('./pages/profile-page'));
const PublicProducerPage = lazyPage(() => import('./pages/public-producer-page'));

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
