import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { HarvestList } from './harvest-list';

const harvest = (from: string, to: string) => ({
  from,
  to,
  farm_name: 'Cumberland Farm',
  days: [
    { date: '2030-06-08', point_name: 'Nashville Farmers Market', kind: 'market' },
    { date: '2030-06-12', point_name: 'Farm stand', kind: 'farm' },
  ],
  lines: [
    {
      product_id: 1,
      name: 'Brown Eggs',
      price_unit: '18 count',
      quantity: 6,
      order_count: 4,
      requested_quantity: 2,
      request_count: 1,
      dates: ['2030-06-08', '2030-06-12'],
    },
    {
      product_id: 2,
      name: 'Heirloom Tomatoes',
      price_unit: 'lb',
      quantity: 3,
      order_count: 1,
      requested_quantity: 0,
      request_count: 0,
      dates: ['2030-06-08'],
    },
    {
      product_id: 3,
      name: 'Apple Pie',
      price_unit: '9-inch pie',
      quantity: 0,
      order_count: 0,
      requested_quantity: 1,
      request_count: 1,
      dates: ['2030-06-12'],
    },
  ],
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HarvestList initialFrom="2030-06-08" />
    </QueryClientProvider>,
  );

describe('harvest list', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('totals what to pick over a week from the day, with units, and marks requests not yet accepted', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockImplementation(
        async (_url: string, query?: Record<string, unknown>) => harvest(String(query?.from), String(query?.to)) as never,
      );
    show();
    const table = await screen.findByRole('table');
    expect(get).toHaveBeenCalledWith('/orders/harvest', { from: '2030-06-08', to: '2030-06-14' }, expect.anything());

    const eggs = within(table).getByRole('row', { name: /Brown Eggs/ });
    expect(within(eggs).getByTestId('harvest-quantity').textContent).toBe('6 × 18-count');
    expect(within(eggs).getByTestId('harvest-requested').textContent).toBe('+ 2 × 18-count (1 not yet accepted)');
    expect(eggs.textContent).toContain('4 orders over 2 days');

    const tomatoes = within(table).getByRole('row', { name: /Heirloom Tomatoes/ });
    expect(within(tomatoes).getByTestId('harvest-quantity').textContent).toBe('3 lb');
    expect(within(tomatoes).getByTestId('harvest-requested').textContent).toBe('—');

    // Only requested so far: nothing to pick yet, one pie if the request is accepted.
    const pie = within(table).getByRole('row', { name: /Apple Pie/ });
    expect(within(pie).getByTestId('harvest-quantity').textContent).toBe('—');
    expect(within(pie).getByTestId('harvest-requested').textContent).toBe('+ 1 × 9-inch pie (1 not yet accepted)');

    expect(screen.getByText(/not counted in "To pick"/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Harvest list · Cumberland Farm/ }).textContent).toContain(
      'Saturday, June 8, 2030 to Friday, June 14, 2030',
    );
  });

  it('asks again for a new range and refuses one that runs backwards or is longer than 31 days, without asking the server', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockImplementation(
        async (_url: string, query?: Record<string, unknown>) => harvest(String(query?.from), String(query?.to)) as never,
      );
    show();
    await screen.findByRole('table');
    const to = screen.getByLabelText('Harvest to');

    fireEvent.input(to, { target: { value: '2030-06-20' } });
    await screen.findByRole('heading', { name: /to Thursday, June 20, 2030/ });
    expect(get).toHaveBeenLastCalledWith('/orders/harvest', { from: '2030-06-08', to: '2030-06-20' }, expect.anything());

    const calls = get.mock.calls.length;
    fireEvent.input(to, { target: { value: '2030-06-01' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/on or after the "from" date/);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(to, { target: { value: '2030-07-20' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/at most 31 days/);
    expect(get.mock.calls.length).toBe(calls);
    expect((screen.getByRole('button', { name: 'Print harvest list' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
