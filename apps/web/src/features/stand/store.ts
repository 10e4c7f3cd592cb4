import type { StandAction, StandCatalog, StandConflict } from '@farmstand/shared/schemas/stand';
import type * as Queue from '@/lib/offline-queue';
import { IdbOfflineStore } from '@/lib/offline-queue';

/**
 * What the register keeps on the phone (decision 577), in the shared offline queue's store
 * (`lib/offline-queue.ts`): the queue of actions not yet applied by the server, in the order they
 * were made; the actions the server refused, kept for the farmer with its message ("Needs
 * attention"); the conflicts the server reported for applied actions; and the day's catalogue
 * with the stock this phone has sold taken off.
 */

export type QueuedAction = Queue.QueuedAction<StandAction>;
export type AttentionItem = Queue.AttentionItem<StandAction>;
export type ConflictItem = Queue.ConflictItem<StandConflict>;
export type CatalogUpdate = Queue.CatalogUpdate<StandCatalog>;
export type Settled = Queue.Settled<StandAction, StandConflict>;
export type StandStore = Queue.OfflineStore<StandAction, StandConflict, StandCatalog>;

/** The register's queue in its own IndexedDB database, one per account on the phone. */
export const standStore = (userId: number): StandStore =>
  new IdbOfflineStore<StandAction, StandConflict, StandCatalog>(`farmstand-stand-${userId}`);
