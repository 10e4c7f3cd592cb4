import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const HelpersPage = lazyPage(() => import('./pages/helpers-page'));
const JoinStandPage = lazyPage(() => import('./pages/join-page'));

/** Stand helpers (decision 579): the farm's list and invitations, and the invitation link's page. */
export const routes: RouteObject[] = [
  {
    path: '/stand/helpers',
    element: (
      <RequireAuth roles={['producer']}>
        <HelpersPage />
      </RequireAuth>
    ),
  },
  // The helper's invitation link: a guest page (the link itself is the proof).
  { path: '/stand/join', element: <JoinStandPage /> },
];
