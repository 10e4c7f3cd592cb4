import { TENDER_KINDS, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import type { AdminBenefitsTotals } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { AdminBenefitTotals } from './admin-benefit-totals';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

/** The server answers every kind, in order; `amounts` gives [orders, cents] for some. */
const totals = (month: string, amounts: Partial<Record<(typeof TENDER_KINDS)[number], [number, number]>>) =>
  ({
    month,
    rows: TENDER_KINDS.map((kind) => ({
      kind,
      label: TENDER_LABELS[kind],
      orders: amounts[kind]?.[0] ?? 0,
      cents: amounts[kind]?.[1] ?? 0,
    })),
  }) satisfies AdminBenefitsTotals;

const serve = () =>
  vi.spyOn(api, 'get').mockImplementation(async (path: string, query?: Record<string, unknown>) => {
    if (path !== '/admin/benefits/totals') throw new Error(`unexpected GET ${path}`);
    if (query?.month === '2030-06')
      return totals('2030-06', { snap: [3, 4550], wic_fmnp: [1, 1000], incentive: [2, 2000], cash: [4, 123_456] }) as never;
    if (query?.month === '2030-05') return totals('2030-05', {}) as never;
    throw new ApiError(400, 'Month must be YYYY-MM');
  });

const show = (month = '2030-06') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminBenefitTotals initialMonth={month} />
    </QueryClientProvider>,
  );

/** The table's rows as "label | orders | amount". */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).join(' | '));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the admin’s benefits tendered at pickup', () => {
  it('shows the month’s orders and amount per tender kind, in dollars and cents', async () => {
    const get = serve();
    show();
    expect(screen.getByRole('heading', { level: 2, name: 'Benefits tendered at pickup' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'June 2030' });
    expect(get).toHaveBeenCalledWith('/admin/benefits/totals', { month: '2030-06' }, expect.anything());
    expect(tableRows(table)).toEqual([
      'Paid with | Orders | Amount',
      'SNAP/EBT | 3 | $45.50',
      'WIC FMNP coupons | 1 | $10.00',
      'Senior FMNP coupons | 0 | $0.00',
      'Incentive match | 2 | $20.00',
      'Cash | 4 | $1,234.56',
      'Card | 0 | $0.00',
      'Check | 0 | $0.00',
      'Farm credit | 0 | $0.00',
      'Other | 0 | $0.00',
      'All tenders |  | $1,310.06',
    ]);
  });

  it('changes month with the picker, and says so when nothing was recorded', async () => {
    const get = serve();
    show();
    await screen.findByRole('table', { name: 'June 2030' });
    fireEvent.input(screen.getByLabelText('Month'), { target: { value: '2030-05' } });
    expect(await screen.findByText('No farm recorded any tenders for pickups in May 2030.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/admin/benefits/totals', { month: '2030-05' }, expect.anything());
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for a month it can read, and shows the server’s message when loading fails', async () => {
    const get = serve();
    show('2030-13');
    expect(await screen.findByText('Enter a month as YYYY-MM, like 2030-06')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    cleanup();

    vi.restoreAllMocks();
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(403, 'Only admins review FNS retailer numbers'));
    show();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Only admins review FNS retailer numbers'));
  });
});
