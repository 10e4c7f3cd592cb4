import { STORAGE_KEYS } from '@farmstand/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { clearToken, setToken } from '@/lib/storage';
import { addToBasket, useBaskets } from './basket';

/** What a page shows from the baskets: the farms and the lines in them. */
function BasketView() {
  const baskets = useBaskets();
  return (
    <p data-testid="baskets">
      {baskets.map((b) => `${b.farmName}: ${b.lines.map((l) => `${l.quantity} ${l.name}`).join(', ')}`).join('; ') || 'empty'}
    </p>
  );
}

function fillBasket() {
  addToBasket(
    { producerUserId: 7, farmName: 'Bluegrass Acres' },
    { productId: 3, name: 'Eggs', price: 5, priceUnit: 'dozen', quantity: 2, max: 10 },
  );
  localStorage.setItem(STORAGE_KEYS.pickupName, 'Alice Shopper');
}

describe('the basket and pickup name on a shared computer', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, pathname: '/orders', assign });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    assign.mockReset();
    act(() => clearToken());
    localStorage.clear();
  });

  it('signing out removes the basket and the pickup name, and the page stops showing the basket', () => {
    setToken('alice-token');
    render(<BasketView />);
    act(() => fillBasket());
    expect(screen.getByTestId('baskets').textContent).toBe('Bluegrass Acres: 2 Eggs');

    act(() => clearToken());

    expect(screen.getByTestId('baskets').textContent).toBe('empty');
    expect(localStorage.getItem(STORAGE_KEYS.baskets)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pickupName)).toBeNull();
  });

  it('an expired session (a 401 from the API) removes them too', async () => {
    setToken('alice-token');
    render(<BasketView />);
    act(() => fillBasket());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Your session has expired' }), { status: 401 })),
    );

    await act(() => api.get('/orders').catch(() => undefined));

    // Forgotten quietly: the page stays where it is, and the basket goes with the session.
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByTestId('baskets').textContent).toBe('empty');
    expect(localStorage.getItem(STORAGE_KEYS.baskets)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pickupName)).toBeNull();
  });

  it("keeps a guest's basket when the guest signs in", () => {
    render(<BasketView />);
    act(() => fillBasket());

    setToken('new-session');

    expect(screen.getByTestId('baskets').textContent).toBe('Bluegrass Acres: 2 Eggs');
    expect(localStorage.getItem(STORAGE_KEYS.baskets)).not.toBeNull();
  });
});
