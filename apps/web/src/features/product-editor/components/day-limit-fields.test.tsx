import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { DayLimitFields } from './day-limit-fields';

vi.setConfig({ testTimeout: 60_000 });

const setup = {
  points: [
    { id: 5, name: 'Lexington Farmers Market', kind: 'market' },
    { id: 6, name: 'Farm stand', kind: 'farm' },
  ],
};

const show = (productId: number | null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DayLimitFields productId={productId} />
    </QueryClientProvider>,
  );

describe('a product’s day limit per pickup place', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each place’s own limit beside the product’s, and saves only the places given one', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
      url === '/pickup/mine' ? (setup as never) : ({ day_limit: 20, limits: [{ point_id: 5, day_limit: 8 }] } as never),
    );
    const put = vi.spyOn(api, 'put').mockResolvedValue({ day_limit: 20, limits: [] } as never);
    show(3);
    const market = (await screen.findByLabelText('Limit at Lexington Farmers Market')) as HTMLInputElement;
    expect(market.value).toBe('8');
    const stand = screen.getByLabelText('Limit at Farm stand') as HTMLInputElement;
    expect(stand.value).toBe('');
    expect(screen.getAllByText('Empty: the product’s (20 a day)')).toHaveLength(2);
    fireEvent.input(market, { target: { value: '' } });
    fireEvent.input(stand, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits per place' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/pickup/mine/products/3/day-limits', { limits: [{ point_id: 6, day_limit: 4 }] }),
    );
  });

  it('asks to save a new product first', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(setup as never);
    show(null);
    expect(await screen.findByText('Save the product first, then set a different limit for a place.')).toBeTruthy();
  });
});
