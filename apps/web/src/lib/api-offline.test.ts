import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, OFFLINE_WRITE_MESSAGE, SAVED_COPY_EVENT } from './api';

describe('without a connection the api client says a write was not saved and reads from saved copies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fails a write made offline with a message that says it was not saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await api.post('/favorites/12').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(OFFLINE_WRITE_MESSAGE);
    // Screens show it instead of their generic fallback.
    expect(errorMessage(error, 'Failed to save')).toBe(OFFLINE_WRITE_MESSAGE);
  });

  it('keeps the generic fallback for reads and for writes while the browser says it is online', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(errorMessage(await api.get('/products/1').catch((e: unknown) => e), 'Failed to load')).toBe('Failed to load');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(errorMessage(await api.put('/products/1', {}).catch((e: unknown) => e), 'Failed to save')).toBe('Failed to save');
  });

  it('announces an answer that came from the saved copies', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"ok":true}', { status: 200, headers: { 'X-Farmstand-Saved': 'Mon, 23 Nov 2026 01:00:00 GMT' } }),
      ),
    );
    const seen = vi.fn();
    window.addEventListener(SAVED_COPY_EVENT, seen);
    await expect(api.get('/products/1')).resolves.toEqual({ ok: true });
    window.removeEventListener(SAVED_COPY_EVENT, seen);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('keeps what was read and answers from it when the network is gone, for the same user only', async () => {
    const stores = new Map<string, Map<string, Response>>();
    const open = async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (url: string, response: Response) => void store.set(url, response),
        match: async (url: string) => store.get(url)?.clone(),
        keys: async () => [...store.keys()],
        delete: async (url: string) => store.delete(url),
      };
    };
    vi.stubGlobal('caches', { open, keys: async () => [...stores.keys()], delete: async (n: string) => stores.delete(n) });
    const tokenOf = (sub: number) => `x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.y`;
    localStorage.setItem('token', tokenOf(7));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"id":1,"name":"Eggs"}', { status: 200 })),
    );
    await expect(api.get('/products/1')).resolves.toEqual({ id: 1, name: 'Eggs' });
    await vi.waitFor(() => expect(stores.get('farmstand-api-user-7')?.size).toBe(1));

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const seen = vi.fn();
    window.addEventListener(SAVED_COPY_EVENT, seen);
    await expect(api.get('/products/1')).resolves.toEqual({ id: 1, name: 'Eggs' });
    window.removeEventListener(SAVED_COPY_EVENT, seen);
    expect(seen).toHaveBeenCalledTimes(1);
    // Another person on the same device never reads it; a path that is not kept is not either.
    localStorage.setItem('token', tokenOf(8));
    await expect(api.get('/products/1')).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/orders')).rejects.toBeInstanceOf(ApiError);
    localStorage.removeItem('token');
  });

  it('keeps who the user is, so an offline start stays signed in and reaches their conversations', async () => {
    const store = new Map<string, Response>();
    const cache = {
      put: async (url: string, response: Response) => void store.set(url, response),
      match: async (url: string) => store.get(url)?.clone(),
      keys: async () => [...store.keys()],
      delete: async (url: string) => store.delete(url),
    };
    vi.stubGlobal('caches', { open: async () => cache, keys: async () => [], delete: async () => true });
    localStorage.setItem('token', `x.${btoa(JSON.stringify({ sub: 3 })).replace(/=+$/, '')}.y`);
    const online = ['/auth/me', '/search/producers', '/favorites', '/messages/conversations/4/messages'];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { status: 200 })),
    );
    for (const path of online) await api.get(path);
    await vi.waitFor(() => expect(store.size).toBe(online.length));

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    for (const path of online) await expect(api.get(path)).resolves.toEqual({ url: `/api${path}` });
    localStorage.removeItem('token');
  });
});
