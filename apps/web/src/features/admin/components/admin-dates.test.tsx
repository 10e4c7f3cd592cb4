import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LogsTab } from './logs-tab';

const log = {
  id: 1,
  admin_id: 2,
  admin_email: 'admin@example.com',
  action: 'remove_product',
  target_type: 'product',
  target_id: '9',
  details: null,
  // 03:30 UTC: the evening before in Chicago, midday in Tokyo.
  created_at: '2026-11-27T03:30:00.000Z',
};

vi.mock('@/lib/api', () => ({
  api: {
    get: (path: string) => {
      if (path === '/admin/logs') return Promise.resolve({ logs: [log], pagination: { page: 1, limit: 20, total: 1 } });
      if (path === '/admin/settings') return Promise.resolve({ settings: { general: { timezone: 'America/Chicago' } } });
      return Promise.resolve({ errors: [], pagination: { page: 1, limit: 20, total: 0 } });
    },
  },
  errorMessage: (_: unknown, fallback: string) => fallback,
}));

describe('admin dates', () => {
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = browserZone;
  });
  afterEach(cleanup);

  it("shows the activity log's times in the platform's time zone, not the browser's", async () => {
    expect(new Date(log.created_at).getDate()).toBe(27); // the browser's own zone is Tokyo
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LogsTab />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Nov 26, 2026, 9:30 PM')).toBeTruthy();
    expect(screen.queryByText(/Nov 27, 2026/)).toBeNull();
  });
});
