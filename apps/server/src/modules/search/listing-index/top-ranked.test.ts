import { describe, expect, it } from 'vitest';
import { TopRanked } from './listing-index';

/**
 * The page of a centred text search keeps the best `offset + limit` of every match. A page 100,000
 * deep (the largest offset the API takes) over 200,000 matches must stay n log n: kept by insertion
 * it was quadratic, minutes of CPU for one request.
 */
describe('TopRanked', () => {
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
      const top = new TopRanked(size);
      const started = performance.now();
      for (const item of items) top.offer(item);
      const kept = top.result().map((item) => item.id);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(kept).toEqual(expected(items, size));
    }
  });

  it('bounds what can still enter once it holds a full page', () => {
    const top = new TopRanked(2);
    expect(top.full).toBe(false);
    for (const item of candidates(100)) top.offer(item);
    top.result();
    expect(top.full).toBe(true);
    expect(top.worst).toEqual(top.result()[1]);
  });
});
