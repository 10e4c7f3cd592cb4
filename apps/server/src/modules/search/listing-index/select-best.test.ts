import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../seed/random';
import { selectBest } from './select-best';

describe('selectBest', () => {
  it('puts the k best first, the worst of them at k - 1, and keeps every item', () => {
    const random = createRandom(41);
    const byValue = (a: number, b: number) => a - b;
    for (let round = 0; round < 400; round++) {
      const length = 1 + Math.floor(random.next() * 300);
      // Few distinct values in some rounds: ties must not lose or misplace anything.
      const spread = round % 3 === 0 ? 5 : 1000;
      const items = Array.from({ length }, () => Math.floor(random.next() * spread));
      const k = 1 + Math.floor(random.next() * length);
      const sorted = [...items].sort(byValue);
      selectBest(items, k, byValue);
      expect([...items.slice(0, k)].sort(byValue)).toEqual(sorted.slice(0, k));
      expect(items[k - 1]).toBe(sorted[k - 1]);
      expect([...items].sort(byValue)).toEqual(sorted);
    }
  });
});
