import type { StandAction } from '@farmstand/shared/schemas/stand';
import { useState } from 'react';
import { storage } from '@/lib/storage';
import { useOfflineSession } from '@/lib/use-offline-session';
import { fetchBenefitTable, fetchCatalog, sendBatch } from './api';
import { StandSession } from './session';
import { standStore } from './store';

/**
 * The register's session for the signed-in account, and its state as React reads it. Why it lives
 * outside React: its sync loop must keep sending the queue while the farmer looks at the day's books
 * or another page (unmounting `/stand` would otherwise stop it until they come back), and one loop
 * per IndexedDB queue: two would send the same batch twice. Only the signed-in account's session is
 * kept: another account's (a sign-out, then a helper signs in on the phone) is stopped and dropped;
 * its queue stays in its own database.
 */
let current: { userId: number; session: StandSession } | null = null;

export function standSession(userId: number): StandSession {
  if (current && current.userId !== userId) {
    current.session.stop();
    current = null;
  }
  let session = current?.session;
  if (!session) {
    session = new StandSession(standStore(userId), {
      send: sendBatch,
      fetchCatalog,
      fetchTable: fetchBenefitTable,
      now: () => new Date().toISOString(),
      isOnline: () => navigator.onLine,
    });
    current = { userId, session };
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
  return useOfflineSession(standSession(userId));
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
