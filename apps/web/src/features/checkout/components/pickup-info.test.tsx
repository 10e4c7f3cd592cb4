import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { PickupInfo } from './pickup-info';

vi.setConfig({ testTimeout: 60_000 });

const market = {
  id: 5,
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
  season_from: '04-01',
  season_to: '10-31',
  closed_dates: ['2020-07-04', '2999-07-04'],
  cutoff_hours: 48,
  standing_lead_hours: null,
  schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
};

describe('where and when a farm hands food over', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('tells shoppers each place’s season, its next closed dates and its own cut-off', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      producer_user_id: 7,
      farm_name: 'Bluegrass Acres',
      settings: { cutoff_hours: 24, cap_per_window: null },
      points: [market],
      windows: [],
      delivery: { available: false, radius: null },
      time_zone: 'America/New_York',
    } as never);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PickupInfo producerUserId={7} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Open April 1 – October 31 · Closed Thu, Jul 4 · Order at least 48 hours ahead')).toBeTruthy();
    expect(screen.getByText(/Order at least 24 hours ahead unless a place says otherwise/)).toBeTruthy();
  });
});
