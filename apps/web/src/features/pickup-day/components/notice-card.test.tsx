import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { NoticeCard } from './notice-card';

vi.setConfig({ testTimeout: 60_000 });

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NoticeCard />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the farm’s “ordering is open” notice', () => {
  it('sends what’s new to the shoppers who saved the farm and says how many got it', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      today: '2030-06-05',
      sent_today: false,
      audience: 12,
      followers: 12,
      members: 0,
    } as never);
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ recipients: 12, message: 'Sent to 12 shoppers who follow Hill Farm.' } as never);
    show();
    expect(await screen.findByText(/Saved by 12 shoppers\. 12 shoppers get an e-mail/)).toBeTruthy();
    fireEvent.input(screen.getByLabelText('What’s new this week', { exact: false }), {
      target: { value: 'First strawberries!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 12 shoppers' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/notices', { message: 'First strawberries!' }));
    expect(await screen.findByText('Sent to 12 shoppers who follow Hill Farm.')).toBeTruthy();
  });

  it('says when today’s notice already went out, and shows the server’s refusal', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      today: '2030-06-05',
      sent_today: true,
      audience: 3,
      followers: 3,
      members: 0,
    } as never);
    show();
    expect(await screen.findByText('Sent today. The next notice can go out tomorrow.')).toBeTruthy();
    cleanup();
    vi.spyOn(api, 'get').mockResolvedValue({
      today: '2030-06-05',
      sent_today: false,
      audience: 3,
      followers: 3,
      members: 0,
    } as never);
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(409, 'Add a pickup time first', undefined, true));
    show();
    fireEvent.input(await screen.findByLabelText('What’s new this week', { exact: false }), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 3 shoppers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Add a pickup time first');
  });

  it('shows the same follower count as the farm page, with the standing and CSA members the mail also reaches', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      today: '2030-06-05',
      sent_today: false,
      audience: 5,
      followers: 2,
      members: 3,
    } as never);
    show();
    expect(
      await screen.findByText(
        'Saved by 2 shoppers; 3 are standing or CSA members. 5 shoppers get an e-mail with your next pickup times, each told why. Once a day at most.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/5 shoppers saved/)).toBeNull();
  });
});
