import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { STORAGE_KEYS } from '@farmstand/shared';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';
import { testMarketOrder, testOffer } from '../market-basket.fixture';
import MarketOrderPage from './market-order-page';

const get = vi.spyOn(api, 'get');
const post = vi.spyOn(api, 'post');

function show(id = 21) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/market-orders/${id}`]}>
        <Routes>
          <Route path="/market-orders/:id" element={<MarketOrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a market order, as its shopper reads it', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
    post.mockReset();
  });

  it('shows one order with each farm’s part: its status, lines, shortage and what is paid to it at pickup', async () => {
    get.mockResolvedValue(testMarketOrder() as never);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Market order #21' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/market-orders/21', undefined, expect.anything());
    expect(screen.getByTestId('market-order-total').textContent).toBe('$19.00');
    expect(screen.getByTestId('market-order-pickup').textContent).toContain('Sat, Dec 12 · 8:00 AM – 12:00 PM');
    const eggs = screen.getByTestId('market-part-101');
    expect(within(eggs).getByText('Requested')).toBeTruthy();
    expect(eggs.textContent).toContain('Pay Bluegrass Farm at pickup$12.00');
    const kale = screen.getByTestId('market-part-102');
    expect(within(kale).getByText('Accepted')).toBeTruthy();
    expect(kale.textContent).toContain('Short: 2 of 3 — Frost took a row');
    expect(
      within(screen.getByRole('list', { name: 'What each farm is paid' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bluegrass Farm: $12.00', 'Red River Greens: $7.00']);
  });

  it('says each line as the slips do: by weight in packs with their weights, by the pound in pounds', async () => {
    const order = testMarketOrder();
    order.parts[0].items = [
      orderItemFixture({
        id: 5,
        name: 'Ribeye',
        price_unit: 'lb',
        unit_price: 24,
        quantity: 2,
        line_total: 60,
        weight_unit: 'lb',
        pack_min: 1,
        pack_max: 1.5,
      }),
      orderItemFixture({ id: 6, name: 'Dry-Aged Ribeye Steak', price_unit: 'lb', unit_price: 24, quantity: 9, line_total: 216 }),
    ];
    get.mockResolvedValue(order as never);
    show();
    const part = await screen.findByTestId('market-part-101');
    expect(within(part).getByText('2 packs × 1–1.5 lb (2–3 lb) Ribeye')).toBeTruthy();
    expect(within(part).getByText('9 lb Dry-Aged Ribeye Steak')).toBeTruthy();
  });

  it('cancels every open part at once after asking', async () => {
    const order = testMarketOrder();
    const parts = order.parts.map((p) => ({ ...p, allowed: ['cancelled' as const] }));
    get.mockResolvedValue({ ...order, parts } as never);
    post.mockResolvedValue({ message: 'Market order cancelled', marketOrder: { ...order, status: 'cancelled' } } as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel market order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel market order' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledWith('/market-orders/21/cancel', {}));
  });

  it('offers no cancel once no part may be cancelled, and says a part declined pays nothing', async () => {
    const order = testMarketOrder({
      parts: [
        testOrder({ id: 101, status: 'declined', decline_reason: 'Sold out at the farm', market_order_id: 21, allowed: [] }),
      ],
    });
    get.mockResolvedValue(order as never);
    show();
    expect(await screen.findByText('Why: Sold out at the farm')).toBeTruthy();
    expect(screen.getByText('Nothing to pay this farm')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel market order' })).toBeNull();
  });

  it('orders it again into the market’s basket for its coming day, never a farm’s own basket', async () => {
    localStorage.clear();
    get.mockImplementation(((path: string) =>
      Promise.resolve(path === '/markets/3/offer' ? testOffer() : testMarketOrder())) as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order again' });
    expect(dialog.textContent).toContain(
      '4 items from market order #21 are in your market basket for Lexington Farmers Market on Saturday, Dec 12.',
    );
    expect(within(dialog).getByText('Kale: only 2 left, so 2 instead of 3.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Review basket' }).getAttribute('href')).toBe(
      '/markets/lexington-farmers-market/basket',
    );
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.marketBaskets) ?? '{}');
    expect(stored['3']).toMatchObject({ date: '2026-12-12', slug: 'lexington-farmers-market' });
    expect(stored['3'].lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [31, 2],
      [41, 2],
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.baskets)).toBeNull();
  });

  it('says a market order of another account is not found', async () => {
    get.mockRejectedValue(new ApiError(404, 'Market order not found'));
    show(99);
    expect(await screen.findByRole('heading', { level: 1, name: 'Market order not found' })).toBeTruthy();
  });
});
