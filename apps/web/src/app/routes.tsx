import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError, ShellError } from './route-error';

/**
 * Each feature folder may have a `routes.tsx` exporting `routes: RouteObject[]` (its pages, loaded
 * lazily), so features add pages without editing a shared list. The pages that compose several
 * features (a feature never imports another) are listed the same way in a folder of `app/`. The
 * catch-all not-found route comes last.
 */
const featureRoutes = import.meta.glob<{ routes: RouteObject[] }>(['../features/*/routes.tsx', './*/routes.tsx'], {
  eager: true,
});

const pages = Object.entries(featureRoutes)
  // A plain comparison: localeCompare builds a collator, which cost ~25 ms of start-up on a phone.
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .flatMap(([, module]) => module.routes);

/**
 * The pathless middle route catches any page's render error inside the layout, so the shell stays
 * and the rest of the app keeps working; the outer one catches the layout's own.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ShellError />,
    children: [{ errorElement: <RouteError />, children: pages.sort(notFoundLast) }],
  },
];

function notFoundLast(a: RouteObject, b: RouteObject): number {
  return Number(a.path === '*') - Number(b.path === '*');
}
