import { DEFAULT_PRODUCER_RADIUS, MAP_SCREEN_CENTER, NO_RADIUS_LIMIT, TEXTS } from '@farmstand/shared';
import { MAP_URL, readUrlParams } from '@farmstand/shared/schemas/search-url';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { track } from '@/lib/analytics';
import { usePublicPageTitle } from '@/lib/document-title';
import { currentPosition, geocodeAddress, useUserLocation } from '@/shared/user-location';
import { type MapFilters, mapQuery, useMapCount, useMapMarkets, useMapProducers } from '../api';
import { DeferredProducersMap } from '../components/deferred-producers-map';
import { MapPanel } from '../components/map-panel';
import type { LatLng, MapViewport } from '../types';

const DEFAULT_FILTERS: MapFilters = { verifiedOnly: false, radius: DEFAULT_PRODUCER_RADIUS, category: '', benefits: '' };
const LOCATION_ZOOM = 11;

/** /map: every producer on a full-screen clustered map, with the spec's panel and count (spec 01 §2). */
export default function MapPage() {
  usePublicPageTitle('/map');
  const { location, setLocation } = useUserLocation();
  const [kept, setKept] = useState<MapFilters>(DEFAULT_FILTERS);
  // The benefit asked for lives in the URL (?benefits=snap), so a link to "farms taking SNAP" can be shared.
  const [params, setParams] = useSearchParams();
  const benefits = readUrlParams(params, MAP_URL).benefits ?? '';
  const filters = useMemo(() => ({ ...kept, benefits }), [kept, benefits]);
  const setFilters = (next: MapFilters) => {
    setKept(next);
    if (next.benefits !== benefits)
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next.benefits) changed.set('benefits', next.benefits);
          else changed.delete('benefits');
          return changed;
        },
        { replace: true },
      );
  };
  const [view, setView] = useState<{ center: LatLng; zoom: number }>(() =>
    location
      ? { center: location, zoom: LOCATION_ZOOM }
      : { center: { latitude: MAP_SCREEN_CENTER.lat, longitude: MAP_SCREEN_CENTER.lng }, zoom: MAP_SCREEN_CENTER.zoom },
  );
  const [isSearching, setIsSearching] = useState(false);
  const [isLocating, setIsLocating] = useState(false);

  // The browser is asked for the position only when the person presses 'Use my location' (decision 402).
  async function locateMe() {
    setIsLocating(true);
    try {
      const found = await currentPosition();
      setLocation(found);
      setView({ center: found, zoom: LOCATION_ZOOM });
      track('location_search', { action: 'geolocation', latitude: found.latitude, longitude: found.longitude });
    } catch (failure) {
      toast.error((failure as Error).message);
    } finally {
      setIsLocating(false);
    }
  }

  const query = useMemo(() => mapQuery(filters, location, NO_RADIUS_LIMIT), [filters, location]);
  // The map asks for what it shows; null until the map reports its first viewport.
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const producers = useMapProducers(query, viewport);
  const count = useMapCount(query);
  // The markets' own pins (issue 48): shown unless the person hides them; a market that failed to load is simply not drawn.
  const [showMarkets, setShowMarkets] = useState(true);
  const markets = useMapMarkets();
  const marketPins = useMemo(() => (showMarkets ? (markets.data ?? []) : []), [showMarkets, markets.data]);
  const failed = producers.isError || count.isError;
  useEffect(() => {
    if (failed) toast.error('Failed to load producers');
  }, [failed]);

  async function searchLocation(text: string) {
    setIsSearching(true);
    let found: Awaited<ReturnType<typeof geocodeAddress>> = null;
    let failed: string = TEXTS.locationNotFound;
    try {
      found = await geocodeAddress(text);
    } catch (failure) {
      failed = (failure as Error).message;
    }
    setIsSearching(false);
    if (!found) {
      toast.error(failed);
      return;
    }
    toast.success(`Found location: ${found.formatted}`);
    setLocation({ latitude: found.latitude, longitude: found.longitude, address: found.formatted, type: 'address' });
    setView({ center: found, zoom: LOCATION_ZOOM });
    track('location_search', { searchQuery: text, latitude: found.latitude, longitude: found.longitude });
  }

  const list = producers.data?.producers ?? [];
  const clusters = producers.data?.clusters ?? [];
  // What the filters return, not what is in view.
  const shown = count.data ?? 0;
  const radiusApplies = location !== null && filters.radius < NO_RADIUS_LIMIT;
  return (
    <div className="relative h-full w-full">
      <h1 className="sr-only">Map of producers</h1>
      <DeferredProducersMap
        producers={list}
        clusters={clusters}
        markets={marketPins}
        onViewportChange={setViewport}
        center={view.center}
        zoom={view.zoom}
        userLocation={location}
        className="h-full w-full"
      />
      <MapPanel
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next);
          track('map_interaction', { action: 'filter', filters: next, radius: next.radius });
        }}
        onSearchLocation={searchLocation}
        isSearching={isSearching}
        onLocateMe={locateMe}
        isLocating={isLocating}
        hasLocation={location !== null}
        showMarkets={showMarkets}
        onShowMarketsChange={setShowMarkets}
      />
      <p
        aria-live="polite"
        className="absolute bottom-6 left-1/2 z-[1000] -translate-x-1/2 whitespace-nowrap rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-stone-800 shadow-lg dark:bg-stone-900/95 dark:text-stone-100"
      >
        Showing {shown} producer{shown === 1 ? '' : 's'}
        {radiusApplies && ` within ${filters.radius} miles`}
      </p>
      {(producers.isLoading || count.isLoading || viewport === null) && (
        <div
          role="status"
          className="absolute inset-0 z-[1100] flex items-center justify-center bg-white/60 dark:bg-stone-950/60"
        >
          <div className="flex items-center gap-3 rounded-xl bg-white px-5 py-3 font-semibold text-stone-800 shadow-lg dark:bg-stone-900 dark:text-stone-100">
            <span
              className="h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
              aria-hidden="true"
            />
            Loading producers...
          </div>
        </div>
      )}
    </div>
  );
}
