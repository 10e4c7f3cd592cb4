import type { StandAction, StandCatalog, StandConflict } from '@farmstand/shared/schemas/stand';
import { ask, openDatabase, transact } from '@/lib/idb';

/**
 * What the register keeps on the phone (decision 577): the queue of actions not yet applied by the
 * server, in the order they were made; the actions the server refused, kept for the farmer with its
 * message ("Needs attention"); the conflicts the server reported for applied actions; and the day's
 * catalogue with the stock this phone has sold taken off. `IdbStandStore` keeps them in IndexedDB;
 * the tests use the same interface in memory (`stand.fixture.ts`).
 */

export type QueuedAction = { seq?: number; id: string; action: StandAction; queuedAt: string };
export type AttentionItem = { id: string; action: StandAction; message: string; at: string };
export type ConflictItem = { key?: number; actionId: string; conflict: StandConflict; at: string };
/** Changes the kept catalogue in the same transaction as a queue write (the phone's stock, a pickup handed over). */
export type CatalogUpdate = (catalog: StandCatalog | null) => StandCatalog | null;

export type Settled = { applied: { id: string; conflicts: StandConflict[] }[]; refused: AttentionItem[]; at: string };

export interface StandStore {
  /** Adds an action at the end of the queue (false: that id is queued already) and updates the catalogue with it, at once. */
  enqueue(entry: QueuedAction, update: CatalogUpdate): Promise<boolean>;
  /** The oldest `limit` queued actions, in the order they were made. */
  pending(limit: number): Promise<QueuedAction[]>;
  count(): Promise<number>;
  /** Takes the server's answers off the queue: applied ones leave it (their conflicts are kept), refused ones move to attention. */
  settle(settled: Settled): Promise<void>;
  attention(): Promise<AttentionItem[]>;
  removeAttention(id: string): Promise<void>;
  conflicts(): Promise<ConflictItem[]>;
  removeConflict(key: number): Promise<void>;
  catalog(): Promise<StandCatalog | null>;
  /** Keeps a fresh catalogue from the server, less what the still-queued actions take (read in the same transaction). */
  replaceCatalog(fresh: StandCatalog, adjust: (fresh: StandCatalog, queued: QueuedAction[]) => StandCatalog): Promise<void>;
  value<T>(key: string): Promise<T | null>;
  setValue(key: string, value: unknown): Promise<void>;
}

const CATALOG = 'catalog';

/** The stores, version 1. */
function layOut(db: IDBDatabase) {
  // The queue in the order the actions were made: `seq` grows; `id` (the action's UUID) is unique.
  const queue = db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
  queue.createIndex('id', 'id', { unique: true });
  db.createObjectStore('attention', { keyPath: 'id' });
  db.createObjectStore('conflicts', { keyPath: 'key', autoIncrement: true });
  db.createObjectStore('kv');
}

export class IdbStandStore implements StandStore {
  private db: Promise<IDBDatabase>;

  constructor(name: string) {
    this.db = openDatabase(name, 1, layOut);
  }

  async enqueue(entry: QueuedAction, update: CatalogUpdate): Promise<boolean> {
    const db = await this.db;
    return transact(db, ['queue', 'kv'], 'readwrite', async (tx) => {
      const queue = tx.objectStore('queue');
      const known = await ask(queue.index('id').count(entry.id));
      if (known > 0) return false;
      queue.add({ id: entry.id, action: entry.action, queuedAt: entry.queuedAt });
      const kv = tx.objectStore('kv');
      const catalog = ((await ask(kv.get(CATALOG))) as StandCatalog | undefined) ?? null;
      const next = update(catalog);
      if (next) kv.put(next, CATALOG);
      return true;
    });
  }

  async pending(limit: number): Promise<QueuedAction[]> {
    const db = await this.db;
    return transact(db, ['queue'], 'readonly', (tx) =>
      ask(tx.objectStore('queue').getAll(null, limit) as IDBRequest<QueuedAction[]>),
    );
  }

  async count(): Promise<number> {
    const db = await this.db;
    return transact(db, ['queue'], 'readonly', (tx) => ask(tx.objectStore('queue').count()));
  }

  async settle(settled: Settled): Promise<void> {
    const db = await this.db;
    await transact(db, ['queue', 'attention', 'conflicts'], 'readwrite', async (tx) => {
      const queue = tx.objectStore('queue');
      const byId = queue.index('id');
      const drop = async (id: string) => {
        const seq = await ask(byId.getKey(id));
        if (seq !== undefined) queue.delete(seq);
      };
      for (const { id, conflicts } of settled.applied) {
        await drop(id);
        for (const conflict of conflicts) tx.objectStore('conflicts').add({ actionId: id, conflict, at: settled.at });
      }
      for (const item of settled.refused) {
        await drop(item.id);
        tx.objectStore('attention').put(item);
      }
    });
  }

  async attention(): Promise<AttentionItem[]> {
    const db = await this.db;
    const items = await transact(db, ['attention'], 'readonly', (tx) =>
      ask(tx.objectStore('attention').getAll() as IDBRequest<AttentionItem[]>),
    );
    return items.sort((a, b) => (a.action.at < b.action.at ? -1 : 1));
  }

  async removeAttention(id: string): Promise<void> {
    const db = await this.db;
    await transact(db, ['attention'], 'readwrite', (tx) => {
      tx.objectStore('attention').delete(id);
    });
  }

  async conflicts(): Promise<ConflictItem[]> {
    const db = await this.db;
    return transact(db, ['conflicts'], 'readonly', (tx) =>
      ask(tx.objectStore('conflicts').getAll() as IDBRequest<ConflictItem[]>),
    );
  }

  async removeConflict(key: number): Promise<void> {
    const db = await this.db;
    await transact(db, ['conflicts'], 'readwrite', (tx) => {
      tx.objectStore('conflicts').delete(key);
    });
  }

  async catalog(): Promise<StandCatalog | null> {
    return this.value<StandCatalog>(CATALOG);
  }

  async replaceCatalog(fresh: StandCatalog, adjust: (fresh: StandCatalog, queued: QueuedAction[]) => StandCatalog) {
    const db = await this.db;
    await transact(db, ['queue', 'kv'], 'readwrite', async (tx) => {
      const queued = (await ask(tx.objectStore('queue').getAll())) as QueuedAction[];
      tx.objectStore('kv').put(adjust(fresh, queued), CATALOG);
    });
  }

  async value<T>(key: string): Promise<T | null> {
    const db = await this.db;
    const found = await transact(db, ['kv'], 'readonly', (tx) => ask(tx.objectStore('kv').get(key)));
    return (found as T | undefined) ?? null;
  }

  async setValue(key: string, value: unknown): Promise<void> {
    const db = await this.db;
    await transact(db, ['kv'], 'readwrite', (tx) => {
      tx.objectStore('kv').put(value, key);
    });
  }
}
