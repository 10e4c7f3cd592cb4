/**
 * Binary searches over ascending numbers (typed arrays of slots, cell keys, latitudes), shared by
 * the listing index, its grid and the map's grid.
 */

/** The first position from `from` whose value is ≥ `key`, or the length. */
export function lowerBound(values: ArrayLike<number>, key: number, from = 0): number {
  let low = from;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first position from `from` whose value is > `key`, or the length. */
export function upperBound(values: ArrayLike<number>, key: number, from = 0): number {
  let low = from;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] <= key) low = middle + 1;
    else high = middle;
  }
  return low;
}
