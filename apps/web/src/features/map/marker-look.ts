import type { ProducerMapCluster } from '@farmstand/shared/schemas/search';
import { formatCount } from '@/lib/format';
import type { MapProducer } from './types';

/**
 * What a marker looks like and is called, shared by the static first view and Leaflet's markers so
 * the two are the same to the eye and to a screen reader.
 */

export const PRODUCER_MARKER_SIZE = 30;
export const USER_MARKER_SIZE = 22;

export const producerMarkerTitle = (producer: MapProducer) => `${producer.farm_name}${producer.verified ? ' (verified)' : ''}`;

export const producerMarkerHtml = (verified: boolean) =>
  `<span class="producer-marker producer-marker--${verified ? 'verified' : 'unverified'}">${verified ? '✓' : ''}</span>`;

export const USER_MARKER_HTML =
  '<span class="user-location-marker"><span class="user-location-marker__dot"></span><span class="user-location-marker__label">You</span></span>';

/** Visual size of a cluster grows with its count (three steps), as marker-cluster plugins do. */
export const clusterSize = (count: number) => (count < 10 ? 34 : count < 100 ? 40 : 48);

export const clusterText = (count: number) => (count >= 10_000 ? `${Math.round(count / 1000)}k` : formatCount(count));

export const clusterLabel = (count: number) => `${formatCount(count)} producers here: zoom in`;

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
  cluster: (cluster: ProducerMapCluster) => `cluster-${cluster.lat},${cluster.lng}`,
};
