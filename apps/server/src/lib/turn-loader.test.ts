import { describe, expect, it } from 'vitest';
import { TurnLoader } from './turn-loader';

function countingLoader() {
  const queries: number[][] = [];
  const loader = new TurnLoader<number, { id: number; tags: string[] }>(
    async (ids) => {
      queries.push(ids);
      return new Map(ids.filter((id) => id > 0).map((id) => [id, { id, tags: [] }]));
    },
    (row) => ({ ...row, tags: [...row.tags] }),
  );
  return { loader, queries };
}

describe('TurnLoader', () => {
  it('answers the calls of one turn with one query, each key asked once, unknown keys undefined', async () => {
    const { loader, queries } = countingLoader();
    const [a, b, c] = await Promise.all([loader.loadMany([1, 2]), loader.load(2), loader.load(-1)]);
    expect(queries).toEqual([[1, 2, -1]]);
    expect(a.map((row) => row?.id)).toEqual([1, 2]);
    expect(b?.id).toBe(2);
    expect(c).toBeUndefined();
  });

  it('gives each caller its own copy', async () => {
    const { loader } = countingLoader();
    const [first, second] = await Promise.all([loader.load(1), loader.load(1)]);
    first?.tags.push('changed');
    expect(second?.tags).toEqual([]);
  });

  it('never joins a query already sent: a later call reads again', async () => {
    const { loader, queries } = countingLoader();
    const first = loader.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = loader.load(1);
    await Promise.all([first, second]);
    expect(queries).toEqual([[1], [1]]);
  });

  it('fails every call of a query that failed, and the next turn reads again', async () => {
    let fail = true;
    const loader = new TurnLoader<number, number>(async (ids) => {
      if (fail) throw new Error('connection lost');
      return new Map(ids.map((id) => [id, id * 10]));
    });
    const results = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load(3)).toBe(30);
  });
});
