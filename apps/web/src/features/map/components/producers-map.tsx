import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import '../map.css';
import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MapContainer, Marker, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { formatCount } from '../../../lib/format';
import { useTheme } from '../../theme/theme-context';
import type { LatLng, MapProducer } from '../types';
import { ProducerPopup } from './producer-popup';

/**
 * Tiles come from our own origin (the server's cached proxy, docs/decisions/167), so the page needs
 * no third-party host and an unreachable tile server shows a plain background, not errors.
 */
const TILES = {
  light: { url: '/tiles/light/{z}/{x}/{y}.png', carto: false },
  dark: { url: '/tiles/dark/{z}/{x}/{y}.png', carto: true },
};
const MAX_ZOOM = 19;
/**
 * On high-density screens (most phones) each 256 px tile is drawn in a 128 px box from the next zoom
 * level, so the map is as sharp as the screen; one zoom level fewer is available natively, the
 * deepest level is enlarged from the one above.
 */
const TILE_DENSITY = L.Browser.retina
  ? { detectRetina: true, maxZoom: MAX_ZOOM + 1, maxNativeZoom: MAX_ZOOM - 1 }
  : { maxZoom: MAX_ZOOM };

const markerIcon = (verified: boolean) =>
  L.divIcon({
    className: '',
    html: `<span class="producer-marker producer-marker--${verified ? 'verified' : 'unverified'}">${verified ? '✓' : ''}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    popupAnchor: [0, -15],
  });
const ICONS = { verified: markerIcon(true), unverified: markerIcon(false) };
const USER_ICON = L.divIcon({
  className: '',
  html: '<span class="user-location-marker"><span class="user-location-marker__dot"></span><span class="user-location-marker__label">You</span></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
  popupAnchor: [0, -11],
});

/** The popup's React content, rendered only when a marker is opened (20,000 popups up front would be slow). */
function popupContent(producer: MapProducer): HTMLElement {
  const element = document.createElement('div');
  const root = createRoot(element);
  flushSync(() => root.render(<ProducerPopup producer={producer} />));
  return element;
}

type ClusterGroup = L.FeatureGroup & { addLayers(layers: L.Layer[]): ClusterGroup };

/**
 * Markers are built as plain Leaflet objects and handed to the cluster group in one chunked call,
 * not as one React component each: that keeps 20,000 producers smooth.
 */
function ProducerMarkers({ producers }: { producers: MapProducer[] }) {
  const groupRef = useRef<ClusterGroup | null>(null);
  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    group.clearLayers();
    group.addLayers(
      producers.map((producer) =>
        L.marker([producer.lat, producer.lng], {
          icon: producer.verified ? ICONS.verified : ICONS.unverified,
          title: `${producer.farm_name}${producer.verified ? ' (verified)' : ''}`,
          alt: producer.farm_name,
          keyboard: true,
        }).bindPopup(() => popupContent(producer), { minWidth: 224 }),
      ),
    );
  }, [producers]);
  return (
    <MarkerClusterGroup ref={groupRef as never} chunkedLoading showCoverageOnHover={false} maxClusterRadius={60}>
      {null}
    </MarkerClusterGroup>
  );
}

/**
 * Producers the server already clustered by viewport (decision 122): each is its own marker, no
 * client clustering, so the map never holds more than one viewport's answer.
 */
function PlainMarkers({ producers }: { producers: MapProducer[] }) {
  const map = useMap();
  useEffect(() => {
    const layer = L.layerGroup(
      producers.map((producer) =>
        L.marker([producer.lat, producer.lng], {
          icon: producer.verified ? ICONS.verified : ICONS.unverified,
          title: `${producer.farm_name}${producer.verified ? ' (verified)' : ''}`,
          alt: producer.farm_name,
          keyboard: true,
        }).bindPopup(() => popupContent(producer), { minWidth: 224 }),
      ),
    );
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, producers]);
  return null;
}

/** Visual size of a cluster grows with its count (three steps), as marker-cluster plugins do. */
function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  const label = count >= 10_000 ? `${Math.round(count / 1000)}k` : formatCount(count);
  return L.divIcon({
    className: '',
    html: `<span class="producer-cluster" style="width:${size}px;height:${size}px">${label}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Server clusters: buttons (Leaflet gives keyboard markers role=button) that zoom into their producers. */
function ClusterMarkers({ clusters }: { clusters: ProducerMapCluster[] }) {
  const map = useMap();
  useEffect(() => {
    const layer = L.layerGroup(
      clusters.map((cluster) => {
        const label = `${formatCount(cluster.count)} producers here: zoom in`;
        const marker = L.marker([cluster.lat, cluster.lng], { icon: clusterIcon(cluster.count), title: label, keyboard: true });
        marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
        const zoomIn = () => {
          const [south, west, north, east] = cluster.bounds;
          map.fitBounds(
            [
              [south, west],
              [north, east],
            ],
            { padding: [48, 48], maxZoom: 16 },
          );
        };
        marker.on('click', zoomIn);
        // Leaflet turns Enter into a click only for popups: a button also answers Enter and Space.
        marker.on('keypress', (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
          if (key === 'Enter' || key === ' ') zoomIn();
        });
        return marker;
      }),
    );
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, clusters]);
  return null;
}

/** What the map shows: its bounds as the API's bbox (west,south,east,north) and its zoom. */
export type MapViewport = { bbox: string; zoom: number };

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/**
 * Reports the viewport once the map is ready and after every pan or zoom (moveend covers both).
 * The listener is attached once and stays: re-attached on every render (useMapEvents), React
 * detaches it while the sibling Viewport's effect re-centres the map after a found location, so
 * that move went unreported and the map kept asking for the old viewport.
 */
function ViewportReporter({ onChange }: { onChange: (viewport: MapViewport) => void }) {
  const map = useMap();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const report = () => {
      const bounds = map.getBounds();
      const bbox = [
        clamp(bounds.getWest(), -180, 180),
        clamp(bounds.getSouth(), -90, 90),
        clamp(bounds.getEast(), -180, 180),
        clamp(bounds.getNorth(), -90, 90),
      ]
        .map((value) => value.toFixed(4))
        .join(',');
      onChangeRef.current({ bbox, zoom: map.getZoom() });
    };
    map.on('moveend', report);
    map.whenReady(report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);
  return null;
}

/** Re-centres when asked (a found location), or fits the producers with 10 % padding. */
function Viewport({ center, zoom, fitTo }: { center: LatLng; zoom: number; fitTo?: MapProducer[] }) {
  const map = useMap();
  useEffect(() => {
    if (fitTo && fitTo.length > 0) {
      const bounds = L.latLngBounds(fitTo.map((p) => [p.lat, p.lng] as [number, number]));
      map.fitBounds(bounds.pad(0.1), { maxZoom: 14 });
      return;
    }
    map.setView([center.latitude, center.longitude], zoom);
  }, [map, center.latitude, center.longitude, zoom, fitTo]);
  return null;
}

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
};

export function ProducersMap({
  producers,
  center,
  zoom,
  userLocation,
  fitToProducers = false,
  className = '',
  onViewportChange,
  clusters,
}: Props) {
  const { isDark } = useTheme();
  const tiles = isDark ? TILES.dark : TILES.light;
  return (
    <div className={`flex flex-col ${className}`}>
      <MapContainer
        center={[center.latitude, center.longitude]}
        zoom={zoom}
        maxZoom={MAX_ZOOM}
        className="min-h-0 w-full flex-1"
        scrollWheelZoom
        zoomControl={false}
        // The attribution is page text under the map: inside it, its links covered markers at the bottom edge.
        attributionControl={false}
        aria-label="Map of producers"
      >
        {/* Bottom right: the top corners hold the filter panel. */}
        <ZoomControl position="bottomright" />
        <TileLayer key={tiles.url} url={tiles.url} {...TILE_DENSITY} />
        <Viewport center={center} zoom={zoom} fitTo={fitToProducers ? producers : undefined} />
        {onViewportChange ? (
          <>
            <ViewportReporter onChange={onViewportChange} />
            <PlainMarkers producers={producers} />
            <ClusterMarkers clusters={clusters ?? []} />
          </>
        ) : (
          <ProducerMarkers producers={producers} />
        )}
        {userLocation && (
          <Marker
            position={[userLocation.latitude, userLocation.longitude]}
            icon={USER_ICON}
            title="Your Location"
            // Below the producers: a farm at the searched place stays visible and clickable.
            zIndexOffset={-1000}
          >
            <Popup>Your Location</Popup>
          </Marker>
        )}
      </MapContainer>
      <MapAttribution carto={tiles.carto} />
    </div>
  );
}

/** The credit the tile data's licence asks for (ODbL; CARTO's style for the dark map), as a line under the map. */
export function MapAttribution({ carto }: { carto: boolean }) {
  const link = 'underline hover:text-stone-900 dark:hover:text-white';
  return (
    <p className="bg-white px-2 py-0.5 text-right text-xs leading-5 text-stone-700 dark:bg-stone-950 dark:text-stone-300">
      Map data &copy;{' '}
      <a href="https://www.openstreetmap.org/copyright" className={link} target="_blank" rel="noreferrer">
        OpenStreetMap
      </a>{' '}
      contributors
      {carto && (
        <>
          , style &copy;{' '}
          <a href="https://carto.com/attributions" className={link} target="_blank" rel="noreferrer">
            CARTO
          </a>
        </>
      )}
    </p>
  );
}
