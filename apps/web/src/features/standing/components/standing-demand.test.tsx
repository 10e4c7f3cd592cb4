import type { StandingDemand as Demand } from '@farmstand/shared/schemas/standing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { StandingDemand } from './standing-demand';

vi.setConfig({ testTimeout: 60_000 });

const WEEKS = ['2030-06-03', '2030-06-10', '2030-06-17', '2030-06-24', '2030-07-01', '2030-07-08', '2030-07-15', '2030-07-22'];

const row = (overrides: Partial<Demand['rows'][number]>): Demand['rows'][number] => ({
  product_id: 1,
  variant_id: null,
  name: 'Brown Eggs',
  variant_name: null,
  point_id: 5,
  place: 'Lexington Farmers Market',
  weekday: 6,
  start: '09:00',
  quantities: [2, 2, 2, 2, 2, 2, 2, 2],
  price_unit: 'dozen',
  weight_unit: null,
  pack_min: null,
  pack_max: null,
  ...overrides,
});
const share = (size: string, size_index: number, counts: number[]): Demand['shares'][number] => ({
  plan_id: 4,
  plan: 'Summer Veggie Share',
  size,
  size_index,
  counts,
});

function serve(answer: Demand | Error) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url !== '/standing/demand') throw new Error(`unexpected GET ${url}`);
    if (answer instanceof Error) throw answer;
    return answer as never;
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StandingDemand />
    </QueryClientProvider>,
  );

describe('the farm’s standing demand, next 8 weeks', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('counts CSA shares per plan and size per week before products, each product in its own unit and never one total', async () => {
    serve({
      weeks: WEEKS,
      reservations: 5,
      members: 3,
      shares: [share('Small', 0, [1, 1, 1, 1, 0, 1, 1, 1]), share('Large', 1, [2, 2, 2, 2, 0, 2, 2, 2])],
      rows: [
        row({
          product_id: 2,
          name: 'Pork shoulder',
          place: 'Farm stand',
          weekday: 3,
          start: '16:00',
          price_unit: null,
          weight_unit: 'lb',
          pack_min: 3,
          pack_max: 5,
          quantities: [1, 0, 1, 0, 1, 0, 1, 0],
        }),
        row({}),
        row({
          variant_id: 9,
          name: 'Honey',
          variant_name: 'Wildflower',
          price_unit: '8 oz jar',
          quantities: [0, 0, 3, 3, 3, 3, 3, 3],
        }),
      ],
    });
    show();
    expect(await screen.findByRole('heading', { level: 3, name: 'Standing demand, next 8 weeks' })).toBeTruthy();
    const note = await screen.findByText(/will take each week/);
    expect(note.textContent).toContain('What 3 CSA members and 2 standing reservations will take each week');

    const [shares, products] = screen.getAllByRole('table');
    expect(shares.querySelector('caption')?.textContent).toBe('CSA shares per plan and box size, each week');
    const columns = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    expect(columns(shares)).toEqual([
      'Plan and size',
      'Week of Jun 3',
      'Week of Jun 10',
      'Week of Jun 17',
      'Week of Jun 24',
      'Week of Jul 1',
      'Week of Jul 8',
      'Week of Jul 15',
      'Week of Jul 22',
    ]);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const shareRows = within(shares).getAllByRole('row').slice(1);
    expect(shareRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Summer Veggie Share (Small)',
      'Summer Veggie Share (Large)',
    ]);
    expect(cells(shareRows[1])).toEqual(['2', '2', '2', '2', '0', '2', '2', '2']);

    expect(columns(products).slice(0, 3)).toEqual(['Product', 'Place and time', 'Week of Jun 3']);
    for (const th of within(products).getAllByRole('columnheader')) expect(th.getAttribute('scope')).toBe('col');
    // Products in name order, each named with the unit it counts in, on the place's clock.
    const rows = within(products).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Brown EggsCounted in dozen',
      'Honey (Wildflower)Counted in 8-oz jar',
      'Pork shoulderCounted in packs of 3–5 lb',
    ]);
    expect(rows[0].textContent).toContain('Lexington Farmers MarketSaturday 9:00 AM');
    expect(rows[2].textContent).toContain('Farm standWednesday 4:00 PM');
    expect(cells(rows[0]).slice(1, 3)).toEqual(['2 dozen', '2 dozen']);
    expect(cells(rows[1]).slice(1, 4)).toEqual(['0', '0', '3 × 8-oz jar']);
    expect(cells(rows[2]).slice(1, 3)).toEqual(['1 pack × 3–5 lb', '0']);
    // Dozens, jars and packs are never added into one figure.
    expect(screen.queryByText(/Total units/)).toBeNull();

    // Each table is its own scrolling box, named and reachable by keyboard.
    const region = screen.getByRole('region', { name: 'Products, each in its own unit' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('overflow-x-auto');
    expect(region.contains(products)).toBe(true);
    expect(screen.getByRole('region', { name: 'CSA shares to pack' }).contains(shares)).toBe(true);
  });

  it('exports the demand as CSV from its download link, with the name the server gives', async () => {
    serve({ weeks: WEEKS, reservations: 1, members: 0, shares: [], rows: [row({})] });
    const file = vi
      .spyOn(api, 'file')
      .mockResolvedValue({ blob: new Blob(['Kind,Item']), filename: 'farmstand-standing-demand-2030-06-03.csv' });
    const created = vi.fn(() => 'blob:demand');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['farmstand-standing-demand-2030-06-03.csv']));
    expect(file).toHaveBeenCalledWith('/standing/demand.csv');
  });

  it('says so when nothing is asked for yet, and when every reservation is paused or skipped', async () => {
    serve({ weeks: WEEKS, reservations: 0, members: 0, shares: [], rows: [] });
    show();
    expect(await screen.findByText(/No standing orders yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    serve({ weeks: WEEKS, reservations: 2, members: 0, shares: [], rows: [] });
    show();
    expect(await screen.findByText(/None of your 2 standing reservations order anything in the next 8 weeks/)).toBeTruthy();
  });

  it('shows the server’s reason when the demand cannot be loaded', async () => {
    serve(new ApiError(403, 'Only producers see standing reservations of their farm'));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Only producers see standing reservations of their farm');
  });
});
