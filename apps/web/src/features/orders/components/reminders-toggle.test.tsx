import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemindersToggle } from './reminders-toggle';

const calls: { method: string; path: string; body?: unknown }[] = [];
let saved = true;

vi.mock('@/lib/api', () => ({
  api: {
    get: (path: string) => {
      calls.push({ method: 'GET', path });
      return Promise.resolve({ pickup_reminders: saved });
    },
    put: (path: string, body: { pickup_reminders: boolean }) => {
      calls.push({ method: 'PUT', path, body });
      saved = body.pickup_reminders;
      return Promise.resolve({ pickup_reminders: saved });
    },
  },
  errorMessage: (_: unknown, fallback: string) => fallback,
}));

describe('pickup reminders toggle', () => {
  afterEach(() => {
    cleanup();
    calls.length = 0;
    saved = true;
  });

  it('shows the saved choice and turns reminders off and on again, by its label', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RemindersToggle />
      </QueryClientProvider>,
    );
    const box = (await screen.findByRole('checkbox', { name: /Pickup reminders by e-mail/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBe('pickup-reminders-hint');

    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/reminders/mine', body: { pickup_reminders: false } });

    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/reminders/mine', body: { pickup_reminders: true } });
  });
});
