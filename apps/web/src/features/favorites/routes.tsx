import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const FavoritesPage = lazyPage(() => import('./pages/favorites-page'));

// Open to everyone: guests and producers see the page's own explanation instead of a redirect.
export const routes: RouteObject[] = [{ path: '/favorites', element: <FavoritesPage /> }];
