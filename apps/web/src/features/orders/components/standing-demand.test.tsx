import type { StandingDemand as Demand } from '@farmstand/shared/schemas/standing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
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
  ...overrides,
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

  it('is a table with a row per product, place and weekly time, a column per week and a total per week', async () => {
    serve({
      weeks: WEEKS,
      reservations: 3,
      rows: [
        row({
          product_id: 2,
          name: 'Sourdough',
          place: 'Farm stand',
          weekday: 3,
          start: '16:00',
          quantities: [1, 0, 1, 0, 1, 0, 1, 0],
        }),
        row({}),
        row({ variant_id: 9, name: 'Honey', variant_name: '8-oz jar', quantities: [0, 0, 3, 3, 3, 3, 3, 3] }),
      ],
    });
    show();
    expect(await screen.findByRole('heading', { level: 3, name: 'Standing demand, next 8 weeks' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(table.querySelector('caption')?.textContent).toBe('Units per week from shoppers’ standing reservations');
    const note = screen.getByText(/will order each week/);
    expect(note.textContent).toContain('(3 active reservations): a signal for what to harvest and plant');

    const columns = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(columns).toEqual([
      'Product',
      'Place and time',
      'Week of Jun 3',
      'Week of Jun 10',
      'Week of Jun 17',
      'Week of Jun 24',
      'Week of Jul 1',
      'Week of Jul 8',
      'Week of Jul 15',
      'Week of Jul 22',
    ]);
    for (const th of within(table).getAllByRole('columnheader')) expect(th.getAttribute('scope')).toBe('col');

    // Products in name order, each with its place and weekly time on the place's clock.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Brown Eggs',
      'Honey (8-oz jar)',
      'Sourdough',
      'Total units',
    ]);
    expect(rows[0].textContent).toContain('Lexington Farmers MarketSaturday 9:00 AM');
    expect(rows[2].textContent).toContain('Farm standWednesday 4:00 PM');
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent);
    expect(cells(rows[1])).toEqual(['0', '0', '3', '3', '3', '3', '3', '3']);
    expect(cells(rows[3])).toEqual(['3', '2', '6', '5', '6', '5', '6', '5']);
    expect(within(rows[3]).getByRole('rowheader').getAttribute('scope')).toBe('row');

    // Its own scrolling box, named and reachable by keyboard, so a phone scrolls the table and not the page.
    const region = screen.getByRole('region', { name: 'Standing demand, next 8 weeks' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('overflow-x-auto');
    expect(region.contains(table)).toBe(true);
  });

  it('says so when nothing is asked for yet, and when every reservation is paused or skipped', async () => {
    serve({ weeks: WEEKS, reservations: 0, rows: [] });
    show();
    expect(await screen.findByText(/No standing orders yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    serve({ weeks: WEEKS, reservations: 2, rows: [] });
    show();
    expect(await screen.findByText(/None of your 2 standing reservations order anything in the next 8 weeks/)).toBeTruthy();
  });

  it('shows the server’s reason when the demand cannot be loaded', async () => {
    serve(new ApiError(403, 'Only producers see standing reservations of their farm'));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Only producers see standing reservations of their farm');
  });
});
