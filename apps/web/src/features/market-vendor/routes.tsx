import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const MarketsPage = lazyPage(() => import('./pages/markets-page'));
const ReportPage = lazyPage(() => import('./pages/report-page'));
const StatementPage = lazyPage(() => import('./pages/statement-page'));

/** A farm's side of its farmers markets (issue 48): its markets, a market day's report, its statement. */
export const routes: RouteObject[] = [
  {
    path: '/farm/markets',
    element: (
      <RequireAuth roles={['producer']}>
        <MarketsPage />
      </RequireAuth>
    ),
  },
  {
    path: '/farm/markets/:id/report/:date',
    element: (
      <RequireAuth roles={['producer']}>
        <ReportPage />
      </RequireAuth>
    ),
  },
  {
    path: '/farm/markets/:id/statement',
    element: (
      <RequireAuth roles={['producer']}>
        <StatementPage />
      </RequireAuth>
    ),
  },
];
