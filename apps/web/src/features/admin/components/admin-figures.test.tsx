import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const analytics = vi.hoisted(() => ({
  data: {
    time_range: '30d',
    metrics: {
      total_revenue: 10,
      revenue_change: 100,
      active_users: 1,
      user_growth: 0,
      total_orders: 0,
      order_growth: 0,
      conversion_rate: 0,
      conversion_change: 0,
    },
    top_producers: [] as unknown[],
    top_products: [] as unknown[],
    recent_activity: [],
    charts: { users: [], revenue: [], products: [], engagement: [] },
    orders_per_week: [] as unknown[],
    geographic_data: [],
    user_segments: [],
    platform_health: { api_response_time: 10, db_performance: 5, error_rate: 0, uptime: 96.5 as number | null },
  },
}));
vi.mock('../api', () => ({
  useAnalytics: () => ({ isPending: false, isError: false, data: analytics.data }),
  useAdminSettings: () => ({ data: undefined }),
  useDashboardStats: () => ({
    isPending: false,
    isError: false,
    data: {
      users: { total_users: 3, new_users_30d: 3, total_producers: 1 },
      products: { total_products: 0, available_products: 0 },
      subscriptions: { active_subscriptions: 1, trial_subscriptions: 0 },
      orders: { total_orders: 0, total_revenue: 10 },
      reviews: { pending_reviews: 0, average_rating: null },
    },
  }),
}));
vi.mock('@/components/ui/admin-ui', async (original) => ({
  ...(await original<typeof import('@/components/ui/admin-ui')>()),
  useLoadErrorToast: () => {},
}));

import { rateHealth } from '@farmstand/shared/schemas/ops';
import { AnalyticsTab } from './analytics-tab';
import { DashboardTab } from './dashboard-tab';

vi.setConfig({ testTimeout: 60_000 });

const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement as HTMLElement;

describe('the admin figures', () => {
  afterEach(cleanup);

  it("labels the platform's income as subscription revenue, in a card of its own, not beside the orders", () => {
    render(<DashboardTab />);
    const revenue = card('Subscription revenue');
    expect(within(revenue).getByText('$10.00')).toBeTruthy();
    const orders = card('Orders');
    expect(orders.textContent).not.toMatch(/revenue|\$/);
  });

  it('says no product had activity instead of listing zeros, and names the revenue the same way', () => {
    render(<AnalyticsTab />);
    expect(screen.getByText('No product was reserved or asked about in this period.')).toBeTruthy();
    expect(screen.getByText('No farm was asked about or saved in this period.')).toBeTruthy();
    expect(screen.queryByText(/0 orders · 0 inquiries/)).toBeNull();
    expect(screen.getByText('Subscription revenue', { selector: 'p' })).toBeTruthy();
  });

  it("shows uptime as the Health tab does: the 24-hour percentage with the Health tab's rating", () => {
    render(<AnalyticsTab />);
    const uptime = screen.getByText('Uptime (24 h)').nextElementSibling as HTMLElement;
    expect(uptime.textContent).toContain('96.5%');
    // 96.5% is between the warning (95) and good (99) thresholds: the same rateHealth the Health tab uses.
    expect(rateHealth('uptime', 96.5)).toBe('warning');
    expect(within(uptime).getByText('Warning')).toBeTruthy();
    expect(uptime.textContent).not.toMatch(/hours since start/);
  });
});
