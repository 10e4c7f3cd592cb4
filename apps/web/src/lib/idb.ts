/**
 * A tiny IndexedDB wrapper (decision 577, stand mode's queue on the phone): a database opened once,
 * and every read or write as one transaction over the stores it names. A write's promise
 * resolves when the transaction has committed (`oncomplete`), so what it wrote survives a closed
 * tab or a crashed browser from then on.
 */

/** Opens (and on a new `version`, lays out with `upgrade`) one IndexedDB database. */
export function openDatabase(name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The page is open in another tab with an older version: close it'));
  });
}

/**
 * Runs `work` in one transaction over `stores` and resolves with what it returned once the
 * transaction has committed (a readwrite one is on disk then), or rejects when it aborts.
 */
export function transact<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode, { durability: 'strict' });
    let result: T;
    let failed: unknown = null;
    tx.oncomplete = () => (failed ? reject(failed) : resolve(result));
    tx.onabort = () => reject(failed ?? tx.error ?? new Error('The device storage refused the write'));
    tx.onerror = () => undefined;
    Promise.resolve()
      .then(() => work(tx))
      .then(
        (value) => {
          result = value;
        },
        (error) => {
          failed = error;
          try {
            tx.abort();
          } catch {
            /* already finished */
          }
        },
      );
  });
}

/** One request's answer, inside a transaction. */
export function ask<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
