import '../map.css';
import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTheme } from '@/shared/theme-context';
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
  USER_MARKER_TITLE,
} from '../marker-look';
import { isHighDensityScreen, TILES, tileUrl } from '../tiles';
import type { LatLng, MapMarket, MapProducer, MapViewport } from '../types';
import { pointInView, type Size, type StaticViewport, TILE_GRIDS, tilesInView, viewportAt } from '../web-mercator';

type Props = {
  center: LatLng;
  zoom: number;
  producers: MapProducer[];
  clusters: ProducerMapCluster[];
  markets: MapMarket[];
  userLocation?: LatLng | null;
  onViewportChange: (viewport: MapViewport) => void;
  /** The person reached for the map; `clicked` is the key of the marker or button they pressed. */
  onActivate: (clicked: string | null) => void;
  /** While Leaflet draws its first tiles over this view, only the tiles stay, as a backdrop. */
  tilesOnly: boolean;
};

const INTERACTIONS = ['pointerdown', 'wheel', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * The first view of /map without Leaflet (docs/decisions/240): the viewport's tiles and markers as
 * plain positioned elements, placed with Leaflet's own Web-Mercator maths. Leaflet's evaluation and
 * first layout were one 770 ms task on a throttled phone; this view costs a few milliseconds, and
 * Leaflet loads when the person first reaches for the map.
 */
export function StaticMap({
  center,
  zoom,
  producers,
  clusters,
  markets,
  userLocation,
  onViewportChange,
  onActivate,
  tilesOnly,
}: Props) {
  const ref = useRef<HTMLElement>(null);
  const size = useElementSize(ref);
  const view = size ? viewportAt(center, zoom, size) : null;

  const onViewportChangeRef = useRef(onViewportChange);
  onViewportChangeRef.current = onViewportChange;
  const bbox = view?.bbox;
  useEffect(() => {
    if (bbox) onViewportChangeRef.current({ bbox, zoom });
  }, [bbox, zoom]);

  const onActivateRef = useRef(onActivate);
  onActivateRef.current = onActivate;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const activate = (event: Event) => onActivateRef.current(pressedKey(event));
    for (const type of INTERACTIONS) element.addEventListener(type, activate, { passive: true });
    return () => {
      for (const type of INTERACTIONS) element.removeEventListener(type, activate);
    };
  }, []);

  return (
    <section
      ref={ref}
      className="static-map"
      data-map-key={MAP_KEYS.map}
      // Like Leaflet's container: focusable (arrow keys pan once Leaflet has loaded) and named.
      tabIndex={tilesOnly ? -1 : 0}
      aria-label="Map of producers"
      aria-hidden={tilesOnly || undefined}
    >
      {view && <StaticTiles view={view} />}
      {view && !tilesOnly && (
        <StaticMarkers
          view={view}
          producers={producers}
          clusters={clusters}
          markets={markets}
          userLocation={userLocation}
          onPress={(key) => onActivateRef.current(key)}
        />
      )}
      {!tilesOnly && (
        <div className="static-map__zoom">
          <button
            type="button"
            data-map-key={MAP_KEYS.zoomIn}
            title="Zoom in"
            aria-label="Zoom in"
            onClick={() => onActivate(MAP_KEYS.zoomIn)}
          >
            <span aria-hidden="true">+</span>
          </button>
          <button
            type="button"
            data-map-key={MAP_KEYS.zoomOut}
            title="Zoom out"
            aria-label="Zoom out"
            onClick={() => onActivate(MAP_KEYS.zoomOut)}
          >
            <span aria-hidden="true">&#x2212;</span>
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The marker or zoom button a primary pointer went down on: the press is taken then, not at its
 * click. Leaflet can finish loading between the pointer going down and coming up (one input task
 * each), and the handover then removes the static button before its click fires, so a press read
 * only at click was lost (the zoom-in e2e test failed now and then on a busy machine).
 */
function pressedKey(event: Event): string | null {
  if (event.type !== 'pointerdown' || (event as PointerEvent).button !== 0) return null;
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button[data-map-key]') : null;
  return target?.dataset.mapKey ?? null;
}

/** The element's client size (what Leaflet's `getSize()` reads), kept current by a ResizeObserver. */
function useElementSize(ref: React.RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The observer's first call comes with the first layout: no extra forced layout to read the size.
    const observer = new ResizeObserver(() => {
      const next = { width: element.clientWidth, height: element.clientHeight };
      setSize((current) => (current?.width === next.width && current.height === next.height ? current : next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

function StaticTiles({ view }: { view: StaticViewport }) {
  const { isDark } = useTheme();
  const template = (isDark ? TILES.dark : TILES.light).url;
  const tiles = tilesInView(view, isHighDensityScreen() ? TILE_GRIDS.retina : TILE_GRIDS.standard);
  return (
    <div className="static-map__tiles" aria-hidden="true">
      {tiles.map((tile) => (
        <img
          key={`${template}:${tile.key}`}
          src={tileUrl(template, tile.z, tile.x, tile.y)}
          alt=""
          width={tile.size}
          height={tile.size}
          draggable={false}
          className="static-map__tile"
          style={{ left: tile.left, top: tile.top }}
        />
      ))}
    </div>
  );
}

type PlacedMarker = { key: string; label: string; y: number; style: CSSProperties; html: string };

function StaticMarkers({
  view,
  producers,
  clusters,
  markets,
  userLocation,
  onPress,
}: {
  view: StaticViewport;
  producers: MapProducer[];
  clusters: ProducerMapCluster[];
  markets: MapMarket[];
  userLocation?: LatLng | null;
  onPress: (key: string) => void;
}) {
  const place = (lat: number, lng: number, size: number) => {
    const point = pointInView(view, lat, lng);
    return { y: point.y, style: { left: point.x - size / 2, top: point.y - size / 2, width: size, height: size } };
  };
  const markers: PlacedMarker[] = [
    ...producers.map((producer) => ({
      key: MAP_KEYS.producer(producer),
      label: producerMarkerTitle(producer),
      ...place(producer.lat, producer.lng, PRODUCER_MARKER_SIZE),
      html: producerMarkerHtml(producer.verified),
    })),
    ...clusters.map((cluster) => ({
      key: MAP_KEYS.cluster(cluster),
      label: clusterLabel(cluster.count),
      ...place(cluster.lat, cluster.lng, clusterSize(cluster.count)),
      html: clusterHtml(cluster.count),
    })),
  ];
  // Leaflet stacks markers by their height on the screen (southern ones in front), the user's own below all.
  markers.sort((a, b) => a.y - b.y);
  // Markets above every farm, as Leaflet draws them (zIndexOffset).
  for (const market of markets)
    markers.push({
      key: MAP_KEYS.market(market),
      label: marketMarkerTitle(market),
      ...place(market.lat, market.lng, MARKET_MARKER_SIZE),
      html: MARKET_MARKER_HTML,
    });
  const user = userLocation ? place(userLocation.latitude, userLocation.longitude, USER_MARKER_SIZE) : null;
  return (
    <>
      {user && (
        <StaticMarker
          markerKey={MAP_KEYS.userLocation}
          label={USER_MARKER_TITLE}
          style={user.style}
          html={USER_MARKER_HTML}
          onPress={onPress}
        />
      )}
      {markers.map((marker) => (
        <StaticMarker
          key={marker.key}
          markerKey={marker.key}
          label={marker.label}
          style={marker.style}
          html={marker.html}
          onPress={onPress}
        />
      ))}
    </>
  );
}

function StaticMarker({
  markerKey,
  label,
  style,
  html,
  onPress,
}: {
  markerKey: string;
  label: string;
  style: CSSProperties;
  /** The marker's look, the same markup Leaflet draws (marker-look.ts). */
  html: string;
  onPress: (key: string) => void;
}) {
  return (
    <button
      type="button"
      className="static-map__marker"
      data-map-key={markerKey}
      title={label}
      aria-label={label}
      style={style}
      onClick={() => onPress(markerKey)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: marker-look.ts's own markup; no user text reaches it.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
