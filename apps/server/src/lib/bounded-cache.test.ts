import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('BoundedCache', () => {
  it('answers an entry within its TTL and never after', () => {
    const clock = manualClock();
    const cache = new BoundedCache<string, number>({ ttlMs: 2000, maxEntries: 10, now: clock.now });
    cache.set('a', 1);
    clock.advance(1999);
    expect(cache.get('a')).toBe(1);
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops expired entries on the next write, however many keys were asked before', () => {
    const clock = manualClock();
    const cache = new BoundedCache<number, string>({ ttlMs: 2000, maxEntries: 100_000, weigh: (v) => v.length, now: clock.now });
    for (let id = 0; id < 5000; id++) cache.set(id, 'x'.repeat(100));
    expect(cache.size).toBe(5000);
    clock.advance(2000);
    cache.set(5000, 'y');
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(1);
  });

  it('never holds more than maxEntries: the oldest go first', () => {
    const cache = new BoundedCache<number, number>({ ttlMs: 60_000, maxEntries: 3 });
    for (let id = 1; id <= 10; id++) cache.set(id, id);
    expect(cache.size).toBe(3);
    expect([8, 9, 10].map((id) => cache.get(id))).toEqual([8, 9, 10]);
    expect(cache.get(7)).toBeUndefined();
  });

  it('never holds more than maxBytes by weight, and refuses an entry heavier than the whole budget', () => {
    const cache = new BoundedCache<number, string>({ ttlMs: 60_000, maxEntries: 1000, maxBytes: 1000, weigh: (v) => v.length });
    for (let id = 1; id <= 50; id++) {
      cache.set(id, 'x'.repeat(300));
      expect(cache.bytes).toBeLessThanOrEqual(1000);
    }
    expect(cache.size).toBe(3);
    cache.set(99, 'x'.repeat(1001));
    expect(cache.get(99)).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('a rewrite replaces the entry and its weight, and moves it to the newest end', () => {
    const cache = new BoundedCache<string, string>({ ttlMs: 60_000, maxEntries: 2, weigh: (v) => v.length });
    cache.set('a', 'aaaa');
    cache.set('b', 'b');
    cache.set('a', 'aa');
    expect(cache.bytes).toBe(3);
    cache.set('c', 'c');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aa');
  });

  it('keeps an entry no longer than its own expiry when that is sooner than the TTL', () => {
    const clock = manualClock();
    const cache = new BoundedCache<string, number>({ ttlMs: 60_000, maxEntries: 10, now: clock.now });
    cache.set('token', 1, clock.now() + 500);
    clock.advance(500);
    expect(cache.get('token')).toBeUndefined();
  });

  it('delete and clear give back the weight', () => {
    const cache = new BoundedCache<string, string>({ ttlMs: 60_000, maxEntries: 10, weigh: (v) => v.length });
    cache.set('a', 'aaa');
    cache.set('b', 'bb');
    cache.delete('a');
    expect(cache.bytes).toBe(2);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
