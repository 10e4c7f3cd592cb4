import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../seed/random';
import { byRank, type SortKey } from '../product-order';
import { selectBest, TopK } from './top-k';

/**
 * The page of a centred text search keeps the best `offset + limit` of every match. A page 100,000
 * deep (the largest offset the API takes) over 200,000 matches must stay n log n: kept by insertion
 * it was quadratic, minutes of CPU for one request.
 */
describe('TopK', () => {
  const candidates = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      tier: 1 + ((i * 7) % 3),
      distance: i % 11 === 0 ? Number.POSITIVE_INFINITY : ((i * 7919) % 5000) / 10,
      id: i + 1,
    }));
  const expected = (items: ReturnType<typeof candidates>, size: number) =>
    [...items]
      .sort((a, b) => b.tier - a.tier || (a.distance === b.distance ? 0 : a.distance - b.distance) || b.id - a.id)
      .slice(0, size)
      .map((item) => item.id);

  it('keeps exactly the first `size` candidates in order, for small and very deep pages', () => {
    for (const [count, size] of [
      [10, 20],
      [500, 20],
      [200_000, 100_020],
    ]) {
      const items = candidates(count);
      const top = new TopK<SortKey>(size, byRank);
      const started = performance.now();
      for (const item of items) top.offer(item);
      const kept = top.result().map((item) => item.id);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(kept).toEqual(expected(items, size));
    }
  });

  it('bounds what can still enter once it holds a full page', () => {
    const top = new TopK<SortKey>(2, byRank);
    expect(top.full).toBe(false);
    for (const item of candidates(100)) top.offer(item);
    top.result();
    expect(top.full).toBe(true);
    expect(top.worst).toEqual(top.result()[1]);
  });

  it('keeps every item, sorted, when its size is infinite (the producer map)', () => {
    const top = new TopK<number>(Number.POSITIVE_INFINITY, (a, b) => a - b);
    for (const value of [5, 3, 9, 1, 7]) top.offer(value);
    expect(top.result()).toEqual([1, 3, 5, 7, 9]);
  });
});

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
