import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UnsubscribePage from './unsubscribe-page';

const posted: string[] = [];

vi.mock('@/lib/api', () => {
  class ApiError extends Error {}
  return {
    ApiError,
    api: {
      post: (path: string) => {
        posted.push(path);
        if (path.includes('tampered')) return Promise.reject(new ApiError('This unsubscribe link is not valid.'));
        return Promise.resolve({ pickup_reminders: false, message: 'You will no longer get pickup reminder e-mails.' });
      },
    },
    errorMessage: (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback),
  };
});

function renderAt(token: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/reminders/unsubscribe/${token}`]}>
        <Routes>
          <Route path="/reminders/unsubscribe/:token" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the unsubscribe page of a pickup reminder', () => {
  afterEach(() => {
    cleanup();
    posted.length = 0;
  });

  it('changes nothing on opening, and stops reminders with the button', async () => {
    renderAt('12.abcdefghijklmnopqrstuvwxyz');
    expect(screen.getByRole('heading', { name: 'Stop pickup reminders?' })).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/no longer get pickup reminder/);
    expect(posted).toEqual(['/reminders/unsubscribe/12.abcdefghijklmnopqrstuvwxyz']);
    expect(screen.getByRole('heading', { name: 'Reminders stopped' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your orders' }).getAttribute('href')).toBe('/orders');
  });

  it('says why a tampered link did not work', async () => {
    renderAt('12.tampered');
    fireEvent.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid/);
  });
});
