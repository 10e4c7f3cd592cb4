import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import { useCallback, useRef, useState } from 'react';
import { useTheme } from '@/shared/theme-context';
import { MAP_KEYS } from '../marker-look';
import type { LatLng, MapMarket, MapProducer, MapViewport } from '../types';
import { MapAttribution } from './map-attribution';
import { StaticMap } from './static-map';
import { whenFound } from './when-found';

type LeafletModule = typeof import('./producers-map');

// Once loaded, Leaflet stays: coming back to /map in the same visit shows the Leaflet map at once.
let leafletModule: LeafletModule | null = null;
let leafletLoading: Promise<LeafletModule> | null = null;
function loadLeaflet(): Promise<LeafletModule> {
  leafletLoading ??= import('./producers-map').then(
    (module) => {
      leafletModule = module;
      return module;
    },
    (error: unknown) => {
      // Offline or a new deployment: the next touch of the map tries again.
      leafletLoading = null;
      throw error;
    },
  );
  return leafletLoading;
}

/** static: no Leaflet yet · handover: Leaflet drawn, its tiles still loading over the static ones · leaflet. */
const PHASES = ['static', 'handover', 'leaflet'] as const;
type Phase = (typeof PHASES)[number];
const later = (a: Phase, b: Phase) => (PHASES.indexOf(a) >= PHASES.indexOf(b) ? a : b);
/** Leaflet's tiles come from the cache the static view filled; a tile server that never answers must not keep both. */
const HANDOVER_TIMEOUT_MS = 1500;

type Props = {
  producers: MapProducer[];
  clusters: ProducerMapCluster[];
  /** The farmers markets' pins; none when the person hid them. */
  markets: MapMarket[];
  center: LatLng;
  zoom: number;
  userLocation?: LatLng | null;
  onViewportChange: (viewport: MapViewport) => void;
  className?: string;
};

/**
 * /map's map (docs/decisions/240): a static first view, then Leaflet from the first interaction
 * (pointer, wheel, touch, key or focus on the map), at the same centre and zoom. What the person
 * focused or pressed in the static view is focused or pressed again on Leaflet's equivalent
 * element, so a marker clicked before Leaflet existed opens its popup.
 */
export function DeferredProducersMap({ className = '', ...map }: Props) {
  const { isDark } = useTheme();
  const [leaflet, setLeaflet] = useState<LeafletModule | null>(leafletModule);
  const [phase, setPhase] = useState<Phase>(leafletModule ? 'leaflet' : 'static');
  const advance = useCallback((next: Phase) => setPhase((current) => later(current, next)), []);
  const pressed = useRef<string | null>(null);

  const activate = useCallback((key: string | null) => {
    if (key) pressed.current = key;
    loadLeaflet().then(setLeaflet, (error: unknown) => console.error('map: Leaflet did not load', error));
  }, []);

  const handOver = useCallback(
    (container: HTMLElement) => {
      const find = (key: string) =>
        key === MAP_KEYS.map ? container : container.querySelector<HTMLElement>(`[data-map-key="${CSS.escape(key)}"]`);
      const focused = document.activeElement?.closest<HTMLElement>('.static-map [data-map-key], .static-map');
      if (focused?.dataset.mapKey)
        whenFound(container, find, focused.dataset.mapKey, (element) => element.focus({ preventScroll: true }));
      if (pressed.current) whenFound(container, find, pressed.current, (element) => element.click());
      pressed.current = null;
      advance('handover');
      setTimeout(() => advance('leaflet'), HANDOVER_TIMEOUT_MS);
    },
    [advance],
  );
  const onTilesLoaded = useCallback(() => advance('leaflet'), [advance]);

  return (
    <div className={`flex flex-col ${className}`}>
      <div className="relative min-h-0 flex-1">
        {phase !== 'leaflet' && <StaticMap {...map} onActivate={activate} tilesOnly={phase === 'handover'} />}
        {leaflet && (
          <leaflet.LeafletMap
            {...map}
            className={`absolute inset-0 ${phase === 'leaflet' ? '' : 'map-handover'}`}
            onReady={handOver}
            onTilesLoaded={onTilesLoaded}
          />
        )}
      </div>
      <MapAttribution carto={isDark} />
    </div>
  );
}
