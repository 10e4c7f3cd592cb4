import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SearchPage = lazy(() => import('./pages/search-page'));

export const routes: RouteObject[] = [{ path: '/search', element: <SearchPage /> }];
