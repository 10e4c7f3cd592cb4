import type { OrderBenefits } from '@farmstand/shared/schemas/benefits';
import type { WeighingResponse } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordPayment } from '@/features/benefits/components/record-tenders';
import { api } from '@/lib/api';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';
import { ProducerOrdersTab } from './producer-orders-tab';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));
vi.setConfig({ testTimeout: 60_000 });

/**
 * The booth as the dashboard composes it (the orders' tab with the benefits' payment part): a
 * whole chicken by weight, $7.00/lb in 0.8–1.2 lb packs (≈ $7.00), weighed at 1.2 lb ($8.40).
 */
function boothServer({
  planned = ['snap'] as const,
  slowPlan = false,
}: {
  planned?: readonly 'snap'[];
  slowPlan?: boolean;
} = {}) {
  let weighed = false;
  // The plan's answer after weighing waits until the test lets it through (a slow connection at the market).
  let releasePlan = () => {};
  const planHeld = new Promise<void>((resolve) => {
    releasePlan = resolve;
  });
  const chicken = () =>
    orderItemFixture({
      id: 31,
      name: 'Whole chicken',
      price_unit: null,
      unit_price: 7,
      quantity: 1,
      weight_unit: 'lb',
      pack_min: 0.8,
      pack_max: 1.2,
      weights: weighed ? [1.2] : null,
      line_total: weighed ? 8.4 : 7,
      line_min: weighed ? 8.4 : 5.6,
      line_max: 8.4,
    });
  const order = () =>
    testOrder({
      status: 'ready',
      window: {
        starts_at: '2030-06-09T14:00:00.000Z',
        ends_at: '2030-06-09T17:00:00.000Z',
        cutoff_at: '2030-06-08T14:00:00.000Z',
        date: '2030-06-09',
        time_zone: 'America/Chicago',
      },
      items: [chicken()],
      planned_benefits: [...planned],
      by_weight: true,
      subtotal: weighed ? 8.4 : 7,
      total: weighed ? 8.4 : 7,
      total_min: weighed ? 8.4 : 5.6,
      total_max: 8.4,
      total_so_far: weighed ? 8.4 : 0,
      estimated: !weighed,
      lines_to_weigh: weighed ? 0 : 1,
      lines_weighed: weighed ? 1 : 0,
      allowed: ['picked_up', 'no_show'],
    });
  const cents = () => (weighed ? 840 : 700);
  const plan = (): OrderBenefits => ({
    order_id: 12,
    total_cents: cents(),
    snap_cents: cents(),
    coupon_cents: { wic_fmnp: 0, senior_fmnp: 0 },
    rest_cents: 0,
    check_cents: 0,
    incentive_match_cents: 0,
    incentive_cap_left_cents: 0,
    incentive_name: null,
    incentive_market: null,
    takes: ['snap'],
    lines: [{ product_id: 3, name: 'Whole chicken', total_cents: cents(), snap: true, wic_fmnp: false, senior_fmnp: false }],
    tenders: null,
    recorded_at: null,
  });
  const weighing = (): WeighingResponse => ({
    date: '2030-06-09',
    lines: [
      {
        order_id: 12,
        item_id: 31,
        shopper_name: 'Dana',
        point_name: 'Nashville Farmers Market',
        starts_at: '2030-06-09T14:00:00.000Z',
        time_zone: 'America/Chicago',
        name: 'Whole chicken',
        variant_name: null,
        quantity: 1,
        unit_price: 7,
        weight_unit: 'lb',
        pack_min: 0.8,
        pack_max: 1.2,
        weights: weighed ? [1.2] : null,
        line_total: weighed ? 8.4 : 7,
      },
    ],
  });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/pickup/mine') return { settings: {}, points: [{ id: 5, schedule: [{ weekday: 0 }] }] } as never;
    if (url === '/orders/received') return { orders: [], total: 0 } as never;
    if (url === '/orders/days')
      return { date: '2030-06-09', today: '2030-06-09', previous: null, next: null, orders: [order()] } as never;
    if (url === '/orders/weighing') return weighing() as never;
    if (url === '/benefits/orders/12') {
      const answer = { benefits: plan(), message: '' };
      // The plan answers after the order's day has, when the test releases it.
      if (slowPlan && weighed) await planHeld;
      return answer as never;
    }
    throw new Error(`not part of this test: GET ${url}`);
  });
  vi.spyOn(api, 'put').mockImplementation(async (url: string) => {
    if (url !== '/orders/12/items/31/weights') throw new Error(`not part of this test: PUT ${url}`);
    weighed = true;
    return { order: order() } as never;
  });
  return { releasePlan: () => releasePlan() };
}

describe('the booth on the pickup day', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the weighed total in the payment dialog right after weighing', async () => {
    boothServer();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProducerOrdersTab recordPayment={(order) => <RecordPayment order={order} />} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('order-12');
    // The card has loaded the order's plan before weighing (SNAP may pay the $7.00 estimate).
    await waitFor(() => expect(within(card).getByTestId('payment-12').textContent).toBe('Not recorded yet.'));

    const pack = await screen.findByLabelText('Pack 1 of 1 weight (lb)');
    fireEvent.input(pack, { target: { value: '1.2' } });
    fireEvent.keyDown(pack, { key: 'Enter' });
    await waitFor(() => expect(within(screen.getByTestId('order-12')).getByTestId('order-total').textContent).toContain('$8.40'));

    fireEvent.click(within(screen.getByTestId('order-12')).getByRole('button', { name: 'Paid & picked up: order #12, Dana' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('amount-to-pay').textContent).toContain('To pay: $8.40');
    // The SNAP limit is the weighed one, without a reload.
    expect(await within(dialog).findByText('Plan: $8.40, the SNAP-eligible items')).toBeTruthy();
    expect(within(dialog).queryByText(/\$7\.00/)).toBeNull();
  });

  it('fills the payment from the weighed total even while the plan is still refreshing', async () => {
    const server = boothServer({ planned: [], slowPlan: true });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProducerOrdersTab recordPayment={(order) => <RecordPayment order={order} />} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('payment-12').textContent).toBe('Not recorded yet.'));
    const pack = await screen.findByLabelText('Pack 1 of 1 weight (lb)');
    fireEvent.input(pack, { target: { value: '1.2' } });
    fireEvent.keyDown(pack, { key: 'Enter' });
    await waitFor(() => expect(within(screen.getByTestId('order-12')).getByTestId('order-total').textContent).toContain('$8.40'));
    // At once, before the plan's answer is back.
    fireEvent.click(within(screen.getByTestId('order-12')).getByRole('button', { name: 'Paid & picked up: order #12, Dana' }));
    const dialog = await screen.findByRole('dialog');
    // The dialog waits for the refreshed plan before it fills the payment; then the plan comes back.
    server.releasePlan();
    const cash = (await within(dialog).findByLabelText('Cash', {}, { timeout: 5_000 })) as HTMLInputElement;
    expect(cash.value).toBe('8.40');
  });
});
