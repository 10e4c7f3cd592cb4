import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteError, ShellError } from './route-error';
import { routes } from './routes';

// No render error ever leaves a white page.
function Boom(): never {
  throw new Error('injected render error');
}

function Shell() {
  return (
    <div>
      <header>site header</header>
      <Outlet />
    </div>
  );
}

describe('error boundaries', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the app routes put a boundary inside the layout and one around it', () => {
    expect(routes).toHaveLength(1);
    expect(routes[0].errorElement).toBeTruthy();
    const [pages] = routes[0].children ?? [];
    expect(pages.path).toBeUndefined();
    expect(pages.errorElement).toBeTruthy();
    expect(pages.children?.length).toBeGreaterThan(10);
  });

  it('a page that throws while rendering shows the friendly screen and keeps the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          errorElement: <ShellError />,
          children: [{ errorElement: <RouteError />, children: [{ path: '/', element: <Boom /> }] }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByText('site header')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('an error outside the router is caught by the app boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
