import type { PickupPoint, PickupSettings, PickupSetupResponse } from '@farmstand/shared/schemas/pickup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { PickupTab } from './pickup-tab';

vi.setConfig({ testTimeout: 60_000 });

const settings = (overrides: Partial<PickupSettings> = {}): PickupSettings => ({
  cutoff_hours: 24,
  cap_per_window: null,
  close_after_hours: 12,
  close_as: 'picked_up',
  morning_summary: false,
  standing_lead_hours: 24,
  standing_accept: false,
  ...overrides,
});

function serve(current: PickupSettings, more: Partial<PickupSetupResponse> = {}) {
  const setup = {
    settings: current,
    points: [],
    delivery: { available: false, radius: null },
    time_zone: 'America/New_York',
    incentives: [],
    ...more,
  } as unknown as PickupSetupResponse;
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/pickup/mine') return setup as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PickupTab />
    </QueryClientProvider>,
  );

describe('the order rules: standing reservations', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the farm’s lead time and acceptance, and saves them with the other rules', async () => {
    serve(settings({ standing_lead_hours: 36, standing_accept: true }));
    const put = vi.spyOn(api, 'put').mockResolvedValue({} as never);
    show();
    const group = await screen.findByRole('group', { name: 'Standing reservations' });
    const lead = within(group).getByLabelText('Place standing orders (hours before the cut-off)') as HTMLInputElement;
    expect(lead.value).toBe('36');
    expect(lead.min).toBe('1');
    expect(lead.max).toBe('168');
    const accept = within(group).getByRole('checkbox', {
      name: 'Accept standing orders at once (stock is taken when placed)',
    }) as HTMLInputElement;
    expect(accept.checked).toBe(true);
    expect(document.getElementById(accept.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Otherwise they arrive as requests for you to accept.',
    );

    fireEvent.input(lead, { target: { value: '48' } });
    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/pickup/mine/settings', {
        cutoff_hours: 24,
        cap_per_window: null,
        close_after_hours: 12,
        close_as: 'picked_up',
        morning_summary: false,
        standing_lead_hours: 48,
        standing_accept: false,
      }),
    );
  });

  it('shows the server’s refusal of the lead time under its field, not under the cut-off', async () => {
    serve(settings());
    vi.spyOn(api, 'put').mockRejectedValue(
      new ApiError(400, 'Place standing orders at most 168 hours (a week) before the cut-off', 'standing_lead_hours'),
    );
    show();
    const lead = await screen.findByLabelText('Place standing orders (hours before the cut-off)');
    fireEvent.input(lead, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Place standing orders at most 168 hours (a week) before the cut-off');
    expect(lead.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Order cut-off (hours before pickup)').getAttribute('aria-invalid')).toBe('false');
  });
});

const lexington: PickupPoint = {
  id: 7,
  kind: 'market',
  name: 'Lexington Farmers Market',
  address: '401 W Main St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  delivery_fee: null,
  time_zone: 'America/New_York',
  booth: null,
  min_order: null,
  incentive_market: null,
  season_from: null,
  season_to: null,
  closed_dates: [],
  cutoff_hours: null,
  standing_lead_hours: null,
  schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
};

describe('a place says which participating market it is', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers the running incentive’s markets for the place’s state, or not a participating market, and saves the choice', async () => {
    serve(settings(), {
      points: [lexington],
      incentives: [{ state: 'KY', name: 'Kentucky Double Dollars', markets: ['Lexington Farmers Market', 'Berea Market'] }],
    });
    const put = vi.spyOn(api, 'put').mockResolvedValue({ point: lexington } as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lexington Farmers Market' }));
    const market = screen.getByLabelText('Participating market') as HTMLSelectElement;
    expect([...market.options].map((o) => o.text)).toEqual([
      'Not a participating market',
      'Lexington Farmers Market',
      'Berea Market',
    ]);
    expect(market.value).toBe('');
    fireEvent.change(market, { target: { value: 'Lexington Farmers Market' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save place' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        '/pickup/mine/points/7',
        expect.objectContaining({ incentive_market: 'Lexington Farmers Market' }),
      ),
    );
    // A place in a state where no incentive runs has nothing to choose.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lexington Farmers Market' }));
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TN' } });
    expect(screen.queryByLabelText('Participating market')).toBeNull();
  });
});

describe('a place keeps its own calendar', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('saves the place’s season, closed dates and own cut-off and lead time, empty for the farm’s', async () => {
    serve(settings({ cutoff_hours: 24, standing_lead_hours: 36 }), { points: [lexington] });
    const put = vi.spyOn(api, 'put').mockResolvedValue({ point: lexington } as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lexington Farmers Market' }));
    const calendar = screen.getByRole('group', { name: 'This place’s calendar' });
    fireEvent.change(within(calendar).getByLabelText('Season starts month'), { target: { value: '04' } });
    fireEvent.change(within(calendar).getByLabelText('Season ends month'), { target: { value: '10' } });
    fireEvent.change(within(calendar).getByLabelText('Season ends day'), { target: { value: '31' } });
    fireEvent.input(within(calendar).getByLabelText('Closed date'), { target: { value: '2030-12-26' } });
    fireEvent.click(within(calendar).getByRole('button', { name: 'Add closed date' }));
    expect(within(calendar).getByRole('list', { name: 'Closed dates' }).textContent).toContain('Thu, Dec 26, 2030');
    const cutoff = within(calendar).getByLabelText('Order cut-off here (hours before pickup)');
    expect(cutoff.getAttribute('aria-describedby')).toBeTruthy();
    expect(calendar.textContent).toContain('Empty: the farm’s 24 hours');
    expect(calendar.textContent).toContain('Empty: the farm’s 36 hours');
    fireEvent.input(cutoff, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save place' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        '/pickup/mine/points/7',
        expect.objectContaining({
          season_from: '04-01',
          season_to: '10-31',
          closed_dates: ['2030-12-26'],
          cutoff_hours: 48,
          standing_lead_hours: null,
        }),
      ),
    );
  });
});
