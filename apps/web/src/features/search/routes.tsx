import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const SearchPage = lazyPage(() => import('./pages/search-page'));

export const routes: RouteObject[] = [{ path: '/search', element: <SearchPage /> }];
