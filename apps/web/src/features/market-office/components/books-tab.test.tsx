import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { testBooks, testMarket, testStatements, testVendorDay, testVendors } from '../market-office.fixture';
import { BooksTab } from './books-tab';

vi.setConfig({ testTimeout: 60_000 });

/** The API as the books read it, by path. */
function answer(path: string) {
  if (path.endsWith('/reconciliation')) return testBooks();
  if (path.endsWith('/statements')) return testStatements();
  if (path.endsWith('/vendors')) return testVendors();
  if (path.includes('/report/')) return testVendorDay();
  throw new Error(`unexpected ${path}`);
}

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => answer(path) as never);
  // URL.createObjectURL is not in jsdom; the download saves through it.
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderBooks = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BooksTab market={testMarket({ seasonEnd: '2026-10-31' })} />
    </QueryClientProvider>,
  );

/** Decisions 582 and 583: the market's books, statements and the programme's report. */
describe('the market’s books', () => {
  it('reconciles each currency over the season, marks a balance that is not zero, and lists each discrepancy by vendor and day', async () => {
    renderBooks();
    expect(await screen.findByTestId('balance-snap')).toHaveProperty('textContent', '$0.00');
    expect(screen.getByTestId('balance-incentive').textContent).toBe('-$10.00');
    expect(api.get).toHaveBeenCalledWith(
      '/markets/7/reconciliation',
      { from: '2026-04-04', to: '2026-10-31' },
      expect.anything(),
    );
    const discrepancies = screen.getByRole('region', { name: 'Discrepancies by vendor and day' });
    expect(within(discrepancies).getByText('Reported, not counted')).toBeTruthy();
    expect(within(discrepancies).getByText('Sat, Oct 3, 2026')).toBeTruthy();
    expect(await screen.findByTestId('net-12')).toHaveProperty('textContent', '$25.00');
  });

  it('counts what a vendor handed in for a day, in cents, from the discrepancy', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({} as never);
    renderBooks();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Count Elkhorn Creek Farm on Sat, Oct 3, 2026' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Elkhorn Creek Farm, Sat, Oct 3' }, { timeout: 5_000 });
    const snap = await within(dialog).findByLabelText('SNAP tokens counted ($)', {}, { timeout: 5_000 });
    fireEvent.input(snap, { target: { value: '28' } });
    fireEvent.input(within(dialog).getByLabelText('Double Dollars counted ($)'), { target: { value: '20.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the count' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/markets/7/vendors/12/count/2026-10-03', { counted: { snap: 2800, incentive: 2000 } }),
    );
  });

  it('enters a vendor’s report for it, with the farm’s register beside each figure', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(testVendorDay() as never);
    renderBooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the day' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The farm’s register: $390.00', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Sales ($)'), { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the report' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, like 12.50')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Sales ($)'), { target: { value: '412.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the report' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [path, body] = put.mock.calls[0];
    expect(path).toMatch(/^\/markets\/7\/vendors\/12\/report\/2026-\d\d-\d\d$/);
    expect(body).toEqual({
      attended: true,
      salesCents: 41250,
      redemptions: { snap: 3000, credit: 0, incentive: 2000, wic_fmnp: 0, senior_fmnp: 0 },
    });
  });

  it('downloads the programme’s report for a season as CSV and as PDF', async () => {
    const file = vi.spyOn(api, 'file').mockResolvedValue({ blob: new Blob(['a,b']), filename: 'programme-report-2026.csv' });
    renderBooks();
    const report = screen.getByRole('heading', { name: 'The programme’s report' }).parentElement as HTMLElement;
    fireEvent.click(within(report).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(file).toHaveBeenCalledWith('/markets/7/programme-report.csv', { season: '2026' }));
    expect(await within(report).findByRole('link', { name: 'Download programme-report-2026.csv again' })).toBeTruthy();
    fireEvent.click(within(report).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(file).toHaveBeenLastCalledWith('/markets/7/programme-report.pdf', { season: '2026' }));
  });
});
