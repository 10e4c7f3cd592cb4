/**
 * What an instance keeps in memory for speed, bounded three ways (docs/ARCHITECTURE.md, "What an
 * instance holds in memory"): every entry expires, the cache holds at most `maxEntries`, and at most
 * `maxBytes` by the entry's own weight. An expired entry is never answered, and it does not wait to
 * be asked again to go: every write first drops the expired entries at the oldest end, so a cache
 * of a 2-second answer holds what was asked in the last 2 seconds, not every key ever asked. When a
 * write passes a bound the oldest entries go first.
 *
 * Entries are kept in the order they were written (a rewrite moves the key to the end), which for
 * one TTL is also the order they expire: the sweep stops at the first live entry, so each write costs
 * O(1) amortised. An entry given an earlier expiry of its own (a token's) still goes at the latest when
 * it reaches the oldest end, or when it is asked for.
 */
export type BoundedCacheOptions<V> = {
  /** How long an entry is answered after it was written. */
  ttlMs: number;
  maxEntries: number;
  /** Bound on the summed `weigh` of the entries (unbounded by weight when absent). */
  maxBytes?: number;
  /** An entry's weight in bytes, for `maxBytes` (a JSON body's length, say). */
  weigh?: (value: V) => number;
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number;
};

type Entry<V> = { value: V; expiresAt: number; bytes: number };

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private totalBytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: BoundedCacheOptions<V>) {
    // Date.now read at each call, so a test that replaces it moves this clock too.
    this.now = options.now ?? (() => Date.now());
  }

  /** The live value of `key`, or undefined (an expired entry is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.remove(key, entry);
    return undefined;
  }

  /** Keeps `value` until `expiresAt` (at most the TTL from now); drops what has expired or no longer fits. */
  set(key: K, value: V, expiresAt?: number): void {
    const now = this.now();
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const bytes = this.options.weigh?.(value) ?? 0;
    // An entry heavier than the whole budget would only push everything else out.
    if (this.options.maxBytes !== undefined && bytes > this.options.maxBytes) return;
    this.entries.set(key, { value, expiresAt: Math.min(expiresAt ?? Number.POSITIVE_INFINITY, now + this.options.ttlMs), bytes });
    this.totalBytes += bytes;
    this.evict(now);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }

  /** Summed weight of the entries held. */
  get bytes(): number {
    return this.totalBytes;
  }

  private evict(now: number): void {
    const { maxEntries, maxBytes = Number.POSITIVE_INFINITY } = this.options;
    for (const [key, entry] of this.entries) {
      const over = this.entries.size > maxEntries || this.totalBytes > maxBytes;
      if (!over && entry.expiresAt > now) break;
      this.remove(key, entry);
    }
  }

  private remove(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
