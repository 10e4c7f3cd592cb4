import type { Ledger } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { clearToken, setToken } from '@/lib/storage';
import { LedgerCard, monthOf } from './ledger-card';

vi.setConfig({ testTimeout: 60_000 });

const june: Ledger = {
  month: '2030-06',
  farm_name: 'Bluegrass Acres',
  rows: [
    { kind: 'snap', label: 'SNAP/EBT', market: null, orders: 3, cents: 5400 },
    { kind: 'incentive', label: 'Kentucky Double Dollars', market: 'Lexington Farmers Market', orders: 2, cents: 2000 },
    { kind: 'cash', label: 'Cash', market: null, orders: 4, cents: 3125 },
  ],
  orders: [
    { order_id: 1, picked_up_on: '2030-06-08', shopper: 'Dana', tenders: { snap: 1800, cash: 500 }, total_cents: 2300 },
    { order_id: 2, picked_up_on: '2030-06-08', shopper: 'Lee', tenders: { snap: 1800, incentive: 1000 }, total_cents: 2800 },
    { order_id: 3, picked_up_on: '2030-06-15', shopper: 'Sam', tenders: { snap: 1800, incentive: 1000 }, total_cents: 2800 },
    { order_id: 4, picked_up_on: '2030-06-22', shopper: 'Ann', tenders: { cash: 2625 }, total_cents: 2625 },
  ],
};

const show = (month = '2030-06') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LedgerCard initialMonth={month} />
    </QueryClientProvider>,
  );

describe("the farm's benefits ledger", () => {
  beforeEach(() => {
    setToken('producer-token');
    // jsdom has no object URLs and does not follow links.
    URL.createObjectURL = vi.fn(() => 'blob:ledger');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    clearToken();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("fetches the month's ledger as JSON and shows each programme's orders and amount", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(june as never);
    show();
    const table = await screen.findByRole('table', { name: 'June 2030: 4 orders' });
    expect(get).toHaveBeenCalledWith('/benefits/ledger', { month: '2030-06', format: 'json' }, expect.anything());
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Paid withOrdersAmount',
      'SNAP/EBT3$54.00',
      'Kentucky Double Dollars · Lexington Farmers Market2$20.00',
      'Cash4$31.25',
      'Total recorded$105.25',
    ]);
  });

  it('asks again for another month and says when nothing was recorded', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockImplementation(async (_path, query) =>
        (query as { month: string }).month === '2030-06'
          ? (june as never)
          : ({ ...june, month: '2030-05', rows: [], orders: [] } as never),
      );
    show();
    await screen.findByRole('table');
    fireEvent.input(screen.getByLabelText('Month'), { target: { value: '2030-05' } });
    expect(await screen.findByText('No payments recorded in May 2030.')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/benefits/ledger', { month: '2030-05', format: 'json' }, expect.anything());
  });

  it('downloads the CSV and the PDF from the ledger URL with the sign-in', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(june as never);
    const fetchMock = vi.fn(
      async (url: string) =>
        new Response(url.includes('csv') ? 'kind,amount\n' : '%PDF-1.4', {
          headers: {
            'content-disposition': `attachment; filename="farmstand-benefits-2030-06.${url.includes('csv') ? 'csv' : 'pdf'}"`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show();
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['farmstand-benefits-2030-06.csv']));
    expect(fetchMock).toHaveBeenCalledWith('/api/benefits/ledger?month=2030-06&format=csv', {
      headers: { Authorization: 'Bearer producer-token' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(names).toEqual(['farmstand-benefits-2030-06.csv', 'farmstand-benefits-2030-06.pdf']));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/benefits/ledger?month=2030-06&format=pdf', {
      headers: { Authorization: 'Bearer producer-token' },
    });
  });

  it("shows the server's message when a download is refused", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(june as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Only producers have a benefits ledger' }, { status: 403 })),
    );
    show();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only producers have a benefits ledger');
  });

  it("opens on the viewer's current month", () => {
    expect(monthOf(new Date(2030, 0, 31, 23, 59))).toBe('2030-01');
    expect(monthOf(new Date(2030, 11, 1))).toBe('2030-12');
  });
});
