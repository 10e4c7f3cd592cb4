import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkFavoriteBatched } from './api';

describe('favourite checks are batched', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks asked in the same tick go out as one call and each gets its own answer', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ favorites: { '1': true, '2': false, '3': true } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answers = await Promise.all([1, 2, 3, 1].map((id) => checkFavoriteBatched(id)));
    expect(answers).toEqual([true, false, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls as unknown as [string][])[0]?.[0]).toBe('/api/favorites/check?producerIds=1%2C2%2C3');
  });

  it('splits more than 100 producers into calls of 100', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ favorites: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all(Array.from({ length: 150 }, (_, i) => checkFavoriteBatched(i + 1)));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed batch fails each waiting check', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await expect(checkFavoriteBatched(7)).rejects.toMatchObject({ status: 500 });
  });
});
