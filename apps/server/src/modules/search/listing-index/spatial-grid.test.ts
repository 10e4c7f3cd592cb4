import { describe, expect, it } from 'vitest';
import { boundingBox } from '../../../lib/geo';
import { createRandom } from '../../../seed/random';
import { distanceFrom, farthestCornerOf, nearestPointOf } from './geo-math';
import { SpatialGrid } from './spatial-grid';

/**
 * The grid lets a centred search count whole cells and skip others (decision 280): a producer is
 * never lost as long as the cells of a circle's box hold every producer in the circle, a cell
 * counted whole has every point inside (its farthest corner), and a cell skipped has none (its
 * nearest point, less the slack). Checked against every producer's own distance over random
 * places and radii, including points on cell edges and producers without coordinates.
 */
describe('SpatialGrid', () => {
  const random = createRandom(7);
  const count = 20_000;
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  for (let slot = 0; slot < count; slot++) {
    const onEdge = slot % 10 === 0;
    // Kentucky and around; every tenth producer exactly on a cell's corner (multiples of 1/16).
    latitudes[slot] = onEdge ? 36 + random.int(0, 64) / 16 : 36 + random.next() * 4;
    longitudes[slot] = onEdge ? -90 + random.int(0, 112) / 16 : -90 + random.next() * 7;
    if (slot % 97 === 0) latitudes[slot] = Number.NaN;
  }
  const grid = new SpatialGrid(latitudes, longitudes);

  it('finds every producer of a circle in the cells of its box, and classifies whole cells correctly', () => {
    for (let trial = 0; trial < 60; trial++) {
      const center = { latitude: 36.5 + random.next() * 3, longitude: -89 + random.next() * 5 };
      const miles = [1, 5, 10, 25, 50, 120][trial % 6];
      const measure = distanceFrom(center);
      const box = boundingBox(center, miles);
      if (!box) throw new Error('no box');
      const inGrid = new Set<number>();
      for (const cell of grid.cellsIn(box)) {
        const farthest = farthestCornerOf(grid.sidesOf(cell), center, measure);
        const nearest = nearestPointOf(grid.sidesOf(cell), center, measure);
        for (let i = grid.start[cell]; i < grid.start[cell + 1]; i++) {
          const slot = grid.slots[i];
          inGrid.add(slot);
          const distance = measure(latitudes[slot], longitudes[slot]);
          expect(distance).toBeLessThanOrEqual(farthest + 1e-9);
          expect(distance).toBeGreaterThan(nearest - 0.01);
        }
      }
      for (let slot = 0; slot < count; slot++) {
        if (Number.isNaN(latitudes[slot])) continue;
        if (measure(latitudes[slot], longitudes[slot]) <= miles) expect(inGrid.has(slot)).toBe(true);
      }
    }
  });

  it('keeps producers without coordinates off every cell', () => {
    const placed = new Set(grid.slots);
    expect(placed.has(97)).toBe(false);
    expect(grid.slots.length).toBe(count - Math.ceil(count / 97));
  });
});
