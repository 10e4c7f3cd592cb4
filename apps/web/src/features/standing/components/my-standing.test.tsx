import type { Standing } from '@farmstand/shared/schemas/standing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 1 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { saturday, standingFixture } from '../standing.fixture';
import { MyStanding } from './my-standing';

vi.setConfig({ testTimeout: 60_000 });

const answer = (message: string, standing = standingFixture()) => ({ standing, message }) as never;

const show = (list: Standing[]) => {
  vi.spyOn(api, 'get').mockResolvedValue({ standing: list } as never);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MyStanding />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const card = async () => screen.findByRole('article', { name: 'Cumberland Farm · Lexington Farmers Market' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the shopper’s standing reservations', () => {
  it('shows the terms, the items and each next pickup’s state in words, with its order', async () => {
    show([standingFixture()]);
    const item = await card();
    expect(item.textContent).toContain('Every week · Saturdays at 9:00 AM');
    expect(item.textContent).toContain('Last date Sep 26, 2099');
    expect(item.textContent).toContain('2 × Brown Eggs');
    expect(item.textContent).toContain('1 × Honey (1 lb jar)');
    expect(within(item).getByText('Active')).toBeTruthy();
    const rows = within(item)
      .getAllByRole('listitem')
      .filter((li) => li.textContent?.includes('Jun'));
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sat, Jun 6, 9:00 AMPlaced as order #81'),
      expect.stringContaining('Skipped'),
      expect.stringContaining('Upcoming — placed on Thu, Jun 18, 9:00 AM'),
      expect.stringContaining('Missed: Brown Eggs: sold out'),
    ]);
    expect(within(item).getByRole('link', { name: 'order #81' }).getAttribute('href')).toBe('/orders?order=81');
    // Before the cut-off: skip a placed or upcoming pickup, take a skip back; nothing for a missed one.
    expect(
      within(item)
        .getAllByRole('button', { name: /^Skip / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Skip Sat, Jun 6', 'Skip Sat, Jun 20']);
    expect(within(item).getByRole('button', { name: 'Undo skip Sat, Jun 13' })).toBeTruthy();
  });

  it('says a week at the place’s closed date has no pickup, with the reason, and offers neither Skip nor Undo for it', async () => {
    show([
      standingFixture({
        upcoming: [
          saturday('2099-06-13', 'off', { reason: 'Lexington Farmers Market is closed on Saturday, June 13' }),
          saturday('2099-06-20', 'upcoming'),
        ],
      }),
    ]);
    const item = await card();
    expect(within(item).getByText('No pickup that week: Lexington Farmers Market is closed on Saturday, June 13')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Sat, Jun 13/ })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Skip Sat, Jun 20' })).toBeTruthy();
  });

  it('skips one pickup by its start and takes a skip back, and shows what the server said', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(answer('Skipped: no order for that pickup.'));
    show([standingFixture()]);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Skip Sat, Jun 20' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/5/skip', { startsAt: '2099-06-20T13:00:00.000Z' }));
    expect((await screen.findByRole('status')).textContent).toBe('Skipped: no order for that pickup.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo skip Sat, Jun 13' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/5/unskip', { startsAt: '2099-06-13T13:00:00.000Z' }));
  });

  it('pauses for the chosen number of weeks, and offers Resume while paused', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(answer('Paused for 3 weeks.'));
    show([standingFixture()]);
    const item = await card();
    expect(within(item).queryByRole('button', { name: 'Resume' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Pause' }));
    fireEvent.change(within(item).getByLabelText('Pause for'), { target: { value: '3' } });
    fireEvent.submit(within(item).getByRole('form', { name: 'Pause' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/5/pause', { weeks: 3 }));
    expect((await screen.findByRole('status')).textContent).toBe('Paused for 3 weeks.');
    cleanup();

    show([standingFixture({ paused_until: '2099-07-04' })]);
    const paused = await card();
    expect(within(paused).getByText('Paused until Sat, Jul 4')).toBeTruthy();
    fireEvent.click(within(paused).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/5/resume'));
  });

  it('saves away dates, and says the server’s reason when it refuses them', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, 'The last day away cannot be before the first', 'to'));
    show([standingFixture()]);
    const item = await card();
    fireEvent.click(within(item).getByRole('button', { name: 'Away dates' }));
    fireEvent.input(within(item).getByLabelText('First day away'), { target: { value: '2099-07-10' } });
    fireEvent.input(within(item).getByLabelText('Last day away'), { target: { value: '2099-07-01' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save away dates' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/5/hold', { from: '2099-07-10', to: '2099-07-01' }));
    expect((await within(item).findByRole('alert')).textContent).toBe('The last day away cannot be before the first');
  });

  it('changes quantities (0 takes a line out), how often, the last date and the planned benefits in one PATCH', async () => {
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(answer('Standing reservation changed.'));
    show([standingFixture({ planned_benefits: ['snap', 'wic_fmnp'] })]);
    const item = await card();
    expect(item.textContent).toContain('You plan to pay with SNAP/EBT and WIC FMNP coupons at each pickup');
    fireEvent.click(within(item).getByRole('button', { name: 'Change' }));
    fireEvent.click(within(item).getByRole('checkbox', { name: 'WIC FMNP coupons' }));
    fireEvent.input(within(item).getByLabelText('× Brown Eggs'), { target: { value: '3' } });
    fireEvent.input(within(item).getByLabelText('× Honey (1 lb jar)'), { target: { value: '0' } });
    fireEvent.click(within(item).getByRole('radio', { name: 'Every 2 weeks' }));
    fireEvent.input(within(item).getByLabelText('Last date (optional)'), { target: { value: '' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/standing/5', {
        items: [{ productId: 11, variantId: null, quantity: 3 }],
        everyWeeks: 2,
        endDate: null,
        plannedBenefits: ['snap'],
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Standing reservation changed.');
  });

  it('cancels only after the question is confirmed', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(answer('Standing reservation cancelled: no more orders will be placed.'));
    show([standingFixture()]);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cancel standing reservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this standing reservation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cancel standing reservation' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel this standing reservation?' })).getByRole('button', {
        name: 'Cancel standing reservation',
      }),
    );
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/5/cancel'));
  });

  it('shows the farm’s reason for ending one and the warning of a place gone, without actions when not active', async () => {
    show([
      standingFixture({ status: 'ended', end_reason: 'We stop the Saturday market for the winter', upcoming: [] }),
      standingFixture({
        id: 6,
        producer: { user_id: 8, farm_name: 'Hill Dairy' },
        upcoming: [],
        warning: 'This weekly time is no longer on the place’s schedule, so no orders are placed.',
      }),
    ]);
    const ended = await card();
    expect(within(ended).getByText('Ended by the farm')).toBeTruthy();
    expect(ended.textContent).toContain('Cumberland Farm ended it: We stop the Saturday market for the winter');
    expect(within(ended).queryByRole('button')).toBeNull();
    const warned = screen.getByRole('article', { name: 'Hill Dairy · Lexington Farmers Market' });
    expect(within(warned).getByRole('note').textContent).toContain('no longer on the place’s schedule');
  });

  it('explains what a standing reservation is and how to make one when there is none', async () => {
    show([]);
    expect(await screen.findByRole('heading', { name: 'No standing reservations yet' })).toBeTruthy();
    expect(screen.getByText(/repeats an order every week, every 2 weeks or every 4 weeks/)).toBeTruthy();
  });
});
