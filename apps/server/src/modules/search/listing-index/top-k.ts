/**
 * The first `size` items by `order` (best first), kept while streaming through any number of them:
 * offers are appended and, whenever twice `size` are held, the best `size` are selected and the rest
 * dropped (n log n overall, also for a page 100,000 deep). Once cut, `worst` bounds what can still
 * enter, so a caller can skip building a candidate that cannot. `size` may be infinite (every item,
 * sorted). Used by every ranked answer: products (product-order.ts#byRank) and producers.
 */
export class TopK<T> {
  private items: T[] = [];
  private bound: T | null = null;
  constructor(
    private readonly size: number,
    private readonly order: (a: T, b: T) => number,
  ) {}
  get full(): boolean {
    return this.bound !== null;
  }
  get worst(): T {
    return this.bound as T;
  }
  offer(item: T) {
    if (this.bound && this.order(item, this.bound) >= 0) return;
    this.items.push(item);
    if (this.items.length >= Math.max(2 * this.size, 64)) this.cut();
  }
  /** The kept items, best first. */
  result(): T[] {
    this.cut();
    return this.items.sort(this.order);
  }
  /** Keeps the best `size`, the worst of them last: the bound (selected, not sorted: decision 310). */
  private cut() {
    if (this.items.length < this.size) return;
    selectBest(this.items, this.size, this.order);
    this.items.length = this.size;
    this.bound = this.items[this.size - 1];
  }
}

/**
 * Moves the `k` best items of `items` (by `order`, best first) to its first `k` places, in no
 * particular order but for `items[k - 1]`, which is the worst of them (quickselect, median of three).
 * A top-k trimming its buffer needs only that: sorting the whole buffer at every trim cost a deep page
 * (offset 200) about half its time (decision 310). Linear on average.
 */
export function selectBest<T>(items: T[], k: number, order: (a: T, b: T) => number): void {
  let low = 0;
  let high = items.length - 1;
  const target = k - 1;
  while (high > low) {
    const middle = (low + high) >>> 1;
    // Median of three as the pivot, moved to `high`.
    if (order(items[middle], items[low]) < 0) swap(items, middle, low);
    if (order(items[high], items[low]) < 0) swap(items, high, low);
    if (order(items[middle], items[high]) < 0) swap(items, middle, high);
    const pivot = items[high];
    let store = low;
    for (let i = low; i < high; i++) {
      if (order(items[i], pivot) < 0) swap(items, i, store++);
    }
    swap(items, store, high);
    if (store === target) return;
    if (store < target) low = store + 1;
    else high = store - 1;
  }
}

function swap<T>(items: T[], a: number, b: number): void {
  const kept = items[a];
  items[a] = items[b];
  items[b] = kept;
}
