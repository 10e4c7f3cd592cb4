import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ProductsPage = lazy(() => import('./pages/products-page'));
const ProductPage = lazy(() => import('./pages/product-page'));

export const routes: RouteObject[] = [
  { path: '/products', element: <ProductsPage /> },
  { path: '/product/:id', element: <ProductPage /> },
];
