import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import { formatCount } from '@/lib/format';
import type { MapMarket, MapProducer } from './types';

/**
 * What a marker looks like and is called, defined once for every drawer: the static first view
 * (static-map.tsx) and Leaflet's markers (leaflet-markers.tsx) both draw this markup, so the two
 * are the same to the eye and to a screen reader. Its size is set here; its colours and shape are
 * map.css's rules for these classes.
 */

export const PRODUCER_MARKER_SIZE = 30;
export const USER_MARKER_SIZE = 22;

export const producerMarkerTitle = (producer: MapProducer) => `${producer.farm_name}${producer.verified ? ' (verified)' : ''}`;

const sized = (size: number) => `width:${size}px;height:${size}px`;

/** Green with a check when verified, orange with a white dot otherwise (spec 01 §2). */
export const producerMarkerHtml = (verified: boolean) =>
  `<span class="producer-marker producer-marker--${verified ? 'verified' : 'unverified'}" style="${sized(PRODUCER_MARKER_SIZE)}">${verified ? '✓' : ''}</span>`;

export const MARKET_MARKER_SIZE = 30;

/** "Lexington Farmers Market (farmers market)": a screen reader tells it from a farm as the eye does by its shape. */
export const marketMarkerTitle = (market: MapMarket) => `${market.name} (farmers market)`;

/** A violet square with a market stall (map.css), unlike the farms' round pins. */
export const MARKET_MARKER_HTML = `<span class="market-marker" style="${sized(MARKET_MARKER_SIZE)}"><svg viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round" aria-hidden="true"><path d="M4 4h16l1 5H3z"/><path d="M3 9c0 1.7 1.3 2.5 3 2.5S9 10.7 9 9c0 1.7 1.3 2.5 3 2.5s3-.8 3-2.5c0 1.7 1.3 2.5 3 2.5S21 10.7 21 9"/><path d="M5 12v8h14v-8M10 20v-5h4v5"/></svg></span>`;

export const USER_MARKER_TITLE = 'Your Location';

export const USER_MARKER_HTML = `<span class="user-location-marker" style="${sized(USER_MARKER_SIZE)}"><span class="user-location-marker__dot"></span><span class="user-location-marker__label">You</span></span>`;

/** Visual size of a cluster grows with its count (three steps), as marker-cluster plugins do. */
export const clusterSize = (count: number) => (count < 10 ? 34 : count < 100 ? 40 : 48);

export const clusterText = (count: number) => (count >= 10_000 ? `${Math.round(count / 1000)}k` : formatCount(count));

export const clusterLabel = (count: number) => `${formatCount(count)} producers here: zoom in`;

export const clusterHtml = (count: number) =>
  `<span class="producer-cluster" style="${sized(clusterSize(count))}">${clusterText(count)}</span>`;

/**
 * `data-map-key` of a marker or control: once Leaflet has loaded, the element with the same key
 * takes the focus (and the click) the static element had.
 */
export const MAP_KEYS = {
  map: 'map',
  zoomIn: 'zoom-in',
  zoomOut: 'zoom-out',
  userLocation: 'user-location',
  producer: (producer: MapProducer) => `producer-${producer.id}`,
  market: (market: MapMarket) => `market-${market.slug}`,
  cluster: (cluster: ProducerMapCluster) => `cluster-${cluster.lat},${cluster.lng}`,
};
