import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { ProducerOrdersTab } from './producer-orders-tab';

/** An order at a Central-time market; `startsAt` decides whether a no-show may be ticked yet. */
const order = (id: number, name: string, status: string, startsAt: string, date = '2030-06-09') => ({
  id,
  status,
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  shopper: { id: 100 + id, name, phone: null, email: `${name.toLowerCase()}@x.test` },
  fulfilment: 'pickup',
  place: { point_id: 5, kind: 'market', name: 'Nashville Farmers Market', address: '900 Rosa L Parks Blvd, Nashville, TN' },
  window: { starts_at: startsAt, ends_at: startsAt, cutoff_at: startsAt, date, time_zone: 'America/Chicago' },
  booth: 'Stall 14',
  delivery_address: null,
  delivery_miles: null,
  delivery_fee: 0,
  items: [
    {
      id: id * 10,
      product_id: 3,
      name: 'Eggs',
      price_unit: 'dozen',
      unit_price: 5,
      quantity: 1,
      ordered_quantity: null,
      short_reason: null,
    },
  ],
  subtotal: 5,
  total: 5,
  by_weight: false,
  estimated: false,
  total_min: 5,
  total_max: 5,
  total_so_far: 5,
  lines_to_weigh: 0,
  lines_weighed: 0,
  planned_benefits: [],
  note: null,
  decline_reason: null,
  standing_id: null,
  conversation_id: null,
  market_order_id: null,
  created_at: '2030-06-05T12:00:00.000Z',
  expires_at: '2030-06-07T12:00:00.000Z',
  events: [],
  allowed: status === 'ready' ? ['picked_up', 'no_show'] : [],
});

const days: Record<string, unknown> = {
  '': {
    date: '2030-06-09',
    today: '2030-06-09',
    time_zone: 'America/Chicago',
    previous: '2030-06-05',
    next: '2030-06-16',
    orders: [
      order(11, 'Dana', 'ready', '2020-06-09T14:00:00.000Z'),
      order(12, 'Eli', 'accepted', '2099-06-09T14:00:00.000Z'),
      order(13, 'Fay', 'picked_up', '2020-06-09T14:00:00.000Z'),
    ],
  },
  '2030-06-10': {
    date: '2030-06-10',
    today: '2030-06-09',
    time_zone: 'America/Chicago',
    previous: '2030-06-09',
    next: '2030-06-16',
    orders: [],
  },
  '2030-06-16': {
    date: '2030-06-16',
    today: '2030-06-09',
    time_zone: 'America/Chicago',
    previous: '2030-06-10',
    next: null,
    orders: [order(21, 'Hal', 'accepted', '2099-06-16T14:00:00.000Z', '2030-06-16')],
  },
  '2030-06-05': {
    date: '2030-06-05',
    today: '2030-06-09',
    time_zone: 'America/Chicago',
    previous: null,
    next: '2030-06-09',
    orders: [order(9, 'Gus', 'ready', '2020-06-05T21:00:00.000Z', '2030-06-05')],
  },
};

/** A shopper's standing reservation at the market, its next pickup placed. */
const standing = {
  id: 31,
  status: 'active',
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  shopper: { id: 111, name: 'Dana', phone: null },
  place: { point_id: 5, name: 'Nashville Farmers Market', time_zone: 'America/Chicago' },
  weekday: 0,
  start: '09:00',
  every_weeks: 1,
  cadence: 'Every week',
  start_date: '2030-06-09',
  end_date: null,
  paused_until: null,
  away_from: null,
  away_to: null,
  end_reason: null,
  planned_benefits: [],
  note: null,
  items: [{ product_id: 3, variant_id: null, name: 'Eggs', variant_name: null, quantity: 1, unit_price: 5, price_unit: 'dozen' }],
  plan: null,
  upcoming: [],
  warning: null,
  created_at: '2030-06-01T12:00:00.000Z',
};
const WEEKS = ['2030-06-03', '2030-06-10', '2030-06-17', '2030-06-24', '2030-07-01', '2030-07-08', '2030-07-15', '2030-07-22'];

function mockServer({
  standingList = [standing],
  points = [{ id: 5, schedule: [{ weekday: 0 }, { weekday: 3 }] }],
}: {
  standingList?: unknown[];
  points?: unknown[];
} = {}) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string, query?: Record<string, unknown>) => {
    if (url === '/pickup/mine') return { settings: {}, points, delivery: { available: false, radius: null } } as never;
    if (url === '/shares/received') return { shares: [] } as never;
    if (url === '/standing/received') return { standing: standingList } as never;
    if (url === '/standing/demand')
      return {
        weeks: WEEKS,
        shares: [],
        members: 0,
        reservations: standingList.length,
        rows: standingList.length
          ? [
              {
                product_id: 3,
                variant_id: null,
                name: 'Eggs',
                variant_name: null,
                point_id: 5,
                place: 'Nashville Farmers Market',
                weekday: 0,
                start: '09:00',
                quantities: [1, 1, 1, 1, 1, 1, 1, 1],
                price_unit: 'dozen',
                weight_unit: null,
                pack_min: null,
                pack_max: null,
              },
            ]
          : [],
      } as never;
    if (url === '/orders/received') return { orders: [], total: 0 } as never;
    if (url === '/orders/pick-list') return { date: query?.date, farm_name: 'Cumberland Farm', windows: [] } as never;
    if (url === '/orders/days') return (days[String(query?.date ?? '')] ?? days['']) as never;
    if (url === '/orders/harvest') return { from: '', to: '', farm_name: '', lines: [], days: [] } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  return vi.spyOn(api, 'post').mockResolvedValue({
    message: 'Closed Jun 9, 2030: 1 order picked up, 1 no-show',
    picked_up: [12],
    no_show: [11],
    skipped: [],
  } as never);
}

const show = (recordPayment?: (o: { id: number }) => ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProducerOrdersTab recordPayment={recordPayment} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

vi.setConfig({ testTimeout: 60_000 });

describe('the producer’s Orders tab', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens on the day the server chooses in the place’s zone and steps to the previous pickup day', async () => {
    mockServer();
    show();
    const heading = await screen.findByRole('heading', { level: 2, name: /Pickup day: Sunday, June 9, 2030/ });
    expect(heading.textContent).toContain('(today)');
    expect(api.get).toHaveBeenCalledWith('/orders/days', {});
    expect(screen.getAllByRole('heading', { level: 3, name: /Nashville Farmers Market · Stall 14/ }).length).toBe(2);
    expect(screen.getByTestId('order-11')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Previous pickup day/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Pickup day: Wednesday, June 5, 2030/ })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/orders/days', { date: '2030-06-05' });
    // A past day shows its order cards, to be finished.
    expect(screen.getByTestId('order-9')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous pickup day/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Sunday, June 9, 2030/ })).toBeTruthy();
  });

  it('closes the day with the no-shows ticked; a no-show waits for its pickup time', async () => {
    const post = mockServer();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Close the day (2 orders open)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Sunday, June 9, 2030' });
    const dana = within(dialog).getByRole('checkbox', { name: /Order #11 · Dana/ });
    const eli = within(dialog).getByRole('checkbox', { name: /Order #12 · Eli/ });
    expect((eli as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(eli.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /pickup time has not started/,
    );
    expect(within(dialog).queryByRole('checkbox', { name: /Fay/ })).toBeNull();
    fireEvent.click(dana);
    expect((dana as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the day: 1 picked up, 1 no-show' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/orders/days/2030-06-09/close', { no_show_ids: [11] }));
    expect((await screen.findByText('Closed Jun 9, 2030: 1 order picked up, 1 no-show')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('guides a farm with no pickup place yet to add one, instead of showing empty pickup-day panels', async () => {
    mockServer({ points: [] });
    show();
    expect(await screen.findByRole('heading', { level: 2, name: 'Set up where shoppers pick up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add pickup place' }).getAttribute('href')).toBe('/profile?tab=pickup');
    expect(screen.queryByRole('heading', { name: /Pickup day/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Requests to answer/ })).toBeNull();
    expect(api.get).not.toHaveBeenCalledWith('/orders/days', expect.anything());
  });

  it('says a day with no pickup times and no orders is no pickup day, instead of calling it one', async () => {
    mockServer();
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Next pickup day/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Pickup day: Sunday, June 16, 2030/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Previous pickup day/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monday, June 10, 2030: no pickup' })).toBeTruthy();
    expect(screen.getByText(/None of your places has pickup times on Monday, June 10, 2030/)).toBeTruthy();
  });

  it('offers no closing of a pickup day still ahead: its orders are handed over on the day', async () => {
    mockServer();
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Next pickup day/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Pickup day: Sunday, June 16, 2030/ })).toBeTruthy();
    expect(screen.getByTestId('order-21')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Close the day/ })).toBeNull();
    expect(screen.getByText('Orders of this day can be marked picked up from the day itself.')).toBeTruthy();
  });

  it('shows the standing demand and the shoppers’ standing reservations under their own heading', async () => {
    mockServer();
    show();
    expect(await screen.findByRole('heading', { level: 2, name: 'Standing reservations' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Standing demand, next 8 weeks' })).toBeTruthy();
    const demand = await screen.findByRole('region', { name: 'Products, each in its own unit' });
    expect(within(demand).getByRole('rowheader', { name: /^Eggs/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Shoppers with standing reservations (1 active)' })).toBeTruthy();
    expect(screen.getByTestId('standing-31').textContent).toContain('Nashville Farmers Market, Sunday 9:00 AM · Every week');
  });

  it("shows the part the dashboard passes for recording payment on each of the day's order cards", async () => {
    mockServer();
    show((o) => <p>Payment part of order #{o.id}</p>);
    const card = await screen.findByTestId('order-11');
    expect(within(card).getByText('Payment part of order #11')).toBeTruthy();
    expect(within(screen.getByTestId('order-13')).getByText('Payment part of order #13')).toBeTruthy();
  });

  it("opens on the day's pickups on the pickup day, with the requests and the composer below them", async () => {
    mockServer();
    show();
    const day = await screen.findByRole('heading', { level: 2, name: /Pickup day: .*\(today\)/ });
    // The requests load on their own (features/orders): their heading follows the day's.
    const requests = await screen.findByRole('heading', { level: 2, name: /Requests to answer/ });
    // The day's heading and its first order card come before the requests in the page.
    expect(day.compareDocumentPosition(requests) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('order-11').compareDocumentPosition(requests) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Each card sits under its window's heading, so it does not repeat the time, place and address.
    expect(screen.getByTestId('order-11').textContent).not.toContain('900 Rosa L Parks Blvd');

    // Another day keeps the requests first.
    fireEvent.click(screen.getByRole('button', { name: /Next pickup day/ }));
    const ahead = await screen.findByRole('heading', { level: 2, name: /Pickup day: Sunday, June 16, 2030/ });
    const requestsThen = await screen.findByRole('heading', { level: 2, name: /Requests to answer/ });
    expect(requestsThen.compareDocumentPosition(ahead) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('finds a shopper by name or order number', async () => {
    mockServer();
    show();
    const search = await screen.findByRole('searchbox', { name: 'Find a shopper' });
    fireEvent.input(search, { target: { value: 'eli' } });
    expect(screen.getByTestId('order-12')).toBeTruthy();
    expect(screen.queryByTestId('order-11')).toBeNull();
    expect(screen.queryByTestId('order-13')).toBeNull();
    expect(screen.getByText('1 of 3 orders match “eli”.').getAttribute('role')).toBe('status');

    fireEvent.input(search, { target: { value: '#13' } });
    expect(screen.getByTestId('order-13')).toBeTruthy();
    expect(screen.queryByTestId('order-12')).toBeNull();

    fireEvent.input(search, { target: { value: 'Zed' } });
    expect(screen.getByText('No order of this day matches “Zed”.')).toBeTruthy();
    expect(screen.queryByTestId('order-11')).toBeNull();

    fireEvent.input(search, { target: { value: '' } });
    for (const id of [11, 12, 13]) expect(screen.getByTestId(`order-${id}`)).toBeTruthy();
  });

  it('leaves "Picked up" to the payment part, which hands the order over with its payment', async () => {
    mockServer();
    show((o) => <p>Payment part of order #{o.id}</p>);
    const card = await screen.findByTestId('order-11');
    expect(within(card).queryByRole('button', { name: 'Picked up' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'No-show' })).toBeTruthy();
  });

  it('says in one line that there are no standing reservations yet', async () => {
    mockServer({ standingList: [] });
    show();
    // The whole tab loads first (requests, the day, the pick list): give it the time a loaded machine takes.
    expect(await screen.findByText(/No standing reservations yet\./, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Standing demand/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Shoppers with standing reservations/ })).toBeNull();
  });
});
