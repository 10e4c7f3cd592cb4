import type { Standing } from '@farmstand/shared/schemas/standing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { FarmStanding } from './farm-standing';

vi.setConfig({ testTimeout: 60_000 });

/** Saturdays 9–noon at a Central-time market; windows in June 2099 so "paused until" is still ahead. */
const standing = (overrides: Partial<Standing> = {}): Standing => ({
  id: 31,
  status: 'active',
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  shopper: { id: 101, name: 'Dana Reyes', phone: '(615) 555-0142' },
  place: { point_id: 5, name: 'Nashville Farmers Market', time_zone: 'America/Chicago' },
  weekday: 6,
  start: '09:00',
  every_weeks: 2,
  cadence: 'Every 2 weeks',
  start_date: '2099-06-06',
  end_date: null,
  paused_until: null,
  away_from: null,
  away_to: null,
  end_reason: null,
  planned_benefits: [],
  note: null,
  items: [
    {
      product_id: 1,
      variant_id: null,
      name: 'Brown Eggs',
      variant_name: null,
      quantity: 2,
      unit_price: 7,
      price_unit: '18 count',
      weight_unit: null,
      pack_min: null,
      pack_max: null,
    },
    {
      product_id: 2,
      variant_id: 4,
      name: 'Honey',
      variant_name: '8-oz jar',
      quantity: 1,
      unit_price: 9,
      price_unit: null,
      weight_unit: null,
      pack_min: null,
      pack_max: null,
    },
  ],
  plan: null,
  upcoming: [
    {
      starts_at: '2099-06-06T14:00:00.000Z',
      ends_at: '2099-06-06T17:00:00.000Z',
      cutoff_at: '2099-06-05T14:00:00.000Z',
      places_at: '2099-06-04T14:00:00.000Z',
      date: '2099-06-06',
      state: 'placed',
      order_id: 812,
      reason: null,
    },
    {
      starts_at: '2099-06-20T14:00:00.000Z',
      ends_at: '2099-06-20T17:00:00.000Z',
      cutoff_at: '2099-06-19T14:00:00.000Z',
      places_at: '2099-06-18T14:00:00.000Z',
      date: '2099-06-20',
      state: 'skipped',
      order_id: null,
      reason: null,
    },
    {
      starts_at: '2099-07-04T14:00:00.000Z',
      ends_at: '2099-07-04T17:00:00.000Z',
      cutoff_at: '2099-07-03T14:00:00.000Z',
      places_at: '2099-07-02T14:00:00.000Z',
      date: '2099-07-04',
      state: 'upcoming',
      order_id: null,
      reason: null,
    },
  ],
  warning: null,
  created_at: '2099-06-01T12:00:00.000Z',
  ...overrides,
});

function serve(list: Standing[]) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/standing/received') return { standing: list } as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FarmStanding />
    </QueryClientProvider>,
  );

describe('the farm’s standing reservations', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each shopper with place, weekly time, cadence, items, planned benefits and the next pickups with what happens to each', async () => {
    serve([standing({ planned_benefits: ['snap', 'wic_fmnp'] })]);
    show();
    expect(await screen.findByRole('heading', { level: 3, name: 'Shoppers with standing reservations (1 active)' })).toBeTruthy();
    const card = screen.getByTestId('standing-31');
    expect(within(card).getByRole('heading', { level: 4, name: 'Dana Reyes' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '(615) 555-0142' }).getAttribute('href')).toBe('tel:6155550142');
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(card.textContent).toContain('Nashville Farmers Market, Saturday 9:00 AM · Every 2 weeks');
    expect(card.textContent).toContain('Since Sat, Jun 6');
    expect(card.textContent).toContain('Items: 2 × 18-count Brown Eggs, 1 × Honey (8-oz jar)');
    expect(card.textContent).toContain('Plans to pay with SNAP/EBT and WIC FMNP coupons at each pickup');

    const next = within(card).getByRole('list', { name: 'Next pickups' });
    const windows = within(next).getAllByRole('listitem');
    expect(windows).toHaveLength(3);
    // Times on the market's clock (Central), whatever the viewer's zone.
    expect(windows[0].textContent).toContain('Sat, Jun 6 · 9:00 AM – 12:00 PM');
    expect(windows[0].textContent).toContain('Order placed');
    expect(windows[0].textContent).toContain('Order #812');
    expect(windows[1].textContent).toContain('Skipped by the shopper');
    expect(windows[2].textContent).toContain('Coming');
    expect(windows[2].textContent).toContain('Order to be placed Thu, Jul 2, 9:00 AM');
    expect(within(card).getByRole('button', { name: 'End the standing reservation of Dana Reyes' })).toBeTruthy();
  });

  it("counts by-weight packs on the farm's standing card with their weight range and total, never as pounds", async () => {
    const pack = (name: string, quantity: number, min: number, max: number) => ({
      product_id: 9,
      variant_id: null,
      name,
      variant_name: null,
      quantity,
      unit_price: 6,
      price_unit: 'lb',
      weight_unit: 'lb' as const,
      pack_min: min,
      pack_max: max,
    });
    serve([standing({ items: [pack('Pork shoulder', 2, 1.5, 2.5), pack('Tomato box', 1, 9, 11)] })]);
    show();
    const card = await screen.findByTestId('standing-31');
    expect(card.textContent).toContain('Items: 2 packs × 1.5–2.5 lb (3–5 lb) Pork shoulder, 1 pack × 9–11 lb Tomato box');
    expect(card.textContent).not.toMatch(/\b2 lb Pork|\b1 lb Tomato/);
  });

  it('says when a shopper paused or is away, shows a CSA share, a warning and the not-placed reason', async () => {
    serve([
      standing({
        paused_until: '2099-06-27',
        away_from: '2099-07-10',
        away_to: '2099-07-20',
        note: 'Leave it in the cooler',
        plan: { id: 3, name: 'Summer vegetable box', size: 'Large', size_index: 1, price: 32, dislikes: 'Beets' },
        warning: 'This weekly time is no longer on Nashville Farmers Market’s schedule, so no orders are placed.',
        upcoming: [
          {
            ...standing().upcoming[0],
            state: 'missed',
            order_id: null,
            reason: 'Brown Eggs were sold out',
          },
        ],
      }),
    ]);
    show();
    const card = await screen.findByTestId('standing-31');
    expect(within(card).getByText('Paused')).toBeTruthy();
    expect(card.textContent).toContain('Paused until Sat, Jun 27 · Away Fri, Jul 10 – Mon, Jul 20');
    expect(card.textContent).toContain('CSA share: Summer vegetable box, Large · $32.00 per pickup');
    expect(card.textContent).toContain('Dislikes: Beets');
    expect(card.textContent).toContain('Note: Leave it in the cooler');
    expect(card.textContent).toContain('no longer on Nashville Farmers Market’s schedule');
    expect(card.textContent).toContain('Not placed');
    expect(card.textContent).toContain('Brown Eggs were sold out');
  });

  it('folds ended and cancelled ones apart, with the reason the farm gave and no End', async () => {
    serve([
      standing(),
      standing({ id: 32, status: 'ended', end_reason: 'We stop the Saturday market', upcoming: [] }),
      standing({ id: 33, status: 'cancelled', shopper: { id: 102, name: 'Eli Park', phone: null }, upcoming: [] }),
    ]);
    show();
    expect(await screen.findByRole('heading', { name: 'Shoppers with standing reservations (1 active)' })).toBeTruthy();
    const past = screen.getByText('Ended and cancelled (2)').closest('details') as HTMLElement;
    const ended = within(past).getByTestId('standing-32');
    expect(within(ended).getByText('Ended by you')).toBeTruthy();
    expect(ended.textContent).toContain('Your reason: We stop the Saturday market');
    expect(within(ended).queryByRole('button', { name: /^End/ })).toBeNull();
    expect(within(within(past).getByTestId('standing-33')).getByText('Cancelled by the shopper')).toBeTruthy();
  });

  it('ends one only with a reason, posts it and shows what the server says', async () => {
    serve([standing()]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      standing: standing({ status: 'ended', end_reason: 'We stop the Saturday market' }),
      message: 'Standing reservation ended; the shopper was told why.',
    } as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'End the standing reservation of Dana Reyes' }));
    const dialog = screen.getByRole('dialog', { name: 'End Dana Reyes’s standing reservation', hidden: true });
    expect(dialog.textContent).toContain('Every 2 weeks at Nashville Farmers Market, Saturday 9:00 AM');
    expect(dialog.textContent).toContain('orders already placed stay as they are');

    // No reason: refused here, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'End standing reservation', hidden: true }));
    expect(within(dialog).getByRole('alert', { hidden: true }).textContent).toBe(
      'Say why you end it: the shopper is e-mailed your reason',
    );
    expect(post).not.toHaveBeenCalled();

    const reason = within(dialog).getByLabelText('Reason for the shopper');
    expect(reason.getAttribute('maxlength')).toBe('300');
    fireEvent.input(reason, { target: { value: '  We stop the Saturday market  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End standing reservation', hidden: true }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/standing/31/end', { reason: 'We stop the Saturday market' }));
    expect((await screen.findByRole('status')).textContent).toBe('Standing reservation ended; the shopper was told why.');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('keeps the dialog open with the server’s reason when ending fails', async () => {
    serve([standing()]);
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(409, 'This standing reservation has ended'));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'End the standing reservation of Dana Reyes' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    fireEvent.input(within(dialog).getByLabelText('Reason for the shopper'), { target: { value: 'Closing for the season' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End standing reservation', hidden: true }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe('This standing reservation has ended');
  });

  it('says so when the farm has no active standing reservation', async () => {
    serve([]);
    show();
    expect(await screen.findByText('No active standing reservations.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shoppers with standing reservations (0 active)' })).toBeTruthy();
  });
});
