import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { testVendors } from '../market-office.fixture';
import { StaffTab } from './staff-tab';
import { VendorsTab } from './vendors-tab';

vi.setConfig({ testTimeout: 60_000 });

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Decision 581: the manager reviews the farms that applied, with their documents and warnings, and decides. */
describe('the market’s vendors', () => {
  it('lists applications and vendors with documents, expiry, FNS number and warnings', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(testVendors() as never);
    wrap(<VendorsTab marketId={7} timeZone="America/New_York" />);
    const applications = (await screen.findByRole('region', { name: 'Applications' })) as HTMLElement;
    expect(within(applications).getByText('Bluegrass Greens')).toBeTruthy();
    expect(within(applications).getByText(/HBP-1234/)).toBeTruthy();
    // The uploaded file is private: a button that fetches it with the manager's token, not a bare link.
    expect(within(applications).getByRole('button', { name: /Home-based processor registration/ })).toBeTruthy();
    expect(within(applications).getByText('expires Dec 20, 2026')).toBeTruthy();
    expect(within(applications).getByText('No FNS number while the market swipes SNAP')).toBeTruthy();
    const vendors = screen.getByRole('region', { name: 'Vendors' });
    expect(within(vendors).getByText('1234567')).toBeTruthy();
    expect(within(vendors).getByText('Lexington market stall')).toBeTruthy();
  });

  it('approves at once, and declines only with a reason the farm reads', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(testVendors() as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({} as never);
    wrap(<VendorsTab marketId={7} timeZone="America/New_York" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Bluegrass Greens' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/markets/7/vendors/11/decision', { decision: 'approve', note: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline Bluegrass Greens' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Bluegrass Greens?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Say why, so the farm knows')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Reason'), { target: { value: 'No room for another greens stall' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/markets/7/vendors/11/decision', {
        decision: 'decline',
        note: 'No room for another greens stall',
      }),
    );
  });

  it('offers only the decisions the server takes: an invitation is withdrawn, a declined farm has none', async () => {
    const [applied, approved] = testVendors().vendors;
    vi.spyOn(api, 'get').mockResolvedValue({
      vendors: [
        { ...applied, status: 'invited' },
        { ...approved, producerId: 13, farmName: 'Declined Farm', status: 'declined', decisionNote: 'Full this season' },
      ],
    } as never);
    wrap(<VendorsTab marketId={7} timeZone="America/New_York" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Bluegrass Greens' }));
    expect(screen.getByRole('dialog', { name: 'Withdraw the invitation to Bluegrass Greens?' })).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Declined and removed' });
    expect(within(past).getByText('Note: Full this season')).toBeTruthy();
    expect(within(past).queryAllByRole('button')).toHaveLength(0);
  });

  it('invites a farm by e-mail and shows the server’s refusal', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ vendors: [] } as never);
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, 'That account is not a farm', undefined, true));
    wrap(<VendorsTab marketId={7} timeZone="America/New_York" />);
    fireEvent.input(screen.getByLabelText('The farm’s e-mail'), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('That account is not a farm')).toBeTruthy();
    expect(await screen.findByText(/No farm is waiting/)).toBeTruthy();
  });
});

describe('the market’s staff', () => {
  it('adds a volunteer by e-mail and removes one after asking; managers are not removed here', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      staff: [
        { userId: 2, name: 'Mary Manager', email: 'market@farmstand.test', role: 'manager', addedAt: '2026-03-01T15:00:00.000Z' },
        { userId: 3, name: 'Ben Booth', email: 'booth@farmstand.test', role: 'volunteer', addedAt: '2026-03-02T15:00:00.000Z' },
      ],
    } as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ staff: [] } as never);
    const del = vi.spyOn(api, 'delete').mockResolvedValue({} as never);
    wrap(<StaffTab marketId={7} timeZone="America/New_York" />);
    expect(await screen.findByText('Ben Booth')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Mary Manager' })).toBeNull();
    fireEvent.input(screen.getByLabelText('The volunteer’s e-mail'), { target: { value: 'Kim@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add volunteer' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/markets/7/volunteers', { email: 'Kim@Example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ben Booth' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove volunteer' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/markets/7/volunteers/3'));
  });
});
