import { MARKET_BATCH } from '@farmstand/shared/constants/limits';
import { todayDateOnly } from '@farmstand/shared/format/date-only';
import type { BoothEntry } from '@farmstand/shared/schemas/market-office';
import { IdbOfflineStore, type SyncError } from '@/lib/offline-queue';
import { OfflineSession } from '@/lib/offline-session';
import { useOfflineSession } from '@/lib/use-offline-session';
import { type BoothConflict, type BoothResult, fetchBoothCatalog, sendEntries } from './api';
import { type Catalog, withEntries } from './estimate';

/**
 * The info booth's queue on this phone (decision 582): the shared offline queue with the booth's
 * entries, keeping the market's catalogue (its currencies, incentive and each shopper's match today)
 * for a day without signal, with the matches this phone queued added to it.
 */
export type BoothSession = OfflineSession<BoothEntry, BoothConflict, Catalog, BoothResult>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the booth must fix before an entry is queued (the server checks the rest). */
export function entryProblem(entry: BoothEntry): string | null {
  if (!UUID.test(entry.id)) return 'Each entry needs its own id (a UUID made on the device)';
  if (entry.amountCents <= 0) return 'Enter an amount above $0.00';
  if (entry.shopperKey !== null && !/^\d{4}$/.test(entry.shopperKey))
    return 'Enter the last four digits of the card (never the whole number)';
  return null;
}

function stopMessage(error: SyncError, waiting: number): string {
  const kept = waiting > 0 ? ` The ${waiting} waiting ${waiting === 1 ? 'entry is' : 'entries are'} kept on this phone.` : '';
  if (error.status === 401) return `Sign in again to send the booth’s entries.${kept}`;
  return `${error.message}.${kept}`.replace('..', '.');
}

export function newBoothSession(userId: number, marketId: number): BoothSession {
  const dateOf = (catalog: Catalog) => (at: string) => todayDateOnly(new Date(at), catalog.market.timeZone);
  return new OfflineSession(new IdbOfflineStore(`farmstand-booth-${userId}-${marketId}`), {
    send: (entries) => sendEntries(marketId, entries),
    batch: MARKET_BATCH,
    fetchCatalog: () => fetchBoothCatalog(marketId),
    adjust: (fresh, queued) =>
      withEntries(
        fresh,
        queued.map((q) => q.action),
        dateOf(fresh),
      ),
    problemOf: entryProblem,
    update: (entry) => (catalog) => (catalog ? withEntries(catalog, [entry], dateOf(catalog)) : null),
    stopMessage,
    now: () => new Date().toISOString(),
    isOnline: () => navigator.onLine,
  });
}

/**
 * One booth session per signed-in account and market, kept outside React for the same reasons as
 * the stand's (`features/stand/use-stand.ts`): its sync loop keeps sending while the volunteer
 * looks at another page, and two loops over one IndexedDB queue would send a batch twice.
 */
let current: { key: string; session: BoothSession } | null = null;

export function boothSession(userId: number, marketId: number): BoothSession {
  const key = `${userId}:${marketId}`;
  if (current && current.key !== key) {
    current.session.stop();
    current = null;
  }
  if (!current) current = { key, session: newBoothSession(userId, marketId) };
  return current.session;
}

export function useBoothSession(userId: number, marketId: number) {
  return useOfflineSession(boothSession(userId, marketId));
}
