import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const ProductsPage = lazyPage(() => import('./pages/products-page'));
const ProductPage = lazyPage(() => import('./pages/product-page'));

export const routes: RouteObject[] = [
  { path: '/products', element: <ProductsPage /> },
  { path: '/product/:id', element: <ProductPage /> },
];
