import { STORAGE_KEYS } from '@farmstand/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {} }));
vi.mock('@/lib/analytics', () => ({ track: () => {} }));

import ProductsPage from './products-page';

const get = vi.spyOn(api, 'get').mockResolvedValue({ products: [], total: 0 } as never);
/** The query of the last product search the page sent, with empty values dropped as the API client drops them. */
const lastSearch = () => {
  const calls = get.mock.calls.filter(([path]) => path === '/search/products');
  const query = (calls.at(-1)?.[1] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
};

/** The page's address as the browser would show it (its query string). */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const show = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <ProductsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );

vi.setConfig({ testTimeout: 60_000 });

describe('the products page', () => {
  beforeEach(() => {
    localStorage.clear();
    get.mockClear();
  });
  afterEach(cleanup);

  it('ignores an unknown category, availability, sort or page in its URL instead of failing to load', async () => {
    show('/products?category=unicorn&availability=sold_out&sort=cheapest&page=-2');
    await screen.findByText('No products found');
    expect(lastSearch()).toEqual({ availability: 'available', limit: 20, offset: 0 });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('relevance');
  });

  it('searches around the location set on /search, and offers nearest first there', async () => {
    const berea = { latitude: 37.5687, longitude: -84.2963, address: 'Berea, KY 40403', type: 'address' };
    localStorage.setItem(STORAGE_KEYS.userLocation, JSON.stringify(berea));
    show('/products');
    await screen.findByText('No products found');
    expect(lastSearch()).toMatchObject({ latitude: berea.latitude, longitude: berea.longitude, radius: 50 });
    expect(screen.getByText('Berea, KY 40403')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'distance' } });
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort: 'distance', latitude: berea.latitude }));
  });

  it('sorts by price or newest, and never asks for nearest first without a location', async () => {
    show('/products?sort=distance');
    await screen.findByText('No products found');
    expect(lastSearch().sort).toBeUndefined();
    const options = [...(screen.getByLabelText('Sort by') as HTMLSelectElement).options].map((option) => option.text);
    expect(options).toEqual(['Best match', 'Lowest price', 'Newest first']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price' } });
    await waitFor(() => expect(lastSearch().sort).toBe('price'));
  });

  it('asks only for farms taking the benefit chosen, keeps it in the URL, and ignores one it does not offer', async () => {
    show('/products?category=produce&benefits=ebt');
    await screen.findByText('No products found');
    expect(lastSearch()).toEqual({ category: 'produce', availability: 'available', limit: 20, offset: 0 });
    const select = screen.getByRole('combobox', { name: 'Benefits the farm takes at pickup' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.text)).toEqual([
      'All',
      'Takes SNAP',
      'Takes WIC or Senior coupons',
      'Takes Kentucky Double Dollars',
    ]);
    fireEvent.change(select, { target: { value: 'snap' } });
    await waitFor(() => expect(lastSearch()).toMatchObject({ benefits: 'snap', category: 'produce' }));
    expect(new URLSearchParams(screen.getByTestId('address').textContent ?? '').get('benefits')).toBe('snap');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(lastSearch().benefits).toBeUndefined());
    expect(new URLSearchParams(screen.getByTestId('address').textContent ?? '').has('benefits')).toBe(false);
  });

  it('fetches the first picture on the page at once, even when the first card has no photo', async () => {
    const listing = (id: number, photo: string | null) => ({
      id,
      name: `Product ${id}`,
      category: 'eggs',
      availability: 'available',
      price: 5,
      price_unit: 'dozen',
      primary_image_url: photo,
      farm_name: 'Bluegrass Acres',
      verified: false,
      city: 'Berea',
      state: 'KY',
      distance: null,
    });
    const answer = { products: [listing(1, null), listing(2, '/uploads/products/2/a-800.webp')], total: 2 };
    // The page also reads the benefit programmes (their filter label): only the search answers these products.
    get.mockImplementation(async (path) => (path === '/search/products' ? answer : { products: [], total: 0 }) as never);
    onTestFinished(() => void get.mockResolvedValue({ products: [], total: 0 } as never));
    show('/products');
    await screen.findByText('Product 2');
    const pictures = [...document.querySelectorAll('main img, img')];
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([['eager', 'high']]);
  });

  it('folds its filters behind one button that counts those set, so a phone sees results first', async () => {
    show('/products?category=honey&benefits=snap&availability=all');
    await screen.findByText('No products found');
    const fold = screen.getByRole('button', { name: 'Filters (3 set)' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    const filters = document.getElementById(fold.getAttribute('aria-controls') as string) as HTMLElement;
    expect(filters.contains(screen.getByLabelText('Category'))).toBe(true);
    // Folded below md, laid out in the row from md up (display: contents).
    expect(filters.className).toMatch(/(^| )hidden( |$)/);
    expect(filters.className).toContain('md:contents');
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(filters.className).not.toMatch(/(^| )hidden( |$)/);
    // The search box stays outside the fold.
    expect(filters.contains(screen.getByRole('combobox', { name: 'Search' }))).toBe(false);
  });
});
