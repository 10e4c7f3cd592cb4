import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { MAP_KEYS } from '../marker-look';
import type { LatLng, MapProducer, MapViewport } from '../types';

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/**
 * Reports the viewport once the map is ready and after every pan or zoom (moveend covers both).
 * The listener is attached once and stays: re-attached on every render (useMapEvents), React
 * detaches it while the sibling Viewport's effect re-centres the map after a found location, so
 * that move went unreported and the map kept asking for the old viewport.
 * The static first view words the same bbox in `web-mercator.ts`: keep the two alike.
 */
export function ViewportReporter({ onChange }: { onChange: (viewport: MapViewport) => void }) {
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
export function Viewport({ center, zoom, fitTo }: { center: LatLng; zoom: number; fitTo?: MapProducer[] }) {
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

/**
 * Calls back once the map, its markers and its zoom control are in place (it comes after them in
 * the tree, so their effects have run): the static first view then hands over.
 */
export function WhenReady({ onReady }: { onReady: (container: HTMLElement) => void }) {
  const map = useMap();
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('data-map-key', MAP_KEYS.map);
    container.querySelector('.leaflet-control-zoom-in')?.setAttribute('data-map-key', MAP_KEYS.zoomIn);
    container.querySelector('.leaflet-control-zoom-out')?.setAttribute('data-map-key', MAP_KEYS.zoomOut);
    map.whenReady(() => onReadyRef.current(container));
  }, [map]);
  return null;
}
