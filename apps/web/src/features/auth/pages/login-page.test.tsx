import { STORAGE_KEYS, TEXTS } from '@farmstand/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/site/api', () => ({ useSite: () => ({ site_name: 'Farmstand' }) }));

import { AuthProvider } from '@/shared/auth-context';
import { routes } from '../routes';
import LoginPage from './login-page';

vi.setConfig({ testTimeout: 60_000 });

const LINK_SENT = 'If an account exists for that email, a sign-in link is on its way. It works once, for 15 minutes.';

function stubApi() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/login') return new Response(JSON.stringify({ message: TEXTS.emailNotVerified }), { status: 403 });
      if (url === '/api/auth/resend-verification') return new Response(JSON.stringify({ message: TEXTS.verificationResent }));
      if (url === '/api/auth/email-link') return new Response(JSON.stringify({ message: LINK_SENT }));
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <AuthProvider>
        <LoginPage />
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('the sign-in page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a new verification link when the account is not verified yet, sent to the typed address', async () => {
    const calls = stubApi();
    renderLogin();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'new@x.test' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'long-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.emailNotVerified);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEXTS.verificationResent);
    expect(calls.find((call) => call.url === '/api/auth/resend-verification')?.body).toEqual({ email: 'new@x.test' });
  });

  it('mails a sign-in link to the typed address, and asks for the address first when there is none', async () => {
    const calls = stubApi();
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Enter your email address first')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'Owner@X.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(LINK_SENT));
    expect(calls.filter((call) => call.url === '/api/auth/email-link').map((call) => call.body)).toEqual([
      { email: 'owner@x.test' },
    ]);
  });
});

describe('the sign-in page, opened by someone signed in', () => {
  const SHOPPER = {
    id: 7,
    email: 'dana@x.test',
    userType: 'consumer',
    phone: null,
    emailVerified: true,
    subscription: { status: 'none', trial_ends_at: null },
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  /** The app's own router (the browser's history) on /login?next=<next>, with the person signed in. */
  function openSignedIn(next: string) {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(SHOPPER))),
    );
    window.history.replaceState(null, '', `/login?next=${encodeURIComponent(next)}`);
    const router = createBrowserRouter([
      ...routes,
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/favorites', element: <h1>Favourites</h1> },
      { path: '*', element: <h1>Some other page</h1> },
    ]);
    render(
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>,
    );
  }

  it.each([
    '/..//evil.example',
    '/%2e%2e//evil',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '//evil.example',
    'https://evil.example',
    '/%',
    '/login',
  ])('goes to the dashboard, without crashing, when next is %j', async (next) => {
    openSignedIn(next);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(window.location.origin).toBe('http://localhost:3000');
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('goes to the page next names when it is a page on this site', async () => {
    openSignedIn('/favorites?tab=2');
    expect(await screen.findByRole('heading', { name: 'Favourites' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/favorites?tab=2');
  });
});
