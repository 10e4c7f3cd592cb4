import type { Order } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { BY_PIECE_ORDER, orderItemFixture } from '../order.fixture';
import { OrderCard } from './order-card';

const order = (planned: Order['planned_benefits']): Order => ({
  id: 21,
  status: 'accepted',
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  shopper: { id: 121, name: 'Dana', phone: null, email: 'dana@x.test' },
  fulfilment: 'pickup',
  place: { point_id: 5, kind: 'market', name: 'Nashville Farmers Market', address: null },
  window: {
    starts_at: '2030-06-08T14:00:00.000Z',
    ends_at: '2030-06-08T17:00:00.000Z',
    cutoff_at: '2030-06-07T14:00:00.000Z',
    date: '2030-06-08',
    time_zone: 'America/Chicago',
  },
  booth: null,
  delivery_address: null,
  delivery_miles: null,
  delivery_fee: 0,
  items: [orderItemFixture()],
  subtotal: 16,
  total: 16,
  ...BY_PIECE_ORDER,
  total_min: 16,
  total_max: 16,
  note: null,
  decline_reason: null,
  standing_id: null,
  planned_benefits: planned,
  conversation_id: null,
  created_at: '2030-06-05T12:00:00.000Z',
  expires_at: '2030-06-07T12:00:00.000Z',
  events: [],
  allowed: [],
});

function show(value: Order, side: 'shopper' | 'producer' | 'admin') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OrderCard order={value} side={side} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the benefits a shopper plans to pay an order with, on its card', () => {
  afterEach(cleanup);

  it('are named on the farm’s card', () => {
    show(order(['snap', 'wic_fmnp']), 'producer');
    expect(screen.getByTestId('order-planned-benefits').textContent).toBe('Plans to pay with SNAP/EBT and WIC FMNP coupons');
  });

  it('are shown back to the shopper on their own order', () => {
    show(order(['senior_fmnp']), 'shopper');
    expect(screen.getByTestId('order-planned-benefits').textContent).toBe('You plan to pay with Senior FMNP coupons');
  });

  it('leave no line when the shopper named none', () => {
    show(order([]), 'producer');
    expect(screen.queryByTestId('order-planned-benefits')).toBeNull();
    expect(screen.queryByText(/plans? to pay with/i)).toBeNull();
  });
});
