import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 1, phone: null } }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));

import { addToBasket, clearBasket } from '@/features/orders/basket';
import ComposedCheckoutPage from './checkout-page';

vi.setConfig({ testTimeout: 60_000 });

const farm = { producerUserId: 7, farmName: 'Bluegrass Acres' };

/** The API the composed page reads: pickup times, what the farm takes, and its products' categories. */
function serve() {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/benefits/producers/7')
      return {
        producer_user_id: 7,
        state: 'KY',
        takes: ['snap', 'incentive'],
        incentive_name: 'Kentucky Double Dollars',
        incentive_market: 'Lexington Farmers Market',
      } as never;
    if (path === '/producers/7')
      return {
        products: [
          { id: 1, category: 'eggs', inspection: null },
          { id: 2, category: 'produce', inspection: null },
        ],
      } as never;
    return { producer_user_id: 7, farm_name: 'Bluegrass Acres', settings: {}, points: [], windows: [] } as never;
  });
}

describe('the composed checkout page', () => {
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it("shows the farm's tender plan for the basket's own line totals", async () => {
    serve();
    // 2 dozen eggs at $4.00 and 4 quarts of tomatoes at $2.50: $8.00 + $10.00.
    addToBasket(farm, { productId: 1, name: 'Eggs', price: 4, priceUnit: 'dozen', quantity: 2, max: 12 });
    addToBasket(farm, { productId: 2, name: 'Tomatoes', price: 2.5, priceUnit: 'quart', quantity: 4, max: 40 });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/checkout/7']}>
          <Routes>
            <Route path="/checkout/:producerId" element={<ComposedCheckoutPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('tender-plan-sentence')).textContent).toBe(
      'Pay the producer at pickup: up to $18.00 with SNAP, + $10.00 Kentucky Double Dollars',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Paying with benefits' })).toBeTruthy();
  });
});
