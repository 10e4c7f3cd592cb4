import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const StandPage = lazyPage(() => import('./pages/stand-page'));
const SelfCheckoutPage = lazyPage(() => import('./pages/self-checkout-page'));

/**
 * Stand mode (issue 47): the farm's phone register at the booth or farm stand, for its own producer
 * account and the stand helpers it invites (decision 579; inviting them is `features/stand-helpers`),
 * who see only this.
 */
export const routes: RouteObject[] = [
  {
    path: '/stand',
    element: (
      <RequireAuth roles={['producer', 'stand_helper']}>
        <StandPage />
      </RequireAuth>
    ),
  },
  // The unattended stand's tablet: no site header or menus, staff tools behind the device's PIN.
  {
    path: '/stand/self',
    handle: { bare: true },
    element: (
      <RequireAuth roles={['producer', 'stand_helper']}>
        <SelfCheckoutPage />
      </RequireAuth>
    ),
  },
];
