import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 1, phone: null } }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { addToBasket, clearBasket } from '@/features/checkout/basket';
import ComposedCheckoutPage from './checkout-page';

vi.setConfig({ testTimeout: 60_000 });

const farm = { producerUserId: 7, farmName: 'Bluegrass Acres' };

/** A Saturday market window, open. */
const saturday = {
  point_id: 5,
  kind: 'market',
  name: 'Lexington Farmers Market',
  starts_at: '2030-06-08T13:00:00.000Z',
  ends_at: '2030-06-08T16:00:00.000Z',
  cutoff_at: '2030-06-07T13:00:00.000Z',
  date: '2030-06-08',
  time_zone: 'America/New_York',
  booth: null,
  min_order: null,
  remaining: null,
  full: false,
  delivery_fee: null,
};

/** A Saturday afternoon at the farm stand: no participating market. */
const standAfternoon = {
  ...saturday,
  point_id: 6,
  kind: 'farm',
  name: 'Farm stand',
  starts_at: '2030-06-08T18:00:00.000Z',
  ends_at: '2030-06-08T20:00:00.000Z',
};

/**
 * A Friday-evening market in Nashville (Central time), 7–9 PM: in UTC it starts the next day, so
 * its `date` (local to the place) is the day before the UTC date of `starts_at`.
 */
const fridayEvening = (date: string, startsAt: string) => ({
  ...saturday,
  name: 'Nashville Night Market',
  starts_at: startsAt,
  ends_at: startsAt.replace('T00:', 'T02:'),
  cutoff_at: startsAt,
  date,
  time_zone: 'America/Chicago',
  booth: 'Stall 14',
});
const fridays = [
  fridayEvening('2030-06-07', '2030-06-08T00:00:00.000Z'),
  fridayEvening('2030-06-14', '2030-06-15T00:00:00.000Z'),
  fridayEvening('2030-06-21', '2030-06-22T00:00:00.000Z'),
];
const eggs = { productId: 1, name: 'Eggs', price: 5, priceUnit: 'dozen', quantity: 2, max: 12 };

/**
 * The API the composed page reads: pickup times, what the farm takes, its products' categories and
 * the shopper's own saved benefits (none unless `saved`).
 */
function serve({
  takes = ['snap', 'incentive'],
  saved,
  windows = [saturday],
  delivery,
}: {
  takes?: string[];
  saved?: string[];
  windows?: object[];
  delivery?: { available: boolean; radius: number };
} = {}) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/benefits/producers/7')
      return {
        producer_user_id: 7,
        state: 'KY',
        takes,
        incentive_name: 'Kentucky Double Dollars',
        incentive_market: 'Lexington Farmers Market',
        incentive_markets: ['Lexington Farmers Market'],
        // The market place is a participating market (decision 540).
        incentive_places: [
          {
            point_id: 5,
            name: 'Lexington Farmers Market',
            state: 'KY',
            market: 'Lexington Farmers Market',
            incentive_name: 'Kentucky Double Dollars',
          },
        ],
      } as never;
    if (path === '/benefits/me') return { uses: saved ?? [] } as never;
    if (path === '/producers/7')
      return {
        products: [
          { id: 1, category: 'eggs', inspection: null },
          { id: 2, category: 'produce', inspection: null },
        ],
      } as never;
    return { producer_user_id: 7, farm_name: 'Bluegrass Acres', settings: {}, points: [], windows, delivery } as never;
  });
}

function renderCheckout() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/checkout/7']}>
        <Routes>
          <Route path="/checkout/:producerId" element={<ComposedCheckoutPage />} />
          <Route path="/orders" element={<p>Your orders</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the composed checkout page', () => {
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it("shows the farm's tender plan for the basket's own line totals", async () => {
    serve();
    // 2 dozen eggs at $4.00 and 4 quarts of tomatoes at $2.50: $8.00 + $10.00.
    addToBasket(farm, { productId: 1, name: 'Eggs', price: 4, priceUnit: 'dozen', quantity: 2, max: 12 });
    addToBasket(farm, { productId: 2, name: 'Tomatoes', price: 2.5, priceUnit: 'quart', quantity: 4, max: 40 });
    renderCheckout();
    fireEvent.click(await screen.findByRole('radio', {}, { timeout: 10_000 }));
    await waitFor(() =>
      expect(screen.getByTestId('tender-plan-sentence').textContent).toBe(
        'Pay the producer at pickup: up to $18.00 with SNAP, + $10.00 Kentucky Double Dollars at Lexington Farmers Market',
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Paying with benefits' })).toBeTruthy();
  });

  it('offers the Double Dollars match only for a pickup at the participating market, none at the farm stand', async () => {
    serve({ windows: [saturday, standAfternoon] });
    addToBasket(farm, { productId: 2, name: 'Tomatoes', price: 2.5, priceUnit: 'quart', quantity: 4, max: 40 });
    renderCheckout();
    const sentence = async () => (await screen.findByTestId('tender-plan-sentence')).textContent;
    // No place chosen yet: no match promised, and where it is given.
    expect(await sentence()).toBe('Pay the producer at pickup: up to $10.00 with SNAP');
    expect(screen.getByTestId('tender-plan-elsewhere').textContent).toBe(
      'Kentucky Double Dollars match only at pickups at Lexington Farmers Market: choose one of those below to get it.',
    );
    fireEvent.click(screen.getByRole('radio', { name: /Farm stand/ }));
    await waitFor(() =>
      expect(screen.getByTestId('tender-plan-elsewhere').textContent).toMatch(
        /^No Kentucky Double Dollars match for a pickup at Farm stand/,
      ),
    );
    expect(await sentence()).toBe('Pay the producer at pickup: up to $10.00 with SNAP');
    fireEvent.click(screen.getByRole('radio', { name: /Lexington Farmers Market/ }));
    await waitFor(async () =>
      expect(await sentence()).toBe(
        'Pay the producer at pickup: up to $10.00 with SNAP, + $10.00 Kentucky Double Dollars at Lexington Farmers Market',
      ),
    );
    expect(screen.queryByTestId('tender-plan-elsewhere')).toBeNull();
  });

  it("lets the shopper tell the farm how they plan to pay: the farm's benefits, ticked from their saved ones, sent with the order", async () => {
    // The farm takes SNAP and Senior FMNP; the shopper saved SNAP and WIC FMNP (which this farm does not take).
    serve({ takes: ['snap', 'senior_fmnp', 'incentive'], saved: ['snap', 'wic_fmnp'] });
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Reserved', order: { id: 41 } } as never);
    addToBasket(farm, { productId: 2, name: 'Tomatoes', price: 2.5, priceUnit: 'quart', quantity: 4, max: 40 });
    renderCheckout();

    const group = await screen.findByRole('group', { name: 'Tell Bluegrass Acres how you plan to pay' }, { timeout: 10_000 });
    expect(group.getAttribute('aria-describedby')).toBe('planned-benefits-hint');
    expect(screen.getByText('Only this farm sees it, on this order. Farmstand never takes or processes benefits.')).toBeTruthy();
    const snap = within(group).getByRole('checkbox', { name: 'SNAP/EBT' }) as HTMLInputElement;
    const senior = within(group).getByRole('checkbox', { name: 'Senior FMNP coupons' }) as HTMLInputElement;
    await waitFor(() => expect(snap.checked).toBe(true), { timeout: 10_000 });
    expect(senior.checked).toBe(false);
    expect(within(group).queryByRole('checkbox', { name: 'WIC FMNP coupons' })).toBeNull();

    fireEvent.change(senior, { target: { checked: true } });
    await waitFor(() => expect(senior.checked).toBe(true));
    fireEvent.click(screen.getByRole('radio'));
    fireEvent.input(screen.getByLabelText(/Name for pickup/), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place reservation' }));

    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][0]).toBe('/orders');
    expect(post.mock.calls[0][1]).toMatchObject({ producerUserId: 7, plannedBenefits: ['snap', 'senior_fmnp'] });
  });

  it('asks nothing of a farm that takes no benefit, and sends none', async () => {
    const get = serve({ takes: [], saved: ['snap'] });
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Reserved', order: { id: 42 } } as never);
    addToBasket(farm, { productId: 2, name: 'Tomatoes', price: 2.5, priceUnit: 'quart', quantity: 4, max: 40 });
    renderCheckout();

    fireEvent.click(await screen.findByRole('radio', {}, { timeout: 10_000 }));
    // Once the farm's benefits are read (none), no question is asked.
    await waitFor(() => expect(get).toHaveBeenCalledWith('/benefits/producers/7', undefined, expect.anything()));
    expect(screen.queryByRole('group', { name: /how you plan to pay/ })).toBeNull();
    fireEvent.input(screen.getByLabelText(/Name for pickup/), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place reservation' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ plannedBenefits: [] });
  });

  it('makes the placed order the first of a standing reservation when “Repeat this order” is on', async () => {
    serve({ windows: fridays });
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(async (path: string) =>
        path === '/orders' ? { message: 'ok', order: { id: 99 } } : { standing: { id: 5 }, message: 'Standing reservation made' },
      );
    addToBasket(farm, eggs);
    renderCheckout();
    const repeat = (await screen.findByRole('checkbox', { name: /Repeat this order/ })) as HTMLInputElement;
    expect(repeat.checked).toBe(false);
    expect(screen.queryByRole('radio', { name: 'Every 2 weeks' })).toBeNull();
    fireEvent.click(repeat);
    expect(screen.getByText(/Each week’s order is placed 24 hours before orders close/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Every 2 weeks' }));
    fireEvent.input(screen.getByLabelText('Last date (optional)'), { target: { value: '2030-08-30' } });
    fireEvent.click(screen.getAllByRole('radio', { name: /Nashville Night Market/ })[1] as HTMLElement);
    fireEvent.input(screen.getByLabelText('Name for pickup'), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place reservation' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[0]?.[0]).toBe('/orders');
    expect(post.mock.calls[1]).toEqual([
      '/standing',
      {
        producerUserId: 7,
        items: [{ productId: 1, variantId: null, quantity: 2 }],
        pointId: 5,
        startsAt: '2030-06-15T00:00:00.000Z',
        shopperName: 'Dana',
        shopperPhone: null,
        note: null,
        everyWeeks: 2,
        endDate: '2030-08-30',
        fromOrderId: 99,
      },
    ]);
  });

  it('does not offer to repeat a delivery', async () => {
    serve({
      windows: [{ ...fridayEvening('2030-06-07', '2030-06-08T00:00:00.000Z'), kind: 'delivery', delivery_fee: 5 }],
      delivery: { available: true, radius: 20 },
    });
    addToBasket(farm, eggs);
    renderCheckout();
    fireEvent.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    expect(screen.queryByRole('checkbox', { name: /Repeat this order/ })).toBeNull();
    expect(screen.getByText(/Delivery days cannot repeat yet/)).toBeTruthy();
  });
});
