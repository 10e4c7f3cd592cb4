import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { testMarket, testVendors } from '../market-office.fixture';
import { OverviewTab } from './overview-tab';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const renderAt = (now: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  vi.spyOn(api, 'get').mockResolvedValue(testVendors() as never);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OverviewTab market={testMarket()} onOpenTab={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

/** Decision 581: today is the market's own day (its zone), its next days by the shared calendar. */
describe('a market’s overview', () => {
  it('says a Saturday morning is a market day with its hours and lists the next Saturdays', async () => {
    renderAt('2026-10-03T13:00:00Z');
    expect(screen.getByTestId('today-status').textContent).toBe('A market day: open 7 AM–12 PM');
    expect(screen.getByText('Sat, Oct 10')).toBeTruthy();
    expect(await screen.findByText(/0 approved|1 approved/)).toBeTruthy();
  });

  it('reads late Saturday evening in the market’s zone as Saturday, when it is Sunday in UTC, and skips the closed date', () => {
    renderAt('2026-07-05T02:00:00Z');
    expect(screen.getByText('Saturday, July 4, 2026')).toBeTruthy();
    expect(screen.getByTestId('today-status').textContent).toBe('Closed today');
    expect(screen.getByText('Sat, Jul 11')).toBeTruthy();
  });
});
