import type { Order } from '@farmstand/shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { orderItemFixture, testOrder } from '@/lib/order.fixture';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('react-hot-toast', () => ({ default: { success: (text: string) => toasts.push(text), error: () => {} } }));

import { RepeatOrderButton } from './make-standing-dialog';

vi.setConfig({ testTimeout: 60_000 });

/** Dana's order for Saturday 6 June 2099, 9:00 at the Lexington market (Eastern); the honey was short 1 of 2. */
const orderFixture = (overrides: Partial<Order> = {}) =>
  testOrder({
    shopper: { id: 1, name: 'Dana', phone: '859-555-0101', email: null },
    place: { point_id: 3, kind: 'market', name: 'Lexington Farmers Market', address: null },
    window: {
      starts_at: '2099-06-06T13:00:00.000Z',
      ends_at: '2099-06-06T16:00:00.000Z',
      cutoff_at: '2099-06-05T13:00:00.000Z',
      date: '2099-06-06',
      time_zone: 'America/New_York',
    },
    items: [
      orderItemFixture({ id: 1, product_id: 11, name: 'Brown Eggs', quantity: 2 }),
      orderItemFixture({ id: 2, product_id: 12, variant_id: 4, name: 'Honey', quantity: 1, ordered_quantity: 2 }),
      orderItemFixture({ id: 3, product_id: null, name: 'Removed jam', quantity: 1 }),
    ],
    note: 'Leave the eggs in the cooler',
    ...overrides,
  });

const window = (startsAt: string, pointId = 3) => ({
  point_id: pointId,
  kind: 'market',
  name: 'Lexington Farmers Market',
  starts_at: startsAt,
  ends_at: startsAt,
  cutoff_at: startsAt,
  date: startsAt.slice(0, 10),
  time_zone: 'America/New_York',
  booth: null,
  min_order: null,
  remaining: null,
  full: false,
  delivery_fee: null,
});

const pickup = {
  producer_user_id: 7,
  farm_name: 'Cumberland Farm',
  settings: { standing_lead_hours: 36 },
  points: [],
  windows: [
    window('2099-06-10T21:00:00.000Z'), // Wednesday 5 PM at the same place
    window('2099-06-13T13:00:00.000Z', 9), // Saturday 9 AM at another place
    window('2099-06-13T13:00:00.000Z'), // the next Saturday 9 AM here
    window('2099-06-20T13:00:00.000Z'),
  ],
  delivery: { available: false, radius: null },
  time_zone: 'America/New_York',
};

const show = (order: Order) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RepeatOrderButton order={order} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const made = { standing: { id: 5 }, message: 'Standing reservation made: every 2 weeks at Lexington Farmers Market.' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toasts.length = 0;
});

describe('repeating an order', () => {
  it('is offered only on an open pickup order that is not standing already nor a part of a market order', () => {
    const cases: [Partial<Order>, boolean][] = [
      [{}, true],
      [{ status: 'ready' }, true],
      [{ status: 'picked_up' }, false],
      [{ status: 'cancelled' }, false],
      [{ standing_id: 4 }, false],
      [{ market_order_id: 12 }, false],
      [{ fulfilment: 'delivery', place: { point_id: 3, kind: 'delivery', name: 'Delivery', address: null } }, false],
    ];
    for (const [overrides, offered] of cases) {
      show(orderFixture(overrides));
      expect(Boolean(screen.queryByRole('button', { name: 'Repeat this order' }))).toBe(offered);
      cleanup();
    }
  });

  it('makes the order the first of the series with the chosen cadence, last date and planned benefits, and shows the server’s message', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue(made as never);
    show(orderFixture({ planned_benefits: ['snap'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Repeat this order' }));
    const dialog = screen.getByRole('dialog', { name: 'Repeat this order' });
    expect(dialog.textContent).toContain('Saturdays at 9:00 AM');
    expect(
      await screen.findByText(
        /Each week’s order is placed 36 hours before orders close; we e-mail you 2 days before so you can skip a week\./,
      ),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Every week' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Every 2 weeks' }));
    fireEvent.input(screen.getByLabelText('Last date (optional)'), { target: { value: '2099-09-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make it standing' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/standing', {
      producerUserId: 7,
      pointId: 3,
      startsAt: '2099-06-06T13:00:00.000Z',
      items: [
        { productId: 11, variantId: null, quantity: 2 },
        { productId: 12, variantId: 4, quantity: 2 },
      ],
      shopperName: 'Dana',
      shopperPhone: '859-555-0101',
      note: 'Leave the eggs in the cooler',
      plannedBenefits: ['snap'],
      everyWeeks: 2,
      endDate: '2099-09-26',
      fromOrderId: 12,
    });
    await waitFor(() => expect(toasts).toEqual([made.message]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts with the next window at the same place and weekly time when this one’s orders have closed', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(400, 'Orders for this time closed 24 hours before it; choose a later time', 'startsAt'))
      .mockResolvedValueOnce(made as never);
    show(orderFixture());
    fireEvent.click(screen.getByRole('button', { name: 'Repeat this order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make it standing' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1]).toEqual([
      '/standing',
      expect.objectContaining({ pointId: 3, startsAt: '2099-06-13T13:00:00.000Z', fromOrderId: null, everyWeeks: 1 }),
    ]);
    await waitFor(() => expect(toasts[0]).toContain('it starts on Sat, Jun 13; order #12 stays as it is.'));
  });

  it('shows the server’s refusal in the dialog', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError(409, 'You already have 5 standing reservations with this farm; change or cancel one instead'),
    );
    show(orderFixture());
    fireEvent.click(screen.getByRole('button', { name: 'Repeat this order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make it standing' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have 5 standing reservations with this farm; change or cancel one instead',
    );
    expect(screen.getByRole('dialog', { name: 'Repeat this order' })).toBeTruthy();
  });
});
