import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ResourcesPage = lazy(() => import('./resources-page'));

export const routes: RouteObject[] = [{ path: '/resources', element: <ResourcesPage /> }];
