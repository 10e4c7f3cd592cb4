import type { StandHelpersResponse } from '@farmstand/shared/schemas/stand-helpers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { Helpers } from './helpers';

vi.setConfig({ testTimeout: 60_000 });

const list = (): StandHelpersResponse => ({
  helpers: [
    {
      id: 41,
      name: 'Sam Booth',
      email: 'sam@example.com',
      added_at: '2026-12-01T15:00:00.000Z',
      last_recorded_at: null,
    },
  ],
  invitations: [
    { id: 9, email: 'kim@example.com', created_at: '2026-12-05T15:00:00.000Z', expires_at: '2026-12-12T15:00:00.000Z' },
  ],
});

const renderHelpers = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Helpers />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Decision 579: the farm's Helpers section. */
describe('the farm’s stand helpers', () => {
  it('invites by e-mail, checked by the shared schema before anything is sent, and shows the server’s refusal', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(list() as never);
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(409, 'This address has a Farmstand account already', undefined, true))
      .mockResolvedValueOnce({ id: 10, email: 'lee@example.com' } as never);
    renderHelpers();
    const email = await screen.findByLabelText('Helper’s e-mail');
    fireEvent.input(email, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.input(email, { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This address has a Farmstand account already')).toBeTruthy();
    fireEvent.input(email, { target: { value: 'Lee@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/stand/helpers/invitations', { email: 'lee@example.com' }));
  });

  it('lists the helpers and the waiting invitations; removes a helper only after the question is confirmed', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(list() as never);
    const del = vi.spyOn(api, 'delete').mockResolvedValue({ message: 'ok' } as never);
    renderHelpers();
    expect(await screen.findByText('Sam Booth')).toBeTruthy();
    expect(screen.getByText(/no sales yet/)).toBeTruthy();
    expect(screen.getByText('kim@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Sam Booth' }));
    expect(screen.getByRole('dialog', { name: 'Remove Sam Booth?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Sam Booth' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove helper' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/stand/helpers/41'));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to kim@example.com' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/stand/helpers/invitations/9'));
  });
});
