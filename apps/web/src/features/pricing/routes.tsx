import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PricingPage = lazy(() => import('./pricing-page'));

export const routes: RouteObject[] = [{ path: '/pricing', element: <PricingPage /> }];
