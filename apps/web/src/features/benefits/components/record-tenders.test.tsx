import type { OrderBenefits } from '@farmstand/shared/schemas/benefits';
import type { Order } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { parseDollars } from '@/lib/format';
import { RecordPayment } from './record-tenders';

vi.setConfig({ testTimeout: 60_000 });

/** The fields of an order this part reads: $18.00 by the piece, nothing to weigh. */
const order = (status: Order['status'], values: Partial<Order> = {}) =>
  ({
    id: 12,
    status,
    shopper: { name: 'Dana Shopper', phone: null, email: 'dana@example.com' },
    window: { starts_at: '2030-06-08T13:00:00.000Z', ends_at: '2030-06-08T16:00:00.000Z', time_zone: 'America/New_York' },
    total: 18,
    total_min: 18,
    total_max: 18,
    total_so_far: 18,
    lines_to_weigh: 0,
    lines_weighed: 0,
    planned_benefits: ['snap'],
    allowed: [],
    ...values,
  }) as unknown as Order;

/** A Kentucky farm taking SNAP and Kentucky Double Dollars: eggs $8.00 and tomatoes $10.00. */
const plan: OrderBenefits = {
  order_id: 12,
  total_cents: 1800,
  snap_cents: 1800,
  coupon_cents: { wic_fmnp: 0, senior_fmnp: 0 },
  rest_cents: 0,
  check_cents: 0,
  incentive_match_cents: 1000,
  incentive_cap_left_cents: 2000,
  incentive_name: 'Kentucky Double Dollars',
  incentive_market: 'Lexington Farmers Market',
  takes: ['snap', 'incentive'],
  lines: [
    { product_id: 1, name: 'Eggs', total_cents: 800, snap: true, wic_fmnp: false, senior_fmnp: false },
    { product_id: 2, name: 'Tomatoes', total_cents: 1000, snap: true, wic_fmnp: true, senior_fmnp: true },
  ],
  tenders: null,
  recorded_at: null,
};

const show = (status: Order['status'] = 'ready', values: Partial<Order> = {}) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RecordPayment order={order(status, values)} />
    </QueryClientProvider>,
  );

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('recording what was paid at pickup', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("sends whole cents, shows the server's refusal, then records and shows what was paid on the card", async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ benefits: plan, message: '' } as never);
    const put = vi
      .spyOn(api, 'put')
      .mockRejectedValueOnce(new ApiError(400, 'SNAP can pay at most $18.00 of this order: the SNAP-eligible items'))
      .mockResolvedValueOnce({
        benefits: {
          ...plan,
          tenders: { snap: 1750, incentive: 1000, cash: 50, card: 0, other: 0 },
          recorded_at: '2030-06-08T14:05:00.000Z',
        },
        message: 'Tenders recorded',
      } as never);
    show();
    expect(await screen.findByText('Not recorded yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record payment for order #12' }));
    const dialog = await screen.findByRole('dialog');

    // Only the benefits the farm takes, then cash, card and other; the plan beside each as its limit.
    expect(within(dialog).queryByLabelText('WIC FMNP coupons')).toBeNull();
    expect(within(dialog).getByText('Plan: $18.00, the SNAP-eligible items')).toBeTruthy();
    expect(within(dialog).getByText("Expected match: up to $10.00; $20.00 left of today's limit for this shopper")).toBeTruthy();

    type('SNAP/EBT', '20');
    type('Cash', '$0.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    const refusal = await within(dialog).findByText('SNAP can pay at most $18.00 of this order: the SNAP-eligible items');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(put).toHaveBeenCalledWith('/benefits/orders/12/tenders', {
      snap: 2000,
      incentive: 0,
      cash: 50,
      card: 0,
      check: 0,
      farm_credit: 0,
      other: 0,
    });

    type('SNAP/EBT', '17.50');
    type('Kentucky Double Dollars (incentive match)', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Tenders recorded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenLastCalledWith('/benefits/orders/12/tenders', {
      snap: 1750,
      incentive: 1000,
      cash: 50,
      card: 0,
      check: 0,
      farm_credit: 0,
      other: 0,
    });
    expect(screen.getByText('Tenders recorded').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('payment-12').textContent).toContain(
      'SNAP/EBT $17.50 · Kentucky Double Dollars (incentive match) $10.00 · Cash $0.50',
    );
    expect(screen.getByRole('button', { name: 'Change payment for order #12' })).toBeTruthy();
  });

  it('refuses an amount that is not dollars in the form, on its field and focused, without asking the server', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ benefits: plan, message: '' } as never);
    const put = vi.spyOn(api, 'put');
    show('picked_up');
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment for order #12' }));
    const dialog = await screen.findByRole('dialog');
    type('Card', '12.345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    const field = within(dialog).getByLabelText('Card');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(field);
    const errorId = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Enter an amount in dollars, like 12.50');
    expect(put).not.toHaveBeenCalled();
  });

  it('shows what was recorded before, and offers nothing on an order not handed over', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      benefits: { ...plan, tenders: { snap: 1800, cash: 0 }, recorded_at: '2030-06-08T14:05:00.000Z' },
      message: '',
    } as never);
    show('ready');
    expect(await screen.findByText('SNAP/EBT $18.00')).toBeTruthy();
    expect(screen.getByText(/^Recorded /)).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    const get = vi.spyOn(api, 'get').mockResolvedValue({ benefits: plan, message: '' } as never);
    const { container } = show('requested');
    expect(container.innerHTML).toBe('');
    expect(get).not.toHaveBeenCalledWith('/benefits/orders/12', undefined, expect.anything());
  });

  it('records the payment and marks the order picked up in one step, from one button per shopper', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ benefits: { ...plan, takes: [] }, message: '' } as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      order: order('picked_up'),
      benefits: { ...plan, takes: [], tenders: { cash: 1800 }, recorded_at: '2030-06-08T14:05:00.000Z' },
      message: 'Order #12: payment recorded and picked up',
    } as never);
    const put = vi.spyOn(api, 'put');
    show('ready', { allowed: ['picked_up', 'no_show'], planned_benefits: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Paid & picked up: order #12, Dana Shopper' }));
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Paid & picked up: order #12, Dana Shopper' });
    expect(within(dialog).getByTestId('amount-to-pay').textContent).toContain('To pay: $18.00');
    // No benefit planned: the whole amount in cash is filled in, to change before saving.
    expect((within(dialog).getByLabelText('Cash') as HTMLInputElement).value).toBe('18.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save payment and mark picked up' }));
    expect(await screen.findByText('Order #12: payment recorded and picked up')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/orders/12/hand-over', {
      tenders: { cash: 1800, card: 0, check: 0, farm_credit: 0, other: 0 },
    });
    expect(put).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so far and the lines still to weigh, and hands nothing over until every pack is weighed', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ benefits: plan, message: '' } as never);
    const post = vi.spyOn(api, 'post');
    show('ready', { allowed: ['picked_up'], total: 19.4, total_so_far: 8.4, lines_to_weigh: 1, lines_weighed: 1 });
    fireEvent.click(await screen.findByRole('button', { name: /^Paid & picked up/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('amount-to-pay').textContent).toContain('To pay: so far $8.40, 1 line still to weigh');
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Weigh the packs first/);
    expect(within(dialog).getByRole('button', { name: 'Save payment and mark picked up' }).hasAttribute('disabled')).toBe(true);
    expect(post).not.toHaveBeenCalled();
  });

  it('reads dollars as whole cents', () => {
    expect(parseDollars('')).toBe(0);
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('$1,200.05')).toBe(120_005);
    expect(parseDollars('.75')).toBe(75);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('-3')).toBeNull();
    expect(parseDollars('.')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
  });
});
