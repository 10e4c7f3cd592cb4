import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const StandingSkipPage = lazyPage(() => import('./pages/standing-skip-page'));

export const routes: RouteObject[] = [
  // A standing reservation's reminder: skip that one pickup without signing in (open to everyone).
  { path: '/standing/skip/:token', element: <StandingSkipPage /> },
];
