import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';
import { productFixture } from '@/lib/product.fixture';
import { clearBasket, useBasket } from '../basket';
import { OrderAgainButton } from './order-again-button';

vi.setConfig({ testTimeout: 60_000 });

const order = testOrder({
  items: [
    orderItemFixture({ id: 1, product_id: 1, name: 'Brown Eggs', price_unit: 'dozen', unit_price: 7, quantity: 2 }),
    orderItemFixture({ id: 2, product_id: 2, name: 'Honey', price_unit: 'jar', unit_price: 12, quantity: 1 }),
  ],
});

function BasketCount() {
  const basket = useBasket(7);
  return <p>basket: {basket?.lines.map((l) => `${l.quantity} × ${l.name} at ${l.price}`).join('; ') ?? 'empty'}</p>;
}

afterEach(() => {
  cleanup();
  act(() => clearBasket(7));
  vi.restoreAllMocks();
});

describe('order again', () => {
  it('puts the past order in the farm’s basket at today’s prices and says what changed and what was left out', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/products/1')
        return { product: productFixture({ id: 1, name: 'Brown Eggs', price: 7.5, price_unit: 'dozen' }) };
      throw new ApiError(404, 'Product not found');
    });
    render(
      <MemoryRouter>
        <OrderAgainButton order={order} />
        <BasketCount />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('2 items from order #12 are in your basket for Cumberland Farm.')).toBeTruthy();
    expect(screen.getByText('Brown Eggs is now $7.50/dozen (was $7.00).')).toBeTruthy();
    expect(screen.getByText('Honey is no longer listed: left out.')).toBeTruthy();
    expect(screen.getByText('basket: 2 × Brown Eggs at 7.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check out', hidden: true }).getAttribute('href')).toBe('/checkout/7');
  });
});
