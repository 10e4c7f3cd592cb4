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
      product_name: 'Brown Eggs',
      name: 'Brown Eggs',
      weight_unit: null,
      pack_min: null,
      pack_max: null,
      price_unit: '18 count',
      quantity: 6,
      order_count: 4,
      requested_quantity: 2,
      request_count: 1,
      dates: ['2030-06-08', '2030-06-12'],
    },
    {
      product_id: 2,
      product_name: 'Heirloom Tomatoes',
      name: 'Heirloom Tomatoes',
      weight_unit: null,
      pack_min: null,
      pack_max: null,
      price_unit: 'lb',
      quantity: 3,
      order_count: 1,
      requested_quantity: 0,
      request_count: 0,
      dates: ['2030-06-08'],
    },
    {
      product_id: 3,
      product_name: 'Apple Pie',
      name: 'Apple Pie',
      weight_unit: null,
      pack_min: null,
      pack_max: null,
      price_unit: '9-inch pie',
      quantity: 0,
      order_count: 0,
      requested_quantity: 1,
      request_count: 1,
      dates: ['2030-06-12'],
    },
  ],
});

/** A by-weight line: `quantity` packs of `min`–`max` lb. */
const packs = (productId: number, product: string, name: string, quantity: number, min: number, max: number, requested = 0) => ({
  product_id: productId,
  product_name: product,
  name,
  price_unit: 'lb',
  weight_unit: 'lb',
  pack_min: min,
  pack_max: max,
  quantity,
  order_count: quantity > 0 ? 1 : 0,
  requested_quantity: requested,
  request_count: requested > 0 ? 1 : 0,
  dates: ['2030-06-08'],
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

  it('counts by-weight packs on the harvest list with their weight range and total pounds, never packs as pounds', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      ...harvest('2030-06-08', '2030-06-14'),
      lines: [
        packs(7, 'Grass-fed beef', 'Grass-fed beef (Ribeye, pair)', 2, 1.5, 2.5, 1),
        packs(7, 'Grass-fed beef', 'Grass-fed beef (Roast)', 1, 9, 11),
        packs(8, 'Pork shoulder', 'Pork shoulder', 1, 9, 11),
        { ...packs(9, 'Trout', 'Trout', 3, 12, 16), price_unit: 'oz', weight_unit: 'oz' },
      ],
    } as never);
    show();
    const table = await screen.findByRole('table');
    const quantity = (name: RegExp) =>
      within(within(table).getByRole('row', { name })).getByTestId('harvest-quantity').textContent;

    expect(quantity(/Ribeye, pair/)).toBe('2 packs × 1.5–2.5 lb (3–5 lb)');
    const ribeye = within(table).getByRole('row', { name: /Ribeye, pair/ });
    expect(within(ribeye).getByTestId('harvest-requested').textContent).toBe('+ 1 pack × 1.5–2.5 lb (1 not yet accepted)');
    expect(quantity(/Roast/)).toBe('1 pack × 9–11 lb');
    expect(quantity(/Pork shoulder/)).toBe('1 pack × 9–11 lb');
    expect(quantity(/Trout/)).toBe('3 packs × 12–16 oz (36–48 oz)');
    expect(table.textContent).not.toMatch(/\b2 lb\b|\b1 lb\b/);

    // The product's packs over its variants, in the unit the farmer harvests.
    const beef = within(table).getByRole('row', { name: /Grass-fed beef, all packs/ });
    expect(within(beef).getByTestId('harvest-total').textContent).toBe('12–16 lb');
    expect(within(beef).getByTestId('harvest-requested-total').textContent).toBe('+ 1.5–2.5 lb');
    // A product of one line needs no total of its own.
    expect(within(table).queryByRole('row', { name: /Pork shoulder, all packs/ })).toBeNull();
  });
});
