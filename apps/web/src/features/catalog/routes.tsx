import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const ProductsPage = lazyPage(() => import('./pages/products-page'));

/** /product/{id} shows parts of other features: composed in app/pages/routes.tsx. */
export const routes: RouteObject[] = [{ path: '/products', element: <ProductsPage /> }];
