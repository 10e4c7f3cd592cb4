import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, OFFLINE_WRITE_MESSAGE, SAVED_COPY_EVENT } from './api';

describe('api client without a connection (issue 11 item 7)', () => {
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
});
