import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const HomePage = lazy(() => import('./home-page'));

export const routes: RouteObject[] = [{ path: '/', element: <HomePage /> }];
