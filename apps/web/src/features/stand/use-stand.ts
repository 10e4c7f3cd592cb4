import type { StandAction } from '@farmstand/shared/schemas/stand';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';
import { fetchBenefitTable, fetchCatalog, sendBatch } from './api';
import { StandSession } from './session';
import { IdbStandStore } from './store';

/**
 * The register's session for the signed-in farm, one per farm for the page's life (the tabs and a
 * return to /stand share it), and its state as React reads it.
 */
const sessions = new Map<number, StandSession>();

export function standSession(userId: number): StandSession {
  let session = sessions.get(userId);
  if (!session) {
    session = new StandSession(new IdbStandStore(`farmstand-stand-${userId}`), {
      send: sendBatch,
      fetchCatalog,
      fetchTable: fetchBenefitTable,
      now: () => new Date().toISOString(),
      isOnline: () => navigator.onLine,
    });
    sessions.set(userId, session);
    // The browser tests drive a market day's bulk through the app's own queue (issue 47's offline test).
    (window as unknown as { farmstandStand?: unknown }).farmstandStand = {
      record: (action: StandAction) => session?.record(action),
      waiting: () => session?.getSnapshot().waiting,
      idle: () => session?.idle(),
    };
  }
  return session;
}

export function useStandSession(userId: number) {
  const session = standSession(userId);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useEffect(() => {
    void session.start();
    const online = () => session.setOnline(true);
    const offline = () => session.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [session]);
  return { session, snapshot };
}

const DEVICE_KEY = 'farmstand.standDevice';
export const DEFAULT_DEVICE = 'Phone 1';

/** This phone's name in the day's books ("Phone 1"), kept on the device. */
export function useDeviceName(): [string, (name: string) => void] {
  const [name, setName] = useState(() => storage.get(DEVICE_KEY) || DEFAULT_DEVICE);
  const save = (next: string) => {
    const clean = next.trim().slice(0, 60) || DEFAULT_DEVICE;
    storage.set(DEVICE_KEY, clean);
    setName(clean);
  };
  return [name, save];
}

const PLACE_KEY = 'farmstand.standPlace';

/** Where this phone sells (one of the farm's places), kept on the device; null until chosen. */
export function usePlaceChoice(): [number | null, (id: number) => void] {
  const [id, setId] = useState<number | null>(() => {
    const kept = Number(storage.get(PLACE_KEY));
    return Number.isInteger(kept) && kept > 0 ? kept : null;
  });
  const save = (next: number) => {
    storage.set(PLACE_KEY, String(next));
    setId(next);
  };
  return [id, save];
}
