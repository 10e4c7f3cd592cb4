import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

const titles: string[] = [];
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: (title: string) => titles.push(title) }));

import { testMarketPage } from '../markets.fixture';
import MarketPage from './market-page';

const get = vi.spyOn(api, 'get');

function show(slug = 'lexington-farmers-market') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/markets/${slug}`]}>
        <Routes>
          <Route path="/markets/:slug" element={<MarketPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a market’s page', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
    titles.length = 0;
  });

  it('shows the address, days, season, the next market days as the market’s own calendar days, and the title', async () => {
    get.mockResolvedValue(testMarketPage() as never);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lexington Farmers Market' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets/lexington-farmers-market', undefined, expect.anything());
    expect(screen.getByText('215 W Main St, Lexington, KY 40507')).toBeTruthy();
    expect(screen.getByTestId('market-days').textContent).toContain('Saturdays 7 AM–12 PM');
    expect(screen.getByText('Season: Apr 4 – Dec 19, 2026')).toBeTruthy();
    expect(screen.getByTestId('next-market-day').textContent).toBe('Next market day: Saturday, Dec 12');
    const coming = screen.getByRole('heading', { name: 'Coming market days' }).nextElementSibling as HTMLElement;
    expect(
      within(coming)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Saturday, Dec 12', 'Saturday, Dec 19']);
    expect(titles).toContain('Lexington Farmers Market — Lexington, KY');
  });

  it('lists the closed dates ahead, each with its weekday and year', async () => {
    get.mockResolvedValue(testMarketPage({ closedDates: ['2030-12-26'] }) as never);
    show();
    const closed = (await screen.findByRole('heading', { name: 'Closed on' })).nextElementSibling as HTMLElement;
    expect(
      within(closed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Thursday, Dec 26, 2030']);
  });

  it('explains the benefits matched there, the incentive with its name and cap per shopper per market day', async () => {
    get.mockResolvedValue(testMarketPage() as never);
    show();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('SNAP at the info booth')).toBeTruthy();
    expect(screen.getByText(/up to \$20\.00 per shopper each market day/)).toBeTruthy();
    expect(screen.getByText('Senior FMNP coupons')).toBeTruthy();
    expect(screen.queryByText('WIC FMNP coupons')).toBeNull();
  });

  it('lists its vendors with what they offer for the coming market day, linked to the farm and the product', async () => {
    get.mockResolvedValue(testMarketPage() as never);
    show();
    expect(await screen.findByRole('heading', { name: 'Vendors on Saturday, Dec 12' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Green Valley Farm' }).getAttribute('href')).toBe('/producer/7');
    expect(screen.getByText('Paris · Booth: B4')).toBeTruthy();
    const offers = screen.getByRole('list', { name: 'What Green Valley Farm offers' });
    expect(within(offers).getByRole('link', { name: 'Pasture eggs' }).getAttribute('href')).toBe('/product/31');
    expect(within(offers).getByText('$6.00/dozen')).toBeTruthy();
  });

  it('says the market was not found for an unknown address', async () => {
    get.mockRejectedValue(new ApiError(404, 'Market not found'));
    show('nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Market not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All markets' }).getAttribute('href')).toBe('/markets');
  });
});
