import { STORAGE_KEYS } from '@farmstand/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

const auth = vi.hoisted(() => ({ user: { id: 1, email: 'dana@x.test', userType: 'consumer' } as { id: number } | null }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {} } }));

import { clearBasket } from '../basket';
import { ReserveCard } from './reserve-card';

/** A Saturday market in Kentucky: the next three Saturdays of June 2030 are on offer. */
const saturday = (date: string) => ({
  point_id: 5,
  kind: 'market',
  name: 'Lexington Farmers Market',
  starts_at: `${date}T13:00:00.000Z`,
  ends_at: `${date}T16:00:00.000Z`,
  cutoff_at: `${date}T13:00:00.000Z`,
  date,
  time_zone: 'America/New_York',
  booth: null,
  min_order: null,
  remaining: null,
  full: false,
  delivery_fee: null,
});
const pickup = {
  producer_user_id: 7,
  farm_name: 'Bluegrass Acres',
  settings: {},
  points: [{ id: 5 }],
  windows: ['2030-06-08', '2030-06-15', '2030-06-22'].map(saturday),
  delivery: { available: false, radius: null },
  time_zone: 'America/New_York',
};

const strawberries = (season: { seasonal_start: string | null; seasonal_end: string | null }) => ({
  id: 3,
  name: 'Strawberries',
  category: 'produce',
  price: 6,
  price_unit: 'quart',
  availability: 'seasonal',
  stock_quantity: 40,
  producer_user_id: 7,
  farm_name: 'Bluegrass Acres',
  ...season,
});

const show = (product: ReturnType<typeof strawberries>) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ReserveCard product={product as never} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

vi.setConfig({ testTimeout: 60_000 });

describe('the reserve card of a seasonal product', () => {
  beforeEach(() => {
    localStorage.clear();
    auth.user = { id: 1 };
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
  });
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it('offers Reserve when a pickup day is in season, says pickup is only in season, and keeps the season in the basket', async () => {
    show(strawberries({ seasonal_start: '2030-06-10', seasonal_end: '2030-07-15' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Reserve · / }));
    expect(screen.getByText('Pickup only in season from June 10 until July 15.')).toBeTruthy();
    const [basket] = JSON.parse(localStorage.getItem(STORAGE_KEYS.baskets) ?? '[]');
    expect(basket.lines[0]).toMatchObject({
      name: 'Strawberries',
      quantity: 1,
      season: { seasonal_start: '2030-06-10', seasonal_end: '2030-07-15' },
    });
  });

  it('says when the season starts instead of offering Reserve when no pickup day is in season', async () => {
    show(strawberries({ seasonal_start: '2030-07-01', seasonal_end: '2030-08-31' }));
    expect(await screen.findByText('In season from July 1 — reserve then.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reserve · / })).toBeNull();
    expect(screen.queryByLabelText('Quantity to reserve')).toBeNull();
  });

  it('tells a signed-out visitor when the season starts too, with the year when it is next year', async () => {
    auth.user = null;
    show(strawberries({ seasonal_start: '2031-06-01', seasonal_end: null }));
    expect(await screen.findByText('In season from June 1, 2031 — reserve then.')).toBeTruthy();
    expect(screen.queryByText('Sign in')).toBeNull();
  });

  it('says the season has ended when it ended before the first pickup day', async () => {
    show(strawberries({ seasonal_start: '2030-04-15', seasonal_end: '2030-06-07' }));
    expect(await screen.findByText('Season ended June 7.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reserve · / })).toBeNull();
  });

  it('never offers more than can still go in the basket, and says so when the basket holds all of it', async () => {
    show({ ...strawberries({ seasonal_start: null, seasonal_end: null }), availability: 'available', stock_quantity: 3 });
    const select = (await screen.findByLabelText('Quantity to reserve')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Reserve · / }));
    expect([...(screen.getByLabelText('Quantity to reserve') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['1']);
    fireEvent.click(screen.getByRole('button', { name: /^Reserve · / }));
    expect(screen.getByText('All 3 you can reserve are in your basket.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reserve · / })).toBeNull();
    expect(screen.getByRole('link', { name: 'Basket (3) · Checkout' })).toBeTruthy();
  });

  it('offers Reserve without a season note when every pickup day is in season', async () => {
    show(strawberries({ seasonal_start: '2030-05-01', seasonal_end: '2030-06-30' }));
    expect(await screen.findByRole('button', { name: /^Reserve · / })).toBeTruthy();
    expect(screen.queryByText(/Pickup only in season/)).toBeNull();
  });
});
