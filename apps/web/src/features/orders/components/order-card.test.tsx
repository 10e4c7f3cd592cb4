import type { Order } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { testOrder } from '@/lib/order.fixture';
import { OrderCard } from './order-card';

const order = (planned: Order['planned_benefits']): Order =>
  testOrder({
    id: 21,
    shopper: { id: 121, name: 'Dana', phone: null, email: 'dana@x.test' },
    planned_benefits: planned,
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

describe('a farm’s part of a market order, on the shopper’s card', () => {
  afterEach(cleanup);

  it('links to the market order it is part of, named with the market', () => {
    show(
      testOrder({ market_order_id: 9, place: { point_id: 5, kind: 'market', name: 'Lexington Farmers Market', address: null } }),
      'shopper',
    );
    const link = screen.getByRole('link', { name: 'Part of market order #9 at Lexington Farmers Market' });
    expect(link.getAttribute('href')).toBe('/market-orders/9');
  });

  it('says nothing of a market order on an order of its own', () => {
    show(testOrder(), 'shopper');
    expect(screen.queryByText(/Part of market order/)).toBeNull();
  });

  it('tells the farm its order is its part of market basket #N at the market', () => {
    show(
      testOrder({ market_order_id: 9, place: { point_id: 5, kind: 'market', name: 'Lexington Farmers Market', address: null } }),
      'producer',
    );
    expect(
      screen.getByText('Market basket #9 at Lexington Farmers Market: your part, handed over at the market’s pickup'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Part of market order/ })).toBeNull();
  });
});
