import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import L from 'leaflet';
import { type ReactNode, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import {
  clusterHtml,
  clusterLabel,
  clusterSize,
  MAP_KEYS,
  MARKET_MARKER_HTML,
  MARKET_MARKER_SIZE,
  marketMarkerTitle,
  PRODUCER_MARKER_SIZE,
  producerMarkerHtml,
  producerMarkerTitle,
  USER_MARKER_HTML,
  USER_MARKER_SIZE,
} from '../marker-look';
import type { MapMarket, MapProducer } from '../types';
import { MarketPopup } from './market-popup';
import { ProducerPopup } from './producer-popup';

const markerIcon = (verified: boolean) =>
  L.divIcon({
    className: '',
    html: producerMarkerHtml(verified),
    iconSize: [PRODUCER_MARKER_SIZE, PRODUCER_MARKER_SIZE],
    iconAnchor: [PRODUCER_MARKER_SIZE / 2, PRODUCER_MARKER_SIZE / 2],
    popupAnchor: [0, -PRODUCER_MARKER_SIZE / 2],
  });
const ICONS = { verified: markerIcon(true), unverified: markerIcon(false) };
export const USER_ICON = L.divIcon({
  className: '',
  html: USER_MARKER_HTML,
  iconSize: [USER_MARKER_SIZE, USER_MARKER_SIZE],
  iconAnchor: [USER_MARKER_SIZE / 2, USER_MARKER_SIZE / 2],
  popupAnchor: [0, -USER_MARKER_SIZE / 2],
});

const MARKET_ICON = L.divIcon({
  className: '',
  html: MARKET_MARKER_HTML,
  iconSize: [MARKET_MARKER_SIZE, MARKET_MARKER_SIZE],
  iconAnchor: [MARKET_MARKER_SIZE / 2, MARKET_MARKER_SIZE / 2],
  popupAnchor: [0, -MARKET_MARKER_SIZE / 2],
});

/** The popup's React content, rendered only when a marker is opened (20,000 popups up front would be slow). */
function popupContent(content: ReactNode): HTMLElement {
  const element = document.createElement('div');
  const root = createRoot(element);
  flushSync(() => root.render(content));
  return element;
}

/**
 * Leaflet names a keyboard marker only by its content ('✓'); the label gives it the farm's name, and
 * the key lets the static first view hand its focus over.
 */
export function labelMarker(marker: L.Marker, label: string, key: string) {
  const setLabel = () => {
    marker.getElement()?.setAttribute('aria-label', label);
    marker.getElement()?.setAttribute('data-map-key', key);
  };
  marker.on('add', setLabel);
  setLabel();
  return marker;
}

function producerMarker(producer: MapProducer) {
  const title = producerMarkerTitle(producer);
  const marker = L.marker([producer.lat, producer.lng], {
    icon: producer.verified ? ICONS.verified : ICONS.unverified,
    title,
    alt: producer.farm_name,
    keyboard: true,
  }).bindPopup(() => popupContent(<ProducerPopup producer={producer} />), { minWidth: 224 });
  return labelMarker(marker, title, MAP_KEYS.producer(producer));
}

type ClusterGroup = L.FeatureGroup & { addLayers(layers: L.Layer[]): ClusterGroup };

/**
 * Markers are built as plain Leaflet objects and handed to the cluster group in one chunked call,
 * not as one React component each: that keeps 20,000 producers smooth. Its clusters look like the
 * server's (marker-look.ts).
 */
export function ClientClusteredMarkers({ producers }: { producers: MapProducer[] }) {
  const groupRef = useRef<ClusterGroup | null>(null);
  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    group.clearLayers();
    group.addLayers(producers.map(producerMarker));
  }, [producers]);
  return (
    <MarkerClusterGroup
      ref={groupRef as never}
      chunkedLoading
      showCoverageOnHover={false}
      maxClusterRadius={60}
      iconCreateFunction={(cluster: { getChildCount(): number }) => clusterIcon(cluster.getChildCount())}
    >
      {null}
    </MarkerClusterGroup>
  );
}

/**
 * Producers the server already clustered by viewport: each is its own marker, no
 * client clustering, so the map never holds more than one viewport's answer. A producer still in
 * the new answer keeps its marker: replacing every marker after each pan closed the open popup
 * whenever opening it panned the map (autoPan near an edge asks for the new viewport).
 */
export function PlainMarkers({ producers }: { producers: MapProducer[] }) {
  const map = useMap();
  const shown = useRef(new Map<number, { marker: L.Marker; producer: string }>());
  useEffect(() => {
    const next = new Map<number, { marker: L.Marker; producer: string }>();
    for (const producer of producers) {
      const json = JSON.stringify(producer);
      const current = shown.current.get(producer.id);
      next.set(
        producer.id,
        current?.producer === json ? current : { marker: producerMarker(producer).addTo(map), producer: json },
      );
    }
    for (const [id, { marker }] of shown.current) if (next.get(id)?.marker !== marker) marker.remove();
    shown.current = next;
  }, [map, producers]);
  useEffect(
    () => () => {
      for (const { marker } of shown.current.values()) marker.remove();
      shown.current = new Map();
    },
    [],
  );
  return null;
}

function clusterIcon(count: number) {
  const size = clusterSize(count);
  return L.divIcon({
    className: '',
    html: clusterHtml(count),
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Server clusters: buttons (Leaflet gives keyboard markers role=button) that zoom into their producers. */
export function ClusterMarkers({ clusters }: { clusters: ProducerMapCluster[] }) {
  const map = useMap();
  useEffect(() => {
    const layer = L.layerGroup(
      clusters.map((cluster) => {
        const label = clusterLabel(cluster.count);
        const marker = L.marker([cluster.lat, cluster.lng], { icon: clusterIcon(cluster.count), title: label, keyboard: true });
        labelMarker(marker, label, MAP_KEYS.cluster(cluster));
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

/**
 * The farmers markets, each its own pin (never clustered with the farms): a keyboard button like a
 * farm's, whose popup links to the market's page. Above the farms, so a farm at the market's
 * address never hides it.
 */
export function MarketMarkers({ markets }: { markets: MapMarket[] }) {
  const map = useMap();
  useEffect(() => {
    const layer = L.layerGroup(
      markets.map((market) => {
        const title = marketMarkerTitle(market);
        const marker = L.marker([market.lat, market.lng], {
          icon: MARKET_ICON,
          title,
          alt: market.name,
          keyboard: true,
          zIndexOffset: 1000,
        }).bindPopup(() => popupContent(<MarketPopup market={market} />), { minWidth: 224 });
        // Opened from the keyboard (the pin had the focus), the popup takes it, so its link is the next
        // key press; closed with Escape, the focus goes back to the pin instead of the page's start.
        marker.on('popupopen', (event) => {
          if (document.activeElement === marker.getElement())
            event.popup.getElement()?.querySelector('a')?.focus({ preventScroll: true });
        });
        marker.on('popupclose', (event) => {
          if (event.popup.getElement()?.contains(document.activeElement)) marker.getElement()?.focus({ preventScroll: true });
        });
        return labelMarker(marker, title, MAP_KEYS.market(market));
      }),
    );
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, markets]);
  return null;
}
