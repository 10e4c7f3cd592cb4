import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const PricingPage = lazyPage(() => import('./pricing-page'));

export const routes: RouteObject[] = [{ path: '/pricing', element: <PricingPage /> }];
