import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

// The map page's own chunk has no Leaflet: that loads on the first interaction with the map.
const MapPage = lazyPage(() => import('./pages/map-page'));

/** The map popup opens /producers/{id}; it is the same public profile as /producer/{id} (spec 01 §2). */
function ProducersAlias() {
  const { id } = useParams();
  return <Navigate to={`/producer/${id}`} replace />;
}

export const routes: RouteObject[] = [
  // Full screen: the layout gives the page the viewport below the header, with no footer. Its toasts
  // show at the bottom, clear of the panel's search box and Go button (app/toaster.tsx).
  { path: '/map', element: <MapPage />, handle: { fullScreen: true, toasts: 'bottom' } },
  { path: '/producers/:id', element: <ProducersAlias /> },
];
