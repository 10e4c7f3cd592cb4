import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProduct } from '@/features/catalog/api';
import { initialApiData, initialDataUrl, resetInitialData } from './initial-data';
import { clearToken, setToken } from './storage';

/** What each render of ProductProbe saw. */
const renders: (string | undefined)[] = [];
function ProductProbe() {
  const query = useProduct(7);
  renders.push(query.data?.product.name);
  return <p>{query.data?.product.name ?? 'loading'}</p>;
}

/** The block the server writes into the page. */
function putBlock(payload: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'initial-data';
  element.textContent = JSON.stringify(payload);
  document.body.prepend(element);
}

describe('API answers that came with the page', () => {
  beforeEach(() => {
    resetInitialData();
    window.history.replaceState(null, '', '/product/7');
  });
  afterEach(() => {
    document.getElementById('initial-data')?.remove();
    clearToken();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keys answers as the server does: /api, the path, non-empty parameters sorted by name', () => {
    expect(initialDataUrl('/products/7')).toBe('/api/products/7');
    expect(
      initialDataUrl('/search/products', { search: '', offset: 0, limit: 20, availability: 'available', latitude: undefined }),
    ).toBe('/api/search/products?availability=available&limit=20&offset=0');
  });

  it('hands each answer out once, for this page only, and removes the block', () => {
    putBlock({ path: '/product/7', api: { '/api/products/7': { product: { id: 7 } }, '/api/site': { site_name: 'F' } } });
    expect(initialApiData('/products/7')).toEqual({ product: { id: 7 } });
    expect(initialApiData('/products/7')).toBeUndefined();
    expect(initialApiData('/site')).toEqual({ site_name: 'F' });
    expect(document.getElementById('initial-data')).toBeNull();
  });

  it('ignores a block made for another page (an HTML copy kept for offline use)', () => {
    putBlock({ path: '/product/8', api: { '/api/products/7': { product: { id: 7 } } } });
    expect(initialApiData('/products/7')).toBeUndefined();
  });

  it('ignores the guest answers for a signed-in person, who may be shown more', () => {
    setToken('header.payload.signature');
    putBlock({ path: '/product/7', api: { '/api/products/7': { product: { id: 7 } } } });
    expect(initialApiData('/products/7')).toBeUndefined();
  });

  it('keeps the answer as an offline copy, as if it had been fetched', async () => {
    const put = vi.fn(async () => undefined);
    const cache = { put, keys: async () => [], delete: async () => true };
    vi.stubGlobal('caches', { open: vi.fn(async () => cache) });
    try {
      putBlock({ path: '/product/7', api: { '/api/products/7': { product: { id: 7 } } } });
      initialApiData('/products/7');
      const url = `${window.location.origin}/api/products/7`;
      await vi.waitFor(() => expect(put).toHaveBeenCalledWith(url, expect.any(Response)));
      const call = (put.mock.calls as unknown as [string, Response][]).find(([at]) => at === url);
      expect(await call?.[1].text()).toBe('{"product":{"id":7}}');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lets a page render its data on the first render, without asking the network', () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    putBlock({ path: '/product/7', api: { '/api/products/7': { product: { id: 7, name: 'Duck eggs' } } } });
    renders.length = 0;
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    render(
      <QueryClientProvider client={client}>
        <ProductProbe />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Duck eggs')).toBeTruthy();
    expect(renders[0]).toBe('Duck eggs');
    expect(fetch).not.toHaveBeenCalled();
  });
});
