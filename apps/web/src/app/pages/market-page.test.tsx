import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testOffer } from '@/features/market-basket/market-basket.fixture';
import { testMarketPage } from '@/features/markets/markets.fixture';
import { ApiError, api } from '@/lib/api';
import ComposedMarketPage from './market-page';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => undefined }));

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/markets/lexington-farmers-market']}>
        <Routes>
          <Route path="/markets/:slug" element={<ComposedMarketPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a market’s page with its market basket', () => {
  it('shows “This Saturday at the market” for the market’s own id', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockImplementation((async (url: string) => (url.endsWith('/offer') ? testOffer() : testMarketPage())) as never);
    show();
    expect((await screen.findByText('This Saturday at the market', {}, { timeout: 10_000 })).tagName).toBe('H2');
    expect(get).toHaveBeenCalledWith(`/markets/${testMarketPage().id}/offer`, undefined, expect.anything());
  });

  it('leaves the section out where the market takes no baskets', async () => {
    vi.spyOn(api, 'get').mockImplementation((async (url: string) => {
      if (url.endsWith('/offer')) throw new ApiError(404, 'This market takes no market baskets');
      return testMarketPage();
    }) as never);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lexington Farmers Market' })).toBeTruthy();
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('heading', { name: /at the market$/ })).toBeNull();
  });
});
