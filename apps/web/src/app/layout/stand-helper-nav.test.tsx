import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/auth-context', () => ({
  useAuth: () => ({ user: { id: 7, email: 'sam@x.test', userType: 'stand_helper' }, isAuthenticated: true }),
}));
vi.mock('@/features/messages/unread-count', () => ({ useUnreadCount: () => 0, formatBadge: String }));
vi.mock('@/shared/site/api', () => ({ useSite: () => ({ site_name: 'Farmstand' }) }));
vi.mock('@/features/market-office/api', () => ({ useHelpsRunMarket: () => false }));
vi.mock('@/shared/theme-context', () => ({ useTheme: () => ({ isDark: false, toggle: () => {} }) }));

import { StandHelperFence } from '../guards';
import { Header } from './header';
import { MobileTabBar } from './mobile-tab-bar';

vi.setConfig({ testTimeout: 60_000 });

/** Decision 579: a stand helper's screens show only the farm's stand and their own account. */
describe('a stand helper', () => {
  afterEach(cleanup);

  it('sees only the stand in the header and the tab bar: no dashboard, shop, basket or messages', () => {
    render(
      <MemoryRouter initialEntries={['/stand']}>
        <Header />
        <MobileTabBar />
      </MemoryRouter>,
    );
    const names = screen.getAllByRole('link').map((link) => link.textContent?.trim());
    expect(names.filter((name) => name === 'Stand')).toHaveLength(2);
    for (const gone of ['Dashboard', 'Messages', 'Browse Products', 'Find Producers', 'Home', 'Search'])
      expect(names).not.toContain(gone);
  });

  it('is sent to /stand from any other page, and keeps the stand and the password page', () => {
    const at = (path: string) =>
      render(
        <MemoryRouter initialEntries={[path]}>
          <StandHelperFence>
            <Routes>
              <Route path="/stand" element={<p>register</p>} />
              <Route path="/account/password" element={<p>password</p>} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </StandHelperFence>
        </MemoryRouter>,
      );
    for (const path of ['/dashboard', '/messages', '/products', '/orders', '/']) {
      at(path);
      expect(screen.getByText('register')).toBeTruthy();
      cleanup();
    }
    at('/account/password');
    expect(screen.getByText('password')).toBeTruthy();
  });
});
