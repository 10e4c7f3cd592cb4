import { ask, openDatabase, transact } from '@/lib/idb';

/**
 * A phone's queue of actions made without signal (decision 577; the stand's register and the
 * market's info booth use it). Each action carries its own UUID and is written to the device's
 * IndexedDB, with its change to the kept catalogue, in one transaction, before the screen says it
 * is done; `syncQueue` then sends the queue in order, in batches, and takes off what the server
 * applied (its conflicts kept for the person) or refused (kept, with the server's message, for
 * attention). Nothing leaves the queue without an answer for it.
 *
 * Generic over the action `A`, the conflict the server may report for an applied action `C`, and
 * the catalogue the phone keeps for a day without signal `K`.
 */

/** What every queued action has: its own id made on the device, and when it happened. */
export type QueueAction = { id: string; at: string };
export type QueuedAction<A> = { seq?: number; id: string; action: A; queuedAt: string };
export type AttentionItem<A> = { id: string; action: A; message: string; at: string };
export type ConflictItem<C> = { key?: number; actionId: string; conflict: C; at: string };
/** Changes the kept catalogue in the same transaction as a queue write. */
export type CatalogUpdate<K> = (catalog: K | null) => K | null;
export type Settled<A, C> = { applied: { id: string; conflicts: C[] }[]; refused: AttentionItem<A>[]; at: string };

/** The server's answer for one action ('duplicate': it had it already, applied once). */
export type QueueResult<C> = { id: string; status: 'applied' | 'duplicate' | 'refused'; message: string | null; conflicts: C[] };

export interface OfflineStore<A, C, K> {
  /** Adds an action at the end of the queue (false: that id is queued already) and updates the catalogue with it, at once. */
  enqueue(entry: QueuedAction<A>, update: CatalogUpdate<K>): Promise<boolean>;
  /** The oldest `limit` queued actions (all without a limit), in the order they were made. */
  pending(limit?: number): Promise<QueuedAction<A>[]>;
  count(): Promise<number>;
  /** Takes the server's answers off the queue: applied ones leave it (their conflicts are kept), refused ones move to attention. */
  settle(settled: Settled<A, C>): Promise<void>;
  attention(): Promise<AttentionItem<A>[]>;
  removeAttention(id: string): Promise<void>;
  conflicts(): Promise<ConflictItem<C>[]>;
  removeConflict(key: number): Promise<void>;
  catalog(): Promise<K | null>;
  /** Keeps a fresh catalogue from the server, less what the still-queued actions take (read in the same transaction). */
  replaceCatalog(fresh: K, adjust: (fresh: K, queued: QueuedAction<A>[]) => K): Promise<void>;
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

/** The queue in one IndexedDB database, named by its feature and account (`farmstand-stand-7`). */
export class IdbOfflineStore<A extends QueueAction, C, K> implements OfflineStore<A, C, K> {
  private db: Promise<IDBDatabase>;

  constructor(name: string) {
    this.db = openDatabase(name, 1, layOut);
  }

  async enqueue(entry: QueuedAction<A>, update: CatalogUpdate<K>): Promise<boolean> {
    const db = await this.db;
    return transact(db, ['queue', 'kv'], 'readwrite', async (tx) => {
      const queue = tx.objectStore('queue');
      const known = await ask(queue.index('id').count(entry.id));
      if (known > 0) return false;
      queue.add({ id: entry.id, action: entry.action, queuedAt: entry.queuedAt });
      const kv = tx.objectStore('kv');
      const catalog = ((await ask(kv.get(CATALOG))) as K | undefined) ?? null;
      const next = update(catalog);
      if (next) kv.put(next, CATALOG);
      return true;
    });
  }

  async pending(limit?: number): Promise<QueuedAction<A>[]> {
    const db = await this.db;
    return transact(db, ['queue'], 'readonly', (tx) =>
      ask(tx.objectStore('queue').getAll(null, limit) as IDBRequest<QueuedAction<A>[]>),
    );
  }

  async count(): Promise<number> {
    const db = await this.db;
    return transact(db, ['queue'], 'readonly', (tx) => ask(tx.objectStore('queue').count()));
  }

  async settle(settled: Settled<A, C>): Promise<void> {
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

  async attention(): Promise<AttentionItem<A>[]> {
    const db = await this.db;
    const items = await transact(db, ['attention'], 'readonly', (tx) =>
      ask(tx.objectStore('attention').getAll() as IDBRequest<AttentionItem<A>[]>),
    );
    return items.sort((a, b) => (a.action.at < b.action.at ? -1 : 1));
  }

  async removeAttention(id: string): Promise<void> {
    const db = await this.db;
    await transact(db, ['attention'], 'readwrite', (tx) => {
      tx.objectStore('attention').delete(id);
    });
  }

  async conflicts(): Promise<ConflictItem<C>[]> {
    const db = await this.db;
    return transact(db, ['conflicts'], 'readonly', (tx) =>
      ask(tx.objectStore('conflicts').getAll() as IDBRequest<ConflictItem<C>[]>),
    );
  }

  async removeConflict(key: number): Promise<void> {
    const db = await this.db;
    await transact(db, ['conflicts'], 'readwrite', (tx) => {
      tx.objectStore('conflicts').delete(key);
    });
  }

  async catalog(): Promise<K | null> {
    return this.value<K>(CATALOG);
  }

  async replaceCatalog(fresh: K, adjust: (fresh: K, queued: QueuedAction<A>[]) => K) {
    const db = await this.db;
    await transact(db, ['queue', 'kv'], 'readwrite', async (tx) => {
      const queued = (await ask(tx.objectStore('queue').getAll())) as QueuedAction<A>[];
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

/** Why a whole request failed: `retry` (no signal, a server error) or `stop` (signed out, not allowed). */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** Sends one batch; answers one result per action, or throws (`SyncError` for a whole-request answer). */
export type SendBatch<A, R> = (actions: A[]) => Promise<R[]>;

export type SyncReport<R> = {
  applied: number;
  refused: number;
  conflicts: number;
  left: number;
  /** The server's answers for the actions it applied in this sync (what it decided: a match granted). */
  results: R[];
};

/**
 * Sends the queue in order, in batches of `batch`, until it is empty or a request fails. A batch
 * the server refuses as a whole (400: one action its schema refuses) is sent again one action at a
 * time, so the others still go and the one refused is kept with the server's message. A network
 * failure or a server error throws, and the queue is left as it was for the next try.
 */
export async function syncQueue<A extends QueueAction, C, K, R extends QueueResult<C>>(
  store: OfflineStore<A, C, K>,
  send: SendBatch<A, R>,
  now: () => string,
  batch: number,
): Promise<SyncReport<R>> {
  const report: SyncReport<R> = { applied: 0, refused: 0, conflicts: 0, left: 0, results: [] };
  for (;;) {
    const entries = await store.pending(batch);
    if (entries.length === 0) break;
    let results: (R | QueueResult<C>)[];
    try {
      results = await send(entries.map((entry) => entry.action));
    } catch (error) {
      if (!(error instanceof SyncError) || error.status !== 400) throw error;
      results = await oneByOne(entries, send);
    }
    const byId = new Map(results.map((result) => [result.id, result]));
    const answered = entries.filter((entry) => byId.has(entry.id));
    if (answered.length === 0) throw new SyncError('The server answered none of the actions sent', 502, true);
    const at = now();
    const done = answered.flatMap((entry) => {
      const result = byId.get(entry.id);
      return result && result.status !== 'refused' ? [result] : [];
    });
    const refused = answered.flatMap((entry) => {
      const result = byId.get(entry.id);
      return result?.status === 'refused'
        ? [{ id: entry.id, action: entry.action, message: result.message ?? 'Refused', at }]
        : [];
    });
    await store.settle({ applied: done.map((result) => ({ id: result.id, conflicts: result.conflicts })), refused, at });
    report.applied += done.length;
    report.refused += refused.length;
    report.conflicts += done.reduce((sum, result) => sum + result.conflicts.length, 0);
    report.results.push(...(done as R[]));
    // The server answers every action sent; one it did not answer is sent again next time.
    if (answered.length < entries.length) break;
  }
  report.left = await store.count();
  return report;
}

/** A batch refused whole, action by action in order: each one refused alone gets the server's message. */
async function oneByOne<A, C, R extends QueueResult<C>>(
  entries: QueuedAction<A>[],
  send: SendBatch<A, R>,
): Promise<(R | QueueResult<C>)[]> {
  const results: (R | QueueResult<C>)[] = [];
  for (const entry of entries) {
    try {
      results.push(...(await send([entry.action])));
    } catch (error) {
      if (!(error instanceof SyncError) || error.status !== 400) throw error;
      results.push({ id: entry.id, status: 'refused', message: error.message, conflicts: [] });
    }
  }
  return results;
}
