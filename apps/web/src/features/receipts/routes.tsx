import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const ReceiptPage = lazyPage(() => import('./pages/receipt-page'));

/** A stand sale's receipt by the link the farm texted (decision 580): anyone with the link, signed in or not. */
export const routes: RouteObject[] = [{ path: '/receipt/:token', element: <ReceiptPage /> }];
