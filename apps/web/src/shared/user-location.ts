import { GEOLOCATION_OPTIONS, STORAGE_KEYS } from '@farmstand/shared';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '@/lib/api';
import { storage } from '@/lib/storage';

/** Spec 01 §3 stored user location. */
export type UserLocation = { latitude: number; longitude: number; address?: string; type: 'current' | 'address' };
export type GeocodeResult = { latitude: number; longitude: number; formatted: string };

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';
export const ADDRESS_NOT_FOUND = 'Could not find that address. Please try again.';
export const ADDRESS_LOOKUP_FAILED = 'The address lookup failed. Please try again.';
export const GEOLOCATION_FAILED = 'Could not get your location. Check your browser’s location permission and try again.';

const CHANGE_EVENT = 'farmstand:user-location';

function readStored(): UserLocation | null {
  const raw = storage.get(STORAGE_KEYS.userLocation);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as UserLocation;
    return Number.isFinite(value.latitude) && Number.isFinite(value.longitude) ? value : null;
  } catch {
    return null;
  }
}

/** The location kept in local storage, shared by /search, /products and /map (and across tabs). */
export function useUserLocation() {
  const [location, setLocationState] = useState<UserLocation | null>(readStored);

  useEffect(() => {
    const sync = () => setLocationState(readStored());
    window.addEventListener(CHANGE_EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(CHANGE_EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, []);

  const setLocation = useCallback((next: UserLocation | null) => {
    if (next) storage.set(STORAGE_KEYS.userLocation, JSON.stringify(next));
    else storage.remove(STORAGE_KEYS.userLocation);
    setLocationState(next);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);

  return { location, setLocation, clearLocation: () => setLocation(null) };
}

/** The browser's position (high accuracy, 10 s time-out, 5-minute cache: spec 01 §9). */
export function currentPosition(): Promise<UserLocation> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(GEOLOCATION_UNSUPPORTED));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, type: 'current' }),
      () => reject(new Error(GEOLOCATION_FAILED)),
      GEOLOCATION_OPTIONS,
    );
  });
}

/**
 * Geocodes typed text; null when nothing matches. Blank text is never sent (spec 01 §5). A lookup
 * that failed (offline, server error) throws ADDRESS_LOOKUP_FAILED instead: the address may be fine.
 */
export async function geocodeAddress(text: string): Promise<GeocodeResult | null> {
  const q = text.trim();
  if (!q) return null;
  try {
    return await api.get<GeocodeResult>('/geocode', { q });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw new Error(ADDRESS_LOOKUP_FAILED);
  }
}
