import { STORAGE_KEYS } from '@farmstand/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/storage';
import { addToMarketBasket, useMarketBasket } from './market-basket';

function BasketView() {
  const basket = useMarketBasket(3);
  return <p data-testid="basket">{basket ? basket.lines.map((l) => `${l.quantity} ${l.name}`).join(', ') : 'empty'}</p>;
}

describe('the market basket on a shared computer', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, pathname: '/markets/lexington-farmers-market', assign: vi.fn() });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('signing out removes it, and the page stops showing it', () => {
    setToken('alice-token');
    render(<BasketView />);
    act(() =>
      addToMarketBasket(
        { marketId: 3, slug: 'lexington-farmers-market', marketName: 'Lexington Farmers Market', date: '2026-12-12' },
        {
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
          max: 10,
        },
      ),
    );
    expect(screen.getByTestId('basket').textContent).toBe('2 Eggs');
    act(() => clearToken());
    expect(screen.getByTestId('basket').textContent).toBe('empty');
    expect(localStorage.getItem(STORAGE_KEYS.marketBaskets)).toBeNull();
  });
});
