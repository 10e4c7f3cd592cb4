import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { FreshThisWeek } from './fresh-this-week';

const listing = (id: number, name: string, farm: string, price: number, unit: string, availability = 'available') => ({
  id,
  name,
  farm_name: farm,
  price,
  price_unit: unit,
  category: 'eggs',
  availability,
});

/** The directory has eggs and honey (its newest jar sold out), but no sourdough and no vegetable box. */
const get = vi.spyOn(api, 'get').mockImplementation(async (_path, query) => {
  const { category } = query as { category: string };
  const found =
    category === 'eggs'
      ? [listing(41, 'Duck Eggs', 'Ridge Farm', 8.5, 'half dozen')]
      : category === 'honey'
        ? [
            listing(43, 'Comb Honey', 'Hive Hollow', 14, 'frame', 'sold_out'),
            listing(42, 'Clover Honey', 'Hive Hollow', 11, 'jar'),
          ]
        : [];
  return { products: found, total: found.length } as never;
});

vi.setConfig({ testTimeout: 60_000 });

describe('Fresh this week', () => {
  afterEach(cleanup);

  it('shows the newest listing of each kind that is not sold out, linked to its page, and the sample text only where none exists', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <FreshThisWeek />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const eggs = await screen.findByRole('link', { name: /Duck Eggs/ });
    expect(eggs.getAttribute('href')).toBe('/product/41');
    expect(eggs.textContent).toContain('Ridge Farm');
    expect(eggs.textContent).toContain('$8.50/half\u00a0dozen');
    expect((await screen.findByRole('link', { name: /Clover Honey/ })).getAttribute('href')).toBe('/product/42');
    // None in the directory: the spec's sample, leading to the catalogue of that kind.
    const bread = await screen.findByRole('link', { name: /Sourdough Bread/ });
    expect(bread.getAttribute('href')).toBe('/products?category=bread&search=sourdough');
    const box = await screen.findByRole('link', { name: /Seasonal Vegetable Box/ });
    expect(box.getAttribute('href')).toBe('/products?category=produce&search=vegetable+box');
    expect(screen.queryByText('Green Valley Farm')).toBeNull();
    expect(screen.queryByText('Bluegrass Apiaries')).toBeNull();
    expect(screen.queryByText('Comb Honey')).toBeNull();
    // Each kind asks the product search for its newest listings.
    expect(get).toHaveBeenCalledWith(
      '/search/products',
      { category: 'bread', search: 'sourdough', sort: 'newest', limit: 5 },
      expect.anything(),
    );
  });
});
