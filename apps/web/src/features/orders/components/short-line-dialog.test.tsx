import type { Order } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { orderItemFixture, testOrder } from '@/lib/order.fixture';
import { OrderCard } from './order-card';

// First renders are slow on a loaded machine; these check behaviour, not speed.
vi.setConfig({ testTimeout: 60_000 });

const order = (values: Partial<Order> = {}): Order => testOrder({ allowed: ['ready'], ...values });

const show = (o: Order, side: 'shopper' | 'producer') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderCard order={o} side={side} />
    </QueryClientProvider>,
  );

describe('shortening a line (short harvest)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens a dialog from the line by keyboard, refuses an empty or too large quantity, sends the new quantity and reason, and gives the focus back', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ order: order() });
    show(order(), 'producer');
    const opener = screen.getByRole('button', { name: 'Short Strawberries' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Short harvest: Strawberries' });
    const quantity = within(dialog).getByLabelText('How many you have');
    expect(document.activeElement).toBe(quantity);
    expect(dialog.textContent).toContain('The shopper asked for 4 pints');

    // An empty field is not 0: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Shorten the line' }));
    expect(within(dialog).getByText('Enter how many you have (0 drops the line)')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(quantity, { target: { value: '4' } });
    fireEvent.submit(quantity.closest('form') as HTMLFormElement);
    expect(within(dialog).getByText('Enter less than the 4 in this line (0 drops it)')).toBeTruthy();
    fireEvent.input(quantity, { target: { value: '2' } });
    fireEvent.submit(quantity.closest('form') as HTMLFormElement);
    const reason = within(dialog).getByLabelText('Reason for the shopper');
    expect(within(dialog).getByText('Say why there is less, so the shopper knows')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(post).not.toHaveBeenCalled();

    fireEvent.input(reason, { target: { value: 'frost took the rest' } });
    fireEvent.submit(quantity.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('/orders/12/lines/3/short', {
      quantity: 2,
      reason: 'frost took the rest',
      variantId: null,
    });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new Error('This order is ready for pickup, so its lines can no longer be shortened'));
    show(order(), 'producer');
    fireEvent.click(screen.getByRole('button', { name: 'Short Strawberries' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText('How many you have'), { target: { value: '0' } });
    fireEvent.input(within(dialog).getByLabelText('Reason for the shopper'), { target: { value: 'hail' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drop the line' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a shortened line as "2 of 4" with the reason on both sides; the shopper gets no Short button but may cancel when allowed', () => {
    const shortened = order({
      items: [orderItemFixture({ quantity: 2, ordered_quantity: 4, short_reason: 'frost took the rest', line_total: 8 })],
      allowed: ['cancelled'],
    });
    show(shortened, 'shopper');
    expect(screen.getByTestId('short-line').textContent).toBe('2 of 4 × StrawberriesShort: frost took the rest');
    expect(screen.queryByRole('button', { name: /^Short/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
    cleanup();
    show({ ...shortened, allowed: ['ready'] }, 'producer');
    expect(screen.getByTestId('short-line').textContent).toContain('2 of 4 × Strawberries');
    expect(screen.getByRole('button', { name: 'Short Strawberries' })).toBeTruthy();
  });

  it('offers Short only before the order is ready', () => {
    show(order({ status: 'ready', allowed: ['picked_up', 'no_show'] }), 'producer');
    expect(screen.queryByRole('button', { name: 'Short Strawberries' })).toBeNull();
  });
});
