import type { StandDay } from '@farmstand/shared/schemas/stand';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import DayBooksPage from './day-books-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const books: StandDay = {
  date: '2026-12-06',
  farm_name: 'Green Valley Farm',
  fns_number: '1234567',
  time_zone: 'America/New_York',
  sales_count: 3,
  pickups_count: 1,
  lines_cents: 4700,
  taxable_cents: 700,
  exempt_cents: 4000,
  tax_cents: 42,
  total_cents: 4742,
  paid_cents: 4742,
  cash_expected_cents: 2742,
  tenders: [
    { kind: 'cash', label: 'Cash', market: null, sales: 3, cents: 2742 },
    { kind: 'snap', label: 'SNAP/EBT', market: null, sales: 1, cents: 2000 },
  ],
  sales: [],
};

function renderBooks() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/stand/day?date=2026-12-06']}>
        <DayBooksPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the day’s books at the stand', () => {
  it('shows the cash that should be in the box, each tender and the tax of the day asked', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(books);
    renderBooks();
    expect((await screen.findByTestId('stand-day-cash-in-the-box')).textContent).toBe('$27.42');
    expect(get).toHaveBeenCalledWith('/stand/day', { date: '2026-12-06' });
    expect(screen.getByTestId('stand-day-sales-tax').textContent).toBe('$0.42');
    expect(screen.getByRole('rowheader', { name: 'SNAP/EBT' })).toBeTruthy();
    expect(screen.getByText(/under FNS retailer number 1234567/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Sunday, December 6');
  });
});
