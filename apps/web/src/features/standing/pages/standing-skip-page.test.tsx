import type { SkipLinkInfo } from '@farmstand/shared/schemas/standing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));

import StandingSkipPage from './standing-skip-page';

vi.setConfig({ testTimeout: 60_000 });

const TOKEN = '5-2165307180.abcdefghijklmnopqrstuv';

const info = (overrides: Partial<SkipLinkInfo> = {}): SkipLinkInfo => ({
  farm_name: 'Cumberland Farm',
  place: 'Lexington Farmers Market',
  starts_at: '2099-06-06T13:00:00.000Z',
  cutoff_at: '2099-06-05T13:00:00.000Z',
  time_zone: 'America/New_York',
  items: ['2 × Brown Eggs', '1 × Honey (1 lb jar)'],
  state: 'valid',
  standing_id: 5,
  message: 'Skip Sat, Jun 6, 9:00 AM at Lexington Farmers Market? The next weeks stay as they are.',
  ...overrides,
});

function renderAt(token: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/standing/skip/${token}`]}>
        <Routes>
          <Route path="/standing/skip/:token" element={<StandingSkipPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the skip link of a standing reservation’s reminder', () => {
  it('shows what it would skip and changes nothing on opening; the button skips that pickup once', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(info() as never);
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(
        info({ state: 'used', message: 'Skipped: no order for Sat, Jun 6, 9:00 AM. The next weeks stay as they are.' }) as never,
      );
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Skip this pickup?' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`/standing/links/skip/${TOKEN}`);
    expect(screen.getByText('Cumberland Farm')).toBeTruthy();
    expect(screen.getByText('Lexington Farmers Market')).toBeTruthy();
    expect(screen.getByText(/Sat, Jun 6, 9:00 AM/, { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('1 × Honey (1 lb jar)')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Skip this pickup' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Skipped: no order for Sat, Jun 6, 9:00 AM. The next weeks stay as they are.',
    );
    expect(post).toHaveBeenCalledWith(`/standing/links/skip/${TOKEN}`);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Pickup skipped']);
    expect(screen.queryByRole('button', { name: 'Skip this pickup' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your standing reservations' }).getAttribute('href')).toBe(
      '/orders?tab=standing',
    );
  });

  it('says so when the link was used or has expired, without a button', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(
      info({ state: 'used', message: 'This link was used: Sat, Jun 6, 9:00 AM is skipped.' }) as never,
    );
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'This pickup is skipped' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('This link was used: Sat, Jun 6, 9:00 AM is skipped.');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();

    vi.spyOn(api, 'get').mockResolvedValue(
      info({ state: 'expired', message: 'This link has expired: orders for Sat, Jun 6, 9:00 AM closed.' }) as never,
    );
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'This skip link has expired' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the server’s message for a link that is not valid', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(
      new ApiError(400, 'This skip link is not valid. Open your standing reservations on the Orders page instead.'),
    );
    renderAt('tampered');
    expect(await screen.findByRole('heading', { level: 1, name: 'This skip link can’t be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This skip link is not valid. Open your standing reservations on the Orders page instead.',
    );
  });

  it('says why the skip failed when it was used meanwhile', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(info() as never);
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(410, 'This link was used: Sat, Jun 6, 9:00 AM is skipped.'));
    renderAt(TOKEN);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip this pickup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link was used: Sat, Jun 6, 9:00 AM is skipped.');
  });
});
