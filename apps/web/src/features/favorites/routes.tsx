import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const NoticeUnsubscribePage = lazyPage(() => import('./pages/notice-unsubscribe-page'));

// The notice mail's unsubscribe link works signed out, like the other e-mailed links (the favorites
// page itself shows the producers feature's cards: it is composed in app/pages/routes.tsx).
export const routes: RouteObject[] = [{ path: '/notices/unsubscribe/:token', element: <NoticeUnsubscribePage /> }];
