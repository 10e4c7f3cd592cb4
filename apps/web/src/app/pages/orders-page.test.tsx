import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standingFixture } from '@/features/standing/standing.fixture';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 1 }, isAuthenticated: true }) }));

import { MyStandingWithBoxes } from './orders-page';

vi.setConfig({ testTimeout: 60_000 });

const card = async () => screen.findByRole('article', { name: 'Cumberland Farm · Lexington Farmers Market' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the composed standing tab', () => {
  it('shows a CSA member their share and the latest box in their size, without Change', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url === '/standing/mine')
        return {
          standing: [
            standingFixture({
              items: [],
              plan: { id: 3, name: 'Summer Veggie Share', size: 'Large', size_index: 1, price: 32.5, dislikes: 'No beets' },
            }),
          ],
        } as never;
      if (url === '/csa/3/boxes')
        return {
          boxes: [
            {
              plan_id: 3,
              week_of: '2099-06-15',
              items: [
                { product_id: 11, variant_id: null, name: 'Brown Eggs', variant_name: null, quantities: [1, 2] },
                { product_id: 13, variant_id: null, name: 'Kale', variant_name: null, quantities: [1, 0] },
              ],
              note: 'First strawberries next week!',
              photo_url: null,
              posted_at: '2099-06-15T12:00:00.000Z',
            },
          ],
        } as never;
      throw new Error(`unexpected GET ${url}`);
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MyStandingWithBoxes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const item = await card();
    expect(item.textContent).toContain('CSA share: Summer Veggie Share, Large · $32.50 a pickup · Dislikes: No beets');
    expect(await within(item).findByRole('heading', { name: 'Box for the week of Mon, Jun 15' })).toBeTruthy();
    expect(item.textContent).toContain('2 × Brown Eggs');
    // Kale is in the small box only.
    expect(item.textContent).not.toContain('Kale');
    expect(item.textContent).toContain('First strawberries next week!');
    expect(within(item).queryByRole('button', { name: 'Change' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Pause' })).toBeTruthy();
  });
});
