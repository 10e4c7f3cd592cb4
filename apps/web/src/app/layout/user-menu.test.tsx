import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/auth-context', () => ({
  useAuth: () => ({ user: { id: 1, email: 'dana@x.test', userType: 'consumer' }, isAuthenticated: true }),
}));
vi.mock('@/features/messages/unread-count', () => ({ useUnreadCount: () => 0, formatBadge: String }));
vi.mock('@/shared/site/api', () => ({ useSite: () => ({ site_name: 'Farmstand' }) }));
vi.mock('@/shared/theme-context', () => ({ useTheme: () => ({ isDark: false, toggle: () => {} }) }));
const market = vi.hoisted(() => ({ helps: false }));
vi.mock('@/features/market-office/api', () => ({ useHelpsRunMarket: () => market.helps }));

import { Header } from './header';

vi.setConfig({ testTimeout: 60_000 });

describe('the user menu', () => {
  afterEach(cleanup);

  it('is a plain disclosure of links (no menu roles it cannot keep), and Escape returns focus', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: /dana@x\.test/ });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Change password' })).toBeTruthy();
    screen.getByRole('link', { name: 'Change password' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('links to the market office only for an account that helps run a market', () => {
    const open = () => {
      render(
        <MemoryRouter>
          <Header />
        </MemoryRouter>,
      );
      fireEvent.click(screen.getByRole('button', { name: /dana@x\.test/ }));
    };
    open();
    expect(screen.queryByRole('link', { name: 'Market office' })).toBeNull();
    cleanup();
    market.helps = true;
    open();
    expect(screen.getByRole('link', { name: 'Market office' }).getAttribute('href')).toBe('/market-office');
  });
});
