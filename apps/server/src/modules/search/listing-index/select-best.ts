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
