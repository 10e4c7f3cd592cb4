/**
 * Reads by key, fresh from the database on every call, but read together: the calls made within one
 * turn of the event loop share one query (docs/decisions/119, 175). Hot paths that read a row or two
 * per request (the signed-in account, an order's products and pickup point) send one statement for
 * all the requests in flight instead of one each.
 *
 * A call never joins a query that was already sent: that query's snapshot may predate a change
 * committed before the call was made. Only keys still waiting to be sent are shared.
 */
type Waiting<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

export class TurnLoader<K, V> {
  private waiting = new Map<K, Waiting<V>[]>();

  /**
   * @param fetchMany reads the rows of the given keys (each key once) in one query.
   * @param copy gives each caller its own value, so one request changing it changes nobody else's.
   */
  constructor(
    private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly copy: (value: V) => V = (value) => value,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const first = this.waiting.size === 0;
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (first) setImmediate(() => this.flush());
    });
  }

  /** The values of several keys, in their order (undefined where there is no row). */
  loadMany(keys: readonly K[]): Promise<(V | undefined)[]> {
    return Promise.all(keys.map((key) => this.load(key)));
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const rows = await this.fetchMany([...batch.keys()]);
      for (const [key, list] of batch) {
        const row = rows.get(key);
        for (const { resolve } of list) resolve(row === undefined ? undefined : this.copy(row));
      }
    } catch (error) {
      for (const list of batch.values()) for (const { reject } of list) reject(error);
    }
  }
}
