import type { Order, WeighingResponse } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';
import { OrderCard } from './order-card';
import { WeighingView } from './weighing-view';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));
vi.setConfig({ testTimeout: 60_000 });

const day: WeighingResponse = {
  date: '2030-06-08',
  lines: [
    {
      order_id: 12,
      item_id: 31,
      shopper_name: 'Dana',
      point_name: 'Nashville Farmers Market',
      starts_at: '2030-06-08T14:00:00.000Z',
      time_zone: 'America/Chicago',
      name: 'Grass-fed beef',
      variant_name: 'Ribeye, pair',
      quantity: 2,
      unit_price: 18.99,
      weight_unit: 'lb',
      pack_min: 1.3,
      pack_max: 1.6,
      weights: null,
      line_total: 55.08,
    },
  ],
};

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('weighing the packs', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('takes one weight per pack by keyboard and saves the line when focus leaves it', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(day);
    const put = vi.spyOn(api, 'put').mockResolvedValue({ order: {} });
    wrap(<WeighingView date="2030-06-08" />);
    const line = await screen.findByRole('group', { name: 'Order #12 · Dana · Grass-fed beef (Ribeye, pair)' });
    expect(line.textContent).toContain('2 packs of 1.3–1.6 lb at $18.99/lb');
    expect(screen.getByText(/9:00 AM/)).toBeTruthy();
    const first = within(line).getByLabelText('Pack 1 of 2 weight (lb)');
    const second = within(line).getByLabelText('Pack 2 of 2 weight (lb)');
    expect(first.getAttribute('inputmode')).toBe('decimal');
    first.focus();
    fireEvent.input(first, { target: { value: '1.42' } });
    // Moving between the line's own packs saves nothing.
    fireEvent.focusOut(first, { relatedTarget: second });
    expect(put).not.toHaveBeenCalled();
    fireEvent.input(second, { target: { value: '1,51' } });
    fireEvent.focusOut(second, { relatedTarget: document.body });
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/orders/12/items/31/weights', { weights: [1.42, 1.51], confirm: false }),
    );
  });

  it("shows the server's far-outside refusal and resends with confirm on 'Save anyway'", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(day);
    const put = vi
      .spyOn(api, 'put')
      .mockRejectedValueOnce(
        new ApiError(409, "14.2 lb is far outside this pack's 1.3–1.6 lb: check the scale and confirm to save it"),
      )
      .mockResolvedValue({ order: {} });
    wrap(<WeighingView date="2030-06-08" />);
    const line = await screen.findByRole('group');
    fireEvent.input(within(line).getByLabelText('Pack 1 of 2 weight (lb)'), { target: { value: '1.42' } });
    const second = within(line).getByLabelText('Pack 2 of 2 weight (lb)');
    fireEvent.input(second, { target: { value: '14.2' } });
    fireEvent.keyDown(second, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('far outside');
    fireEvent.click(within(alert).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith('/orders/12/items/31/weights', { weights: [1.42, 14.2], confirm: true }),
    );
  });
});

describe('an order sold by weight', () => {
  afterEach(cleanup);
  const ribeye = {
    product_id: 3,
    name: 'Grass-fed beef',
    variant_id: 9,
    variant_name: 'Ribeye, pair',
    unit_price: 18.99,
    quantity: 2,
    weight_unit: 'lb' as const,
    pack_min: 1.3,
    pack_max: 1.6,
  };

  it('shows the estimate with its range until weighed, then the weights and the final total', () => {
    const estimated = testOrder({
      shopper: { id: 100, name: 'Dana', phone: null, email: null },
      items: [orderItemFixture({ ...ribeye, line_total: 55.08, line_min: 49.38, line_max: 60.76 })],
      subtotal: 55.08,
      total: 55.08,
      by_weight: true,
      estimated: true,
      lines_to_weigh: 1,
      total_min: 49.38,
      total_max: 60.76,
      total_so_far: 0,
      estimated_total: 55.08,
    });
    const { unmount } = wrap(<OrderCard order={estimated} side="shopper" />);
    expect(screen.getByText('2 × Grass-fed beef (Ribeye, pair)')).toBeTruthy();
    expect(screen.getByText('1.3–1.6 lb packs at $18.99/lb')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('Estimated total≈ $55.08 ($49.38–$60.76)');
    expect(screen.getByText('Final price after weighing, paid at pickup')).toBeTruthy();
    unmount();

    const weighed: Order = {
      ...estimated,
      items: [orderItemFixture({ ...ribeye, weights: [1.42, 1.51], line_total: 55.64 })],
      total: 55.64,
      estimated: false,
      lines_to_weigh: 0,
      lines_weighed: 1,
      total_min: 55.64,
      total_max: 55.64,
      total_so_far: 55.64,
      weighed_at: '2030-06-08T13:00:00.000Z',
    };
    wrap(<OrderCard order={weighed} side="shopper" />);
    expect(screen.getByText('1.42, 1.51 lb at $18.99/lb')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('Weighed · pay at pickup$55.64');
    expect(screen.queryByText('Final price after weighing, paid at pickup')).toBeNull();
  });

  it('says so far and the lines still to weigh for a partly weighed order', () => {
    // Ribeye weighed ($55.64), a chicken still at its estimate, eggs $6.00 by the piece.
    const partly = testOrder({
      items: [
        orderItemFixture({ ...ribeye, weights: [1.42, 1.51], line_total: 55.64 }),
        orderItemFixture({
          ...ribeye,
          id: 2,
          product_id: 4,
          name: 'Whole chicken',
          variant_id: null,
          variant_name: null,
          quantity: 1,
          unit_price: 7,
          pack_min: 0.8,
          pack_max: 1.2,
          line_total: 7,
          line_min: 5.6,
          line_max: 8.4,
        }),
        orderItemFixture({ id: 3, product_id: 5, name: 'Eggs', unit_price: 6, quantity: 1, line_total: 6 }),
      ],
      subtotal: 68.64,
      total: 68.64,
      by_weight: true,
      estimated: true,
      lines_to_weigh: 1,
      lines_weighed: 1,
      total_min: 67.24,
      total_max: 70.04,
      total_so_far: 61.64,
    });
    wrap(<OrderCard order={partly} side="producer" />);
    expect(screen.getByTestId('order-total').textContent).toBe('To pay' + 'so far $61.64, 1 line still to weigh');
    // Neither the mix of weighed and estimated lines nor the word "estimated" for it.
    expect(screen.getByTestId('order-total').textContent).not.toMatch(/68\.64|[Ee]stimated/);
  });
});
