import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const data = {
  time_range: '7d',
  metrics: {
    total_revenue: 0,
    revenue_change: 0,
    active_users: 0,
    user_growth: 0,
    total_orders: 3,
    order_growth: 0,
    conversion_rate: 0,
    conversion_change: 0,
  },
  top_producers: [],
  top_products: [],
  recent_activity: [],
  charts: { users: [], revenue: [], products: [], engagement: [] },
  orders_per_week: [
    { week_start: '2030-06-03', orders: 1, reserved_value: 46 },
    { week_start: '2030-06-17', orders: 2, reserved_value: 11 },
  ],
  geographic_data: [],
  user_segments: [],
  platform_health: { api_response_time: 10, db_performance: 5, error_rate: null, uptime: 99.5 },
};
vi.mock('../api', () => ({
  useAnalytics: () => ({ isPending: false, isError: false, data }),
  useAdminSettings: () => ({ data: undefined }),
}));
vi.mock('@/components/ui/admin-ui', () => ({ useLoadErrorToast: () => {} }));

import { AnalyticsTab } from './analytics-tab';

vi.setConfig({ testTimeout: 60_000 });

describe('the admin’s orders per week', () => {
  afterEach(cleanup);

  it('shows every farm’s orders per pickup week with their value, weighed orders at their weighed total, as the farm’s table does', () => {
    render(<AnalyticsTab />);
    const section = screen.getByRole('heading', { name: 'Orders per week', level: 2 }).parentElement as HTMLElement;
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pickup week of', 'Orders', 'Order value']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Jun 3', '1', '$46.00']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Jun 17', '2', '$11.00']);
    expect(within(section).getByText(/Every farm’s orders by the week of their pickup/).textContent).toContain(
      'weighed ones at their weighed total',
    );
    expect(within(section).getByText(/whatever the period chosen above/)).toBeTruthy();
  });
});
