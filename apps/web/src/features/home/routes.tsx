import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const HomePage = lazyPage(() => import('./home-page'));

export const routes: RouteObject[] = [{ path: '/', element: <HomePage /> }];
