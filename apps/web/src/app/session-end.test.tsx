import { STORAGE_KEYS } from '@farmstand/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/shared/auth-context';
import { GuestOnly, RequireAuth } from './guards';

vi.setConfig({ testTimeout: 60_000 });

const SHOPPER = {
  id: 7,
  email: 'dana@x.test',
  userType: 'consumer',
  phone: null,
  emailVerified: true,
  subscription: { status: 'none', trial_ends_at: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};

function answerMe(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(status === 200 ? SHOPPER : { message: 'Your session has expired' }), { status }),
    ),
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function app(start: string) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <AuthProvider>
        <Routes>
          <Route path="/product/:id" element={<h1>Product page</h1>} />
          <Route
            path="/favorites"
            element={
              <RequireAuth>
                <h1>Favourites</h1>
              </RequireAuth>
            }
          />
          <Route
            path="/login"
            element={
              <GuestOnly>
                <h1>Sign in</h1>
              </GuestOnly>
            }
          />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('a session that ends', () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, 'expired-token'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('on a public page is forgotten quietly and the page stays', async () => {
    answerMe(401);
    app('/product/5');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Product page' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/product/5');
  });

  it('on a page that needs sign-in goes to /login with the page to come back to', async () => {
    answerMe(401);
    app('/favorites?tab=2');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Ffavorites%3Ftab%3D2'));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('signed in on the sign-in page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('goes back to the page that asked', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'good-token');
    answerMe(200);
    app('/login?next=%2Fproduct%2F5');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/product/5'));
  });

  it('never follows a next that leaves the site', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'good-token');
    answerMe(200);
    app('/login?next=%2F%2Fevil.example%2Fphish');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });
});
