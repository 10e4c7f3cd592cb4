import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const ResourcesPage = lazyPage(() => import('./resources-page'));

export const routes: RouteObject[] = [{ path: '/resources', element: <ResourcesPage /> }];
