import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {} }));
vi.mock('@/lib/analytics', () => ({ track: () => {} }));

import SearchPage from './search-page';

const get = vi.spyOn(api, 'get').mockResolvedValue({ producers: [], total: 0 } as never);

vi.setConfig({ testTimeout: 60_000 });

/** The page's address as the browser would show it (its query string). */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

describe('the producer search page', () => {
  afterEach(cleanup);

  it('ignores a radius that is not one of its choices: it searches and shows the default 25 miles', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/search?radius=7&view=globe']}>
          <SearchPage resultsMap={() => null} producerCard={(producer) => <h3>{producer.farm_name}</h3>} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('No producers found');
    const [, query] = get.mock.calls.find(([path]) => path === '/search/producers') ?? [];
    expect((query as { radius: number }).radius).toBe(25);
    expect((screen.getByLabelText('Radius') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByRole('button', { name: /list/i, pressed: true })).toBeTruthy();
  });

  it('reads the search words from /search?q=, as from search=, and keeps search= once the shopper searches again', async () => {
    get.mockClear();
    // The field's suggestions ask too: none here.
    get.mockImplementation(
      async (path: string) =>
        (path === '/search/suggestions' ? { products: [], producers: [], categories: [] } : { producers: [], total: 0 }) as never,
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/search?q=goat%20cheese']}>
          <SearchPage resultsMap={() => null} producerCard={(producer) => <h3>{producer.farm_name}</h3>} />
          <Address />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('No producers found');
    const [, query] = get.mock.calls.find(([path]) => path === '/search/producers') ?? [];
    expect((query as { search?: string }).search).toBe('goat cheese');
    const field = screen.getByLabelText('Search') as HTMLInputElement;
    expect(field.value).toBe('goat cheese');
    fireEvent.input(field, { target: { value: 'eggs' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Search producers' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?search=eggs'));
  });

  it('lists only the farms taking the benefit chosen, kept in the URL as benefits=', async () => {
    get.mockClear();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/search?radius=50']}>
          <SearchPage resultsMap={() => null} producerCard={(producer) => <h3>{producer.farm_name}</h3>} />
          <Address />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('No producers found');
    fireEvent.change(screen.getByRole('combobox', { name: 'Benefits the farm takes at pickup' }), {
      target: { value: 'coupons' },
    });
    await waitFor(() =>
      expect(get.mock.calls.some(([, query]) => (query as { benefits?: string } | undefined)?.benefits === 'coupons')).toBe(true),
    );
    expect(screen.getByTestId('address').textContent).toBe('?radius=50&benefits=coupons');
    expect(await screen.findByText('Try another benefit, a wider radius or a different search.')).toBeTruthy();
  });

  it('reaches every producer it counts: 52 found, 50 shown, "Show 2 more" asks for offset=50 and shows the last two', async () => {
    const farm = (id: number) => ({
      user_id: id,
      farm_name: `Farm ${id}`,
      city: 'Berea',
      state: 'KY',
      latitude: null,
      longitude: null,
      description: null,
      profile_image_url: null,
      delivery_available: false,
      subscription_status: 'active',
      verified: false,
      product_count: 1,
      distance: null,
    });
    get.mockReset();
    get.mockImplementation((async (_path: string, query: { offset?: number }) => {
      const from = query?.offset ?? 0;
      const ids = Array.from({ length: Math.min(50, 52 - from) }, (_, i) => from + i + 1);
      return { producers: ids.map(farm), total: 52 };
    }) as never);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/search']}>
          <SearchPage resultsMap={() => null} producerCard={(producer) => <h3>{producer.farm_name}</h3>} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('52 producers found');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 52 producers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more' }));
    await screen.findByText('Farm 52');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(52);
    const searches = get.mock.calls.filter(([path]) => path === '/search/producers');
    expect(searches.map(([, query]) => (query as { offset?: number }).offset)).toEqual([undefined, 50]);
    expect(screen.queryByRole('button', { name: /Show \d+ more/ })).toBeNull();
    get.mockReset();
    get.mockResolvedValue({ producers: [], total: 0 } as never);
  });
});
