import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { RequireAuth } from '../guards';

const ProductPage = lazyPage(() => import('./product-page'));
const PublicProducerPage = lazyPage(() => import('./producer-page'));
const ProfilePage = lazyPage(() => import('./profile-page'));
const AdminPage = lazyPage(() => import('./admin-page'));
const SearchPage = lazyPage(() => import('./search-page'));
const CheckoutPage = lazyPage(() => import('./checkout-page'));
const OrdersPage = lazyPage(() => import('./orders-page'));
const FavoritesPage = lazyPage(() => import('./favorites-page'));
const MarketPage = lazyPage(() => import('./market-page'));
const MarketOfficePage = lazyPage(() => import('./market-office-page'));

/**
 * The pages that show parts of several features: each feature's page takes the others' parts as
 * props, composed here (a feature never imports another).
 */
export const routes: RouteObject[] = [
  { path: '/product/:id', element: <ProductPage /> },
  // /producer/{id} and /producers/{id} are the same public page (spec 01 §2).
  { path: '/producer/:id', element: <PublicProducerPage /> },
  { path: '/producers/:id', element: <PublicProducerPage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '/markets/:slug', element: <MarketPage /> },
  {
    path: '/market-office/:id',
    element: (
      <RequireAuth>
        <MarketOfficePage />
      </RequireAuth>
    ),
  },
  // Open to everyone: guests and producers see the page's own explanation instead of a redirect.
  { path: '/favorites', element: <FavoritesPage /> },
  {
    path: '/profile',
    element: (
      <RequireAuth>
        <ProfilePage />
      </RequireAuth>
    ),
  },
  {
    path: '/orders',
    element: (
      <RequireAuth>
        <OrdersPage />
      </RequireAuth>
    ),
  },
  {
    path: '/checkout/:producerId',
    element: (
      <RequireAuth>
        <CheckoutPage />
      </RequireAuth>
    ),
  },
  {
    path: '/admin',
    // Signed-in non-admins stay here and see Access Denied (spec 02 §2); the server enforces every call.
    element: (
      <RequireAuth>
        <AdminPage />
      </RequireAuth>
    ),
  },
];
