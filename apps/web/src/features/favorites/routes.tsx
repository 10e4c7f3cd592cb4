import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const FavoritesPage = lazyPage(() => import('./pages/favorites-page'));
const NoticeUnsubscribePage = lazyPage(() => import('./pages/notice-unsubscribe-page'));

// Open to everyone: guests and producers see the page's own explanation instead of a redirect; the
// notice mail's unsubscribe link works signed out, like the other e-mailed links.
export const routes: RouteObject[] = [
  { path: '/favorites', element: <FavoritesPage /> },
  { path: '/notices/unsubscribe/:token', element: <NoticeUnsubscribePage /> },
];
