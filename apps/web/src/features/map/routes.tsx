import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

// Leaflet and the cluster plugin load only with this page, keeping the home page bundle small.
const MapPage = lazyPage(() => import('./pages/map-page'));

/** The map popup opens /producers/{id}; it is the same public profile as /producer/{id} (spec 01 §2). */
function ProducersAlias() {
  const { id } = useParams();
  return <Navigate to={`/producer/${id}`} replace />;
}

export const routes: RouteObject[] = [
  { path: '/map', element: <MapPage /> },
  { path: '/producers/:id', element: <ProducersAlias /> },
];
