import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ user: { id: 1, userType: 'consumer' } }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user, isLoading: false }) }));

import AdminPage from '@/app/pages/admin-page';
import ProfilePage from '@/app/pages/profile-page';
import CheckoutPage from '@/features/checkout/pages/checkout-page';

// A page that is only a message (access denied, producers only) still has its h1.
// First renders are slow on a loaded machine; these check wording, not speed.
vi.setConfig({ testTimeout: 60_000 });

describe('message-only pages', () => {
  afterEach(cleanup);

  it('the admin panel refused to a shopper has an h1', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AdminPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Access Denied');
  });

  it('the farm profile refused to a shopper has an h1', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  }, 30_000);

  it('the checkout of an empty basket has an h1', () => {
    localStorage.clear();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/checkout/7']}>
          <Routes>
            <Route path="/checkout/:producerId" element={<CheckoutPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your basket for this farm is empty');
  });
});
