import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/auth-context', () => ({
  useAuth: () => ({ user: { id: 1, email: 'dana@x.test', userType: 'consumer' }, isAuthenticated: true }),
}));
vi.mock('@/features/messages/unread-count', () => ({
  useUnreadCount: () => 3,
  formatBadge: (n: number) => (n > 9 ? '9+' : String(n)),
}));
vi.mock('@/shared/site/api', () => ({ useSite: () => ({ site_name: 'Farmstand' }) }));
vi.mock('@/features/market-office/api', () => ({ useHelpsRunMarket: () => false }));
vi.mock('@/shared/theme-context', () => ({ useTheme: () => ({ isDark: false, toggle: () => {} }) }));

import { Header } from './header';
import { MobileTabBar } from './mobile-tab-bar';

vi.setConfig({ testTimeout: 60_000 });

describe('messages on a phone', () => {
  afterEach(cleanup);

  it('the tab bar has a Messages tab with the unread count', () => {
    render(
      <MemoryRouter>
        <MobileTabBar />
      </MemoryRouter>,
    );
    const tab = screen.getByRole('link', { name: /Messages, 3 unread/ });
    expect(tab.getAttribute('href')).toBe('/messages');
  });

  it('the closed menu button says that messages wait unread', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Open menu, 3 unread messages' })).toBeTruthy();
  });
});
