import { STORAGE_KEYS } from '@farmstand/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const who = vi.hoisted(() => ({ userType: 'consumer' as 'consumer' | 'producer' | 'admin' }));
vi.mock('@/shared/auth-context', () => ({
  useAuth: () => ({ user: { id: 1, email: 'dana@x.test', userType: who.userType }, isAuthenticated: true }),
}));
vi.mock('@/features/messages/unread-count', () => ({ useUnreadCount: () => 0, formatBadge: String }));
vi.mock('@/shared/site/api', () => ({ useSite: () => ({ site_name: 'Farmstand' }) }));
vi.mock('@/features/market-office/api', () => ({ useHelpsRunMarket: () => false }));
vi.mock('@/shared/theme-context', () => ({ useTheme: () => ({ isDark: false, toggle: () => {} }) }));

import { Header } from './header';

vi.setConfig({ testTimeout: 60_000 });

const line = (productId: number, quantity: number) => ({
  productId,
  name: `P${productId}`,
  price: 4,
  priceUnit: null,
  quantity,
  max: 10,
});

function show(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('the header', () => {
  // The baskets are read again when storage changes in another tab: say so after each change here.
  const storageChanged = () => window.dispatchEvent(new StorageEvent('storage', { key: null }));
  beforeEach(() => {
    localStorage.clear();
    storageChanged();
  });
  afterEach(cleanup);

  it('shows the baskets not yet sent, with a properly counted number of items, linking to them', () => {
    who.userType = 'consumer';
    localStorage.setItem(
      STORAGE_KEYS.baskets,
      JSON.stringify([
        { producerUserId: 7, farmName: 'A', lines: [line(1, 2)] },
        { producerUserId: 8, farmName: 'B', lines: [line(2, 1)] },
      ]),
    );
    storageChanged();
    const nav = show();
    const basket = nav.getByRole('link', { name: 'Basket: 3 items, not yet sent' });
    expect(basket.getAttribute('href')).toBe('/orders#baskets');
    expect(basket.textContent).toContain('3');
  });

  it('shows no basket when nothing is in one', () => {
    who.userType = 'consumer';
    const nav = show();
    expect(nav.queryByRole('link', { name: /^Basket/ })).toBeNull();
  });

  it('gives "Orders" one meaning per person: a shopper’s own, a producer’s received (own purchases in the account menu), none for admins', () => {
    who.userType = 'consumer';
    expect(show().getAllByRole('link', { name: 'My Orders' })[0].getAttribute('href')).toBe('/orders');
    cleanup();

    who.userType = 'producer';
    const producerNav = show('/dashboard?tab=orders');
    const received = producerNav.getAllByRole('link', { name: 'Orders' })[0];
    expect(received.getAttribute('href')).toBe('/dashboard?tab=orders');
    // On the Orders tab, "Orders" is the current page, not "Dashboard".
    expect(received.className).toContain('bg-brand-50');
    expect(producerNav.getAllByRole('link', { name: 'Dashboard' })[0].className).not.toContain('bg-brand-50');
    expect(producerNav.queryByRole('link', { name: 'My Orders' })).toBeNull();
    cleanup();

    who.userType = 'admin';
    const adminNav = show();
    expect(adminNav.queryByRole('link', { name: /Orders/ })).toBeNull();
  });
});
