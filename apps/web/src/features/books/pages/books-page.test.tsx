import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import BooksPage from './books-page';

// The first render loads the page's modules: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 20_000 };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const exportsList = {
  exports: [
    {
      id: 7,
      format: 'xero',
      from: '2030-06-01',
      to: '2030-06-30',
      pointId: null,
      orderCount: 12,
      totalCents: 45678,
      createdAt: '2030-07-01T14:00:00Z',
    },
  ],
};
const quarter = {
  year: 2030,
  quarter: 2,
  timeZone: 'America/New_York',
  state: 'KY',
  months: [
    { month: '2030-04', grossCents: 0, taxableCents: 0, exemptCents: 0, snapPaidCents: 0, taxCents: 0, byRate: [] },
    { month: '2030-05', grossCents: 0, taxableCents: 0, exemptCents: 0, snapPaidCents: 0, taxCents: 0, byRate: [] },
    {
      month: '2030-06',
      grossCents: 45000,
      taxableCents: 11300,
      exemptCents: 33700,
      snapPaidCents: 2000,
      taxCents: 678,
      byRate: [],
    },
  ],
  total: { grossCents: 45000, taxableCents: 11300, exemptCents: 33700, snapPaidCents: 2000, taxCents: 678, byRate: [] },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/farm/books']}>
        <BooksPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the farm’s books page', () => {
  it('lists the files made before, the tax quarter, and says when an export has nothing new', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/pickup/mine')
        return { points: [{ id: 3, name: 'Lexington Farmers Market' }], time_zone: 'America/New_York' };
      if (path === '/books/exports') return exportsList;
      if (path === '/books/tax-summary') return quarter;
      return new Promise(() => {});
    });
    const file = vi
      .spyOn(api, 'file')
      .mockResolvedValue({ blob: new Blob(['x']), filename: 'farmstand-quickbooks-2030-06-01-2030-06-30-nothing-new.csv' });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Books');
    expect(await screen.findByText('Xero (sales invoices)', { selector: 'td' }, slow)).toBeTruthy();
    expect(screen.getByText('$456.78')).toBeTruthy();
    expect((await screen.findAllByRole('option', { name: 'Lexington Farmers Market' }, slow)).length).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'QuickBooks Online (journal entries)' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Nothing new for QuickBooks Online'), slow);
    expect(file.mock.calls[0][0]).toBe('/books/quickbooks.csv');

    const again = screen.getAllByRole('button').find((b) => b.textContent === 'Download Xero (sales invoices) of Jun 1, 2030');
    fireEvent.click(again as HTMLElement);
    await waitFor(() => expect(file).toHaveBeenCalledWith('/books/exports/7'), slow);
  });

  it('shows the quarter’s tax by month and in total', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/pickup/mine') return { points: [], time_zone: 'America/New_York' };
      if (path === '/books/exports') return { exports: [] };
      if (path === '/books/tax-summary') return quarter;
      return new Promise(() => {});
    });
    renderPage();
    expect((await screen.findByTestId('tax-2030-06', {}, slow)).textContent).toBe('$6.78');
    expect(screen.getByTestId('tax-total').textContent).toBe('$6.78');
    expect(screen.getByRole('rowheader', { name: 'June 2030' })).toBeTruthy();
    expect(screen.getByText('No exports yet.')).toBeTruthy();
    // One rate (Kentucky): no list by rate.
    expect(screen.queryByTestId('tax-by-rate')).toBeNull();
  });

  it('names the return of the farm’s own state, never Kentucky’s for a farm elsewhere', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/pickup/mine') return { points: [], time_zone: 'America/Chicago' };
      if (path === '/books/exports') return { exports: [] };
      if (path === '/books/tax-summary')
        return {
          ...quarter,
          timeZone: 'America/Chicago',
          state: 'TN',
          total: {
            ...quarter.total,
            byRate: [
              { ratePercent: 4, taxableCents: 1800, taxCents: 72 },
              { ratePercent: 7, taxableCents: 500, taxCents: 35 },
            ],
          },
        };
      return new Promise(() => {});
    });
    renderPage();
    const text = await screen.findByText(/Tennessee’s State and Local Sales and Use Tax Return \(Form SLS 450\) asks/, {}, slow);
    expect(text.textContent).toContain('what Tennessee does not tax');
    expect(text.textContent).not.toContain('51A102');
    expect(text.textContent).toContain('by month in Chicago time');
    expect((await screen.findByTestId('tax-by-rate', {}, slow)).textContent).toBe(
      'At 4 %: taxable $18.00, tax $0.72At 7 %: taxable $5.00, tax $0.35',
    );
  });
});
