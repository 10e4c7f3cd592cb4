import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/guards';
import { lazyPage } from '../../lib/lazy-page';

const AdminPage = lazyPage(() => import('./pages/admin-page'));

export const routes: RouteObject[] = [
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
