import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const FavoritesPage = lazy(() => import('./pages/favorites-page'));

// Open to everyone: guests and producers see the page's own explanation instead of a redirect.
export const routes: RouteObject[] = [{ path: '/favorites', element: <FavoritesPage /> }];
