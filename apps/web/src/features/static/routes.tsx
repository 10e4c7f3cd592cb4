import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NotFoundPage = lazy(() => import('./not-found-page'));

export const routes: RouteObject[] = [{ path: '*', element: <NotFoundPage /> }];
