import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../seed/random';
import { intersect, type Posting } from './postings';

/**
 * Two words' matches are the intersection of their postings, flags ANDed: the same slots and flags
 * as a plain set intersection, at every ratio of lengths, in either order, with none at all.
 */
describe('intersect', () => {
  const random = createRandom(5);
  const postingOf = (count: number, universe: number): Posting => {
    const slots = new Set<number>();
    while (slots.size < count) slots.add(random.int(0, universe - 1));
    const sorted = Int32Array.from([...slots].sort((a, b) => a - b));
    return { slots: sorted, flags: Uint8Array.from(sorted, () => random.int(0, 3)) };
  };
  const expected = (a: Posting, b: Posting) => {
    const flagsOf = new Map([...b.slots].map((slot, i) => [slot, b.flags[i]]));
    const slots: number[] = [];
    const flags: number[] = [];
    a.slots.forEach((slot, i) => {
      const other = flagsOf.get(slot);
      if (other === undefined) return;
      slots.push(slot);
      flags.push(a.flags[i] & other);
    });
    return { slots, flags };
  };

  it('gives the plain intersection for short and long sides in either order', () => {
    for (const [short, long, universe] of [
      [0, 100, 1000],
      [1, 5000, 10_000],
      [10, 50_000, 60_000],
      [300, 40_000, 100_000],
      [2000, 2100, 5000],
      [50, 50_000, 50_000],
    ]) {
      const a = postingOf(short, universe);
      const b = postingOf(long, universe);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        const got = intersect(x, y);
        const want = expected(x, y);
        expect([...got.slots]).toEqual(want.slots);
        expect([...got.flags]).toEqual(want.flags);
      }
    }
  });
});
