import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const data = {
  time_range: '30d',
  metrics: {
    total_revenue: 0,
    revenue_change: 0,
    active_users: 0,
    user_growth: 0,
    total_orders: 0,
    order_growth: 0,
    conversion_rate: 0,
    conversion_change: 0,
  },
  top_producers: [],
  top_products: [],
  recent_activity: [],
  charts: { users: [], revenue: [], products: [], engagement: [] },
  orders_per_week: [],
  geographic_data: [],
  user_segments: [],
  platform_health: { api_response_time: 10, db_performance: 5, error_rate: null, uptime: 99.5 },
};
const fetchAnalyticsCsv = vi.fn(async (_range: string) => ({ blob: new Blob(['x']), filename: 'farmstand-analytics-30d.csv' }));
vi.mock('../api', () => ({
  fetchAnalyticsCsv: (range: string) => fetchAnalyticsCsv(range),
  useAnalytics: () => ({ isPending: false, isError: false, data }),
  useAdminSettings: () => ({ data: undefined }),
}));
vi.mock('@/components/ui/admin-ui', () => ({ useLoadErrorToast: () => {} }));

import { AnalyticsTab } from './analytics-tab';

vi.setConfig({ testTimeout: 60_000 });

describe('the admin analytics tab', () => {
  afterEach(cleanup);

  // The tab sits under the page's h1 (Admin Panel), so its sections are h2s: no level is skipped.
  it('titles its sections with h2, under the page h1', () => {
    render(<AnalyticsTab />);
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels.length).toBeGreaterThan(3);
    expect(Math.min(...levels)).toBe(2);
  });

  it('downloads the figures it shows, of the period chosen, as a CSV', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render(<AnalyticsTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Download these figures (CSV)' }));
    await waitFor(() => expect(fetchAnalyticsCsv).toHaveBeenCalledWith('30d'));
  });
});
