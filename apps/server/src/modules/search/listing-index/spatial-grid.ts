import type { BoundingBox } from '../../../lib/geo';
import { lowerBound } from '../sorted-search';
import type { Sides } from './geo-math';

/**
 * The base's producers by cells of 1/16 degree (about 4.3 × 3.4 miles in the five states), for the
 * searches around a centre (decision 280). Fine cells matter at national scale: a 50-mile circle in
 * Kentucky holds ~8,000 of the 1M bench's producers, and with quarter-degree cells every one of them
 * needed its own distance just to count the listings in the circle. With these, a cell whose four
 * corners are all inside the circle is counted whole from a per-cell sum; only the cells on the rim
 * look at their producers one by one.
 */
const CELLS_PER_DEGREE = 16;
const COLUMNS = 360 * CELLS_PER_DEGREE;

const rowOf = (latitude: number) => Math.floor((latitude + 90) * CELLS_PER_DEGREE);
const columnOf = (longitude: number) => Math.floor((longitude + 180) * CELLS_PER_DEGREE);

export class SpatialGrid {
  /** Each cell's key (row × COLUMNS + column), ascending; a cell is its position in this list. */
  private readonly keys: Int32Array;
  private readonly cellOfKey = new Map<number, number>();
  /** The producers of cell `c` are `slots[start[c] … start[c + 1]]`. */
  readonly start: Int32Array;
  readonly slots: Int32Array;

  /** Producers without coordinates are on no cell (a radius never holds them). */
  constructor(latitudes: Float64Array, longitudes: Float64Array) {
    const keyOf = new Int32Array(latitudes.length).fill(-1);
    const counts = new Map<number, number>();
    for (let slot = 0; slot < latitudes.length; slot++) {
      if (Number.isNaN(latitudes[slot]) || Number.isNaN(longitudes[slot])) continue;
      const key = rowOf(latitudes[slot]) * COLUMNS + columnOf(longitudes[slot]);
      keyOf[slot] = key;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    this.keys = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
    this.start = new Int32Array(this.keys.length + 1);
    this.keys.forEach((key, cell) => {
      this.cellOfKey.set(key, cell);
      this.start[cell + 1] = this.start[cell] + (counts.get(key) ?? 0);
    });
    const filled = this.start.slice(0, this.keys.length);
    this.slots = new Int32Array(this.start[this.keys.length]);
    for (let slot = 0; slot < latitudes.length; slot++) {
      if (keyOf[slot] < 0) continue;
      const cell = this.cellOfKey.get(keyOf[slot]) as number;
      this.slots[filled[cell]++] = slot;
    }
  }

  get cellCount(): number {
    return this.keys.length;
  }

  /** The cells touching the box (a few hundred for a 50-mile circle), ascending: a binary search per row. */
  cellsIn(box: NonNullable<BoundingBox>): number[] {
    const [firstColumn, lastColumn] = [columnOf(box.minLng), columnOf(box.maxLng)];
    const cells: number[] = [];
    for (let row = rowOf(box.minLat); row <= rowOf(box.maxLat); row++) {
      const last = row * COLUMNS + lastColumn;
      for (
        let cell = lowerBound(this.keys, row * COLUMNS + firstColumn);
        cell < this.keys.length && this.keys[cell] <= last;
        cell++
      ) {
        cells.push(cell);
      }
    }
    return cells;
  }

  /** How many producers the cells touching the box hold (what reading the box would cost). */
  producersIn(box: NonNullable<BoundingBox>): number {
    let count = 0;
    for (const cell of this.cellsIn(box)) count += this.start[cell + 1] - this.start[cell];
    return count;
  }

  /** The cell's sides in degrees. */
  sidesOf(cell: number): Sides {
    const row = Math.floor(this.keys[cell] / COLUMNS);
    const column = this.keys[cell] - row * COLUMNS;
    return {
      south: row / CELLS_PER_DEGREE - 90,
      north: (row + 1) / CELLS_PER_DEGREE - 90,
      west: column / CELLS_PER_DEGREE - 180,
      east: (column + 1) / CELLS_PER_DEGREE - 180,
    };
  }
}
