import { STORAGE_KEYS } from '@farmstand/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => undefined }));

import type { MarketBasket } from '../market-basket';
import { testMarketOrder, testOffer } from '../market-basket.fixture';
import MarketBasketPage from './market-basket-page';

const get = vi.spyOn(api, 'get');
const post = vi.spyOn(api, 'post');

const line = (over: Partial<MarketBasket['lines'][number]>): MarketBasket['lines'][number] => ({
  producerUserId: 7,
  farmName: 'Bluegrass Farm',
  productId: 31,
  variantId: null,
  name: 'Eggs',
  price: 6,
  priceUnit: 'dozen',
  weightUnit: null,
  packMin: null,
  packMax: null,
  quantity: 2,
  max: 50,
  ...over,
});
const BASKET: MarketBasket = {
  marketId: 3,
  slug: 'lexington-farmers-market',
  marketName: 'Lexington Farmers Market',
  date: '2026-12-12',
  clientKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  lines: [
    line({}),
    line({
      producerUserId: 8,
      farmName: 'Red River Greens',
      productId: 41,
      name: 'Kale',
      price: 3.5,
      priceUnit: 'bunch',
      quantity: 2,
      max: 2,
    }),
  ],
};

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/markets/lexington-farmers-market/basket']}>
        <Routes>
          <Route path="/markets/:slug/basket" element={<MarketBasketPage />} />
          <Route path="/market-orders/:id" element={<p>Market order page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.marketBaskets) ?? '{}');

describe('the market basket’s checkout', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.marketBaskets, JSON.stringify({ 3: BASKET }));
    get.mockResolvedValue(testOffer() as never);
  });
  afterEach(() => {
    cleanup();
    get.mockReset();
    post.mockReset();
    localStorage.clear();
  });

  it('shows the lines by farm with each farm’s subtotal, the total and the pickup time in the market’s zone', async () => {
    show();
    const parts = await screen.findAllByTestId('basket-part');
    expect(parts.map((p) => within(p).getByRole('heading').textContent)).toEqual(['Bluegrass Farm', 'Red River Greens']);
    expect(parts[0].textContent).toContain('Subtotal for Bluegrass Farm: $12.00 · takes SNAP');
    expect(parts[1].textContent).toContain('Subtotal for Red River Greens: $7.00');
    expect(screen.getByTestId('basket-total').textContent).toBe('$19.00');
    expect(screen.getByTestId('pickup-time').textContent).toContain('Sat, Dec 12 · 8:00 AM – 12:00 PM');
  });

  it('places the basket once with its id, lines, day and planned SNAP, then forgets it and opens the market order', async () => {
    post.mockResolvedValue({ message: 'Market order placed', marketOrder: testMarketOrder() } as never);
    show();
    fireEvent.input(await screen.findByLabelText('Name for pickup'), { target: { value: 'Dana' } });
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '859 555 0100' } });
    fireEvent.click(screen.getByLabelText('SNAP/EBT'));
    fireEvent.click(screen.getByRole('button', { name: 'Place market order' }));
    expect(await screen.findByText('Market order page')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/markets/3/basket', {
      clientKey: BASKET.clientKey,
      date: '2026-12-12',
      items: [
        { productId: 31, variantId: null, quantity: 2 },
        { productId: 41, variantId: null, quantity: 2 },
      ],
      shopperName: 'Dana',
      shopperPhone: '859 555 0100',
      note: null,
      plannedBenefits: ['snap'],
    });
    expect(stored()).toEqual({});
  });

  it('says which farm’s product ran out and keeps the basket and its id for the retry', async () => {
    post.mockRejectedValueOnce(new ApiError(409, 'Only 1 Kale left at Red River Greens', undefined, true));
    show();
    fireEvent.input(await screen.findByLabelText('Name for pickup'), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place market order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 Kale left at Red River Greens');
    fireEvent.click(screen.getByRole('button', { name: 'One fewer Kale' }));
    post.mockResolvedValueOnce({ message: 'Market order placed', marketOrder: testMarketOrder() } as never);
    fireEvent.click(screen.getByRole('button', { name: 'Place market order' }));
    expect(await screen.findByText('Market order page')).toBeTruthy();
    expect(post.mock.calls.map((call) => (call[1] as { clientKey: string }).clientKey)).toEqual([
      BASKET.clientKey,
      BASKET.clientKey,
    ]);
    expect((post.mock.calls[1][1] as { items: { quantity: number }[] }).items[1].quantity).toBe(1);
  });

  it('asks for a name for pickup before sending anything', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Place market order' }));
    expect(await screen.findByText('Name for pickup is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends nothing while ordering is closed and says when it opens', async () => {
    get.mockResolvedValue(
      testOffer({ open: false, notice: 'Ordering for Saturday 12 December closed Thursday at 9:00 PM' }) as never,
    );
    show();
    expect(await screen.findByText('Ordering for Saturday 12 December closed Thursday at 9:00 PM')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place market order' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
