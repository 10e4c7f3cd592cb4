import { SEARCH_MAP_CENTER } from '@farmstand/shared';
import type { ProducerSearchItem } from '@farmstand/shared/schemas/search';
import type { UserLocation } from '@/shared/user-location';
import type { MapProducer } from '../types';
import { ProducersMap } from './producers-map';

const USER_ZOOM = 12;

/** The /search map view: the found producers, fitted with 10 % padding; centred on the user when there are none. */
export default function ProducerResultsMap({
  producers,
  location,
}: {
  producers: ProducerSearchItem[];
  location: UserLocation | null;
}) {
  const onMap: MapProducer[] = producers
    .filter((p) => p.latitude !== null && p.longitude !== null)
    .map((p) => ({ ...p, id: p.user_id, lat: p.latitude as number, lng: p.longitude as number }));
  const center = location ?? { latitude: SEARCH_MAP_CENTER.lat, longitude: SEARCH_MAP_CENTER.lng };
  const zoom = location && onMap.length === 0 ? USER_ZOOM : SEARCH_MAP_CENTER.zoom;
  return (
    <div className="h-[70vh] overflow-hidden rounded-xl border border-stone-200 dark:border-stone-800">
      <ProducersMap
        producers={onMap}
        center={center}
        zoom={zoom}
        userLocation={location}
        fitToProducers
        className="h-full w-full"
      />
    </div>
  );
}
