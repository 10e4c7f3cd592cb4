import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { testMarket } from '../markets.fixture';
import { MarketsSearchBlock } from './markets-search-block';

const get = vi.spyOn(api, 'get');

function show(words: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MarketsSearchBlock words={words} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the markets block of a search', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
  });

  it('shows the markets whose name or town matches the words, linked to their pages', async () => {
    get.mockResolvedValue({ markets: [testMarket()] } as never);
    show('lexington');
    expect(await screen.findByRole('heading', { name: 'Markets' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lexington Farmers Market' }).getAttribute('href')).toBe(
      '/markets/lexington-farmers-market',
    );
    expect(screen.getByText(/Lexington, KY · Saturdays 7 AM–12 PM · next Saturday, Dec 12/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets', { q: 'lexington' }, expect.anything());
  });

  it('shows nothing when no market matches', async () => {
    get.mockResolvedValue({ markets: [] } as never);
    const { container } = show('eggs');
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('asks nothing without words', () => {
    const { container } = show('  ');
    expect(get).not.toHaveBeenCalled();
    expect(container.textContent).toBe('');
  });
});
