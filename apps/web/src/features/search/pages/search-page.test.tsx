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
          <SearchPage resultsMap={() => null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('No producers found');
    const [, query] = get.mock.calls.find(([path]) => path === '/search/producers') ?? [];
    expect((query as { radius: number }).radius).toBe(25);
    expect((screen.getByLabelText('Radius') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByRole('button', { name: /list/i, pressed: true })).toBeTruthy();
  });

  it('lists only the farms taking the benefit chosen, kept in the URL as benefits=', async () => {
    get.mockClear();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/search?radius=50']}>
          <SearchPage resultsMap={() => null} />
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
});
