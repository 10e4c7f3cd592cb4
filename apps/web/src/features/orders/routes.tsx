import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const UnsubscribePage = lazyPage(() => import('./pages/unsubscribe-page'));

/**
 * /orders (a shopper's reservations) shows parts of other features: composed in
 * app/pages/routes.tsx, like /checkout/{producerUserId}.
 */
export const routes: RouteObject[] = [
  // Open to everyone, like the other e-mailed links: a pickup reminder's unsubscribe link.
  { path: '/reminders/unsubscribe/:token', element: <UnsubscribePage /> },
];
