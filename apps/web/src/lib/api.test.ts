import { STORAGE_KEYS } from '@farmstand/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, toQueryString } from './api';
import { SIGNED_OUT_EVENT } from './storage';

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  const assign = vi.fn();
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'stale-token');
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    localStorage.clear();
  });

  it('sends the stored token and returns the JSON body', async () => {
    const fetchMock = respondWith(200, { ok: true });
    await expect(api.get('/things', { q: 'eggs' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?q=eggs');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer stale-token');
  });

  it('forgets an expired session quietly on a 401 and leaves the page where it is', async () => {
    const signedOut = vi.fn();
    window.addEventListener(SIGNED_OUT_EVENT, signedOut);
    vi.stubGlobal('location', { ...window.location, pathname: '/product/5', assign });
    respondWith(401, { message: 'Your session has expired' });
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401, message: 'Your session has expired' });
    window.removeEventListener(SIGNED_OUT_EVENT, signedOut);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps a newer session stored while an older call was answered 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        localStorage.setItem(STORAGE_KEYS.token, 'fresh-token');
        return new Response(JSON.stringify({ message: 'Your session has expired' }), { status: 401 });
      }),
    );
    await expect(api.get('/orders/mine')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token');
  });

  it('leaves a 401 from login and register to the form', async () => {
    respondWith(401, { message: 'Invalid email or password' });
    await expect(api.post('/auth/login', {})).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/auth/register', {})).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('stale-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('turns a network failure into a readable error and prefers the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.get('/things').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect(errorMessage(error, 'Failed to load products')).toBe('Failed to load products');
    expect(errorMessage(new ApiError(409, 'Product limit reached'), 'fallback')).toBe('Product limit reached');
  });

  it('drops empty query values', () => {
    expect(toQueryString({ category: '', search: 'honey', limit: 20, offset: undefined, x: null })).toBe(
      '?search=honey&limit=20',
    );
  });
});
