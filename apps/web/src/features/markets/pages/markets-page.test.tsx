import { STORAGE_KEYS } from '@farmstand/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { storage } from '@/lib/storage';

vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {}, useDocumentTitle: () => {} }));

import { testMarket } from '../markets.fixture';
import MarketsPage from './markets-page';

const get = vi.spyOn(api, 'get');

function show(url = '/markets') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <MarketsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the markets list', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
    storage.remove(STORAGE_KEYS.userLocation);
  });

  it('shows each market with its days, next market day, vendors and the benefits matched there', async () => {
    get.mockResolvedValue({ markets: [testMarket()] } as never);
    show();
    const card = (await screen.findByRole('link', { name: 'Lexington Farmers Market' })).closest('article') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Lexington Farmers Market' }).getAttribute('href')).toBe(
      '/markets/lexington-farmers-market',
    );
    const text = card.textContent ?? '';
    expect(text).toContain('Saturdays 7 AM–12 PM');
    expect(text).toContain('Next market day: Saturday, Dec 12');
    expect(text).toContain('2 vendors');
    const benefits = within(card).getByRole('list', { name: 'Benefits at this market' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SNAP at the info booth', 'Kentucky Double Dollars up to $20.00 a day', 'Senior FMNP coupons', 'Card tokens']);
    expect(screen.getByText('1 market, by name')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets', {}, expect.anything());
  });

  it('asks for the nearest first when the shopper’s location is known, and says how far each is', async () => {
    storage.set(STORAGE_KEYS.userLocation, JSON.stringify({ latitude: 38.2, longitude: -84.9, type: 'address' }));
    get.mockResolvedValue({ markets: [testMarket({ distanceMiles: 4.2 })] } as never);
    show();
    expect(await screen.findByText('4.2 mi away')).toBeTruthy();
    expect(screen.getByText('1 market, nearest first')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets', { lat: 38.2, lng: -84.9 }, expect.anything());
  });

  it('says a market out of season is, and searches by name or town from ?q=', async () => {
    get.mockResolvedValue({ markets: [testMarket({ nextDate: null, vendorCount: 1 })] } as never);
    show('/markets?q=lexington');
    expect(await screen.findByText(/Out of season/)).toBeTruthy();
    expect(screen.getByText(/1 vendor$/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets', { q: 'lexington' }, expect.anything());
    expect((screen.getByLabelText('Market name or town') as HTMLInputElement).value).toBe('lexington');
  });

  it('says when no market matches', async () => {
    get.mockResolvedValue({ markets: [] } as never);
    show('/markets?q=nowhere');
    expect(await screen.findByText('No markets found')).toBeTruthy();
    expect(screen.getByText('Try another name or town.')).toBeTruthy();
  });
});
