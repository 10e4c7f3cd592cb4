import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import '../map.css';
import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, ZoomControl } from 'react-leaflet';
import { useTheme } from '@/shared/theme-context';
import { MAP_KEYS, USER_MARKER_TITLE } from '../marker-look';
import { MAX_ZOOM, TILES } from '../tiles';
import type { LatLng, MapMarket, MapProducer, MapViewport } from '../types';
import { ClientClusteredMarkers, ClusterMarkers, labelMarker, MarketMarkers, PlainMarkers, USER_ICON } from './leaflet-markers';
import { Viewport, ViewportReporter, WhenReady } from './leaflet-viewport';
import { MapAttribution } from './map-attribution';

/**
 * On high-density screens (most phones) each 256 px tile is drawn in a 128 px box from the next zoom
 * level, so the map is as sharp as the screen; one zoom level fewer is available natively, the
 * deepest level is enlarged from the one above. `web-mercator.ts` places the static view's tiles alike.
 */
const TILE_DENSITY = L.Browser.retina
  ? { detectRetina: true, maxZoom: MAX_ZOOM + 1, maxNativeZoom: MAX_ZOOM - 1 }
  : { maxZoom: MAX_ZOOM };

/** Leaflet sizes its tile <img>s by style only; the attributes say it too, as on every image. */
const sizeTile = (event: L.TileEvent) => {
  const size = String((event.target as L.GridLayer).getTileSize().x);
  event.tile.setAttribute('width', size);
  event.tile.setAttribute('height', size);
};

// Module-level, so React calls it once per marker rather than on every render.
const labelUserMarker = (marker: L.Marker | null) => {
  if (marker) labelMarker(marker, USER_MARKER_TITLE, MAP_KEYS.userLocation);
};

type Props = {
  producers: MapProducer[];
  center: LatLng;
  zoom: number;
  userLocation?: LatLng | null;
  /** Fit the view to the producers (the /search map) instead of keeping the given centre. */
  fitToProducers?: boolean;
  className?: string;
  /**
   * Viewport mode (/map): the parent asks the server for this viewport (bbox, zoom) and passes the
   * server's clusters; producers are then drawn as plain markers, without client clustering.
   */
  onViewportChange?: (viewport: MapViewport) => void;
  clusters?: ProducerMapCluster[];
  /** The farmers markets' own pins (/map), when shown. */
  markets?: MapMarket[];
};

type LeafletMapProps = Props & {
  /** Once markers and controls are in place: /map's static first view hands over then. */
  onReady?: (container: HTMLElement) => void;
  /** When the first view's tiles have loaded. */
  onTilesLoaded?: () => void;
};

/** The Leaflet map alone, without the credit line: /map loads it on the first interaction. */
export function LeafletMap({
  producers,
  center,
  zoom,
  userLocation,
  fitToProducers = false,
  className = '',
  onViewportChange,
  clusters,
  markets,
  onReady,
  onTilesLoaded,
}: LeafletMapProps) {
  const { isDark } = useTheme();
  const tiles = isDark ? TILES.dark : TILES.light;
  return (
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={zoom}
      maxZoom={MAX_ZOOM}
      className={className}
      scrollWheelZoom
      zoomControl={false}
      // The attribution is page text under the map: inside it, its links covered markers at the bottom edge.
      attributionControl={false}
      aria-label="Map of producers"
    >
      {/* Bottom right: the top corners hold the filter panel. */}
      <ZoomControl position="bottomright" />
      <TileLayer
        key={tiles.url}
        url={tiles.url}
        {...TILE_DENSITY}
        eventHandlers={onTilesLoaded ? { load: onTilesLoaded, tileloadstart: sizeTile } : { tileloadstart: sizeTile }}
      />
      <Viewport center={center} zoom={zoom} fitTo={fitToProducers ? producers : undefined} />
      {onViewportChange ? (
        <>
          <ViewportReporter onChange={onViewportChange} />
          <PlainMarkers producers={producers} />
          <ClusterMarkers clusters={clusters ?? []} />
        </>
      ) : (
        <ClientClusteredMarkers producers={producers} />
      )}
      {markets && markets.length > 0 && <MarketMarkers markets={markets} />}
      {userLocation && (
        <Marker
          position={[userLocation.latitude, userLocation.longitude]}
          icon={USER_ICON}
          title={USER_MARKER_TITLE}
          // Below the producers: a farm at the searched place stays visible and clickable.
          zIndexOffset={-1000}
          ref={labelUserMarker}
        >
          <Popup>{USER_MARKER_TITLE}</Popup>
        </Marker>
      )}
      {onReady && <WhenReady onReady={onReady} />}
    </MapContainer>
  );
}

/** A Leaflet map with the tiles' credit under it (the /search map). */
export function ProducersMap({ className = '', ...props }: Props) {
  const { isDark } = useTheme();
  return (
    <div className={`flex flex-col ${className}`}>
      <LeafletMap {...props} className="min-h-0 w-full flex-1" />
      <MapAttribution carto={isDark} />
    </div>
  );
}
