import { STORAGE_KEYS } from '@farmstand/shared';
import type { Season } from '@farmstand/shared/format/season';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 1, phone: null } }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { addToBasket, clearBasket, removeFromBasket, setQuantity } from '../basket';
import CheckoutPage from './checkout-page';

/**
 * A Friday-evening market in Nashville (Central time), 7–9 PM: in UTC it starts the next day, so
 * its `date` (local to the place) is the day before the UTC date of `starts_at`.
 */
const fridayEvening = (date: string, startsAt: string) => ({
  point_id: 5,
  kind: 'market',
  name: 'Nashville Night Market',
  starts_at: startsAt,
  ends_at: startsAt.replace('T00:', 'T02:'),
  cutoff_at: startsAt,
  date,
  time_zone: 'America/Chicago',
  booth: 'Stall 14',
  min_order: null,
  remaining: null,
  full: false,
  delivery_fee: null,
});
const pickup = {
  producer_user_id: 7,
  farm_name: 'Bluegrass Acres',
  settings: {},
  points: [{ id: 5 }],
  windows: [
    fridayEvening('2030-06-07', '2030-06-08T00:00:00.000Z'),
    fridayEvening('2030-06-14', '2030-06-15T00:00:00.000Z'),
    fridayEvening('2030-06-21', '2030-06-22T00:00:00.000Z'),
  ],
  delivery: { available: false, radius: null },
  time_zone: 'America/Chicago',
};

const farm = { producerUserId: 7, farmName: 'Bluegrass Acres' };
const eggs = { productId: 1, name: 'Eggs', price: 5, priceUnit: 'dozen', quantity: 2, max: 12 };
/** Beef cuts sold by weight through variants: a ribeye pack weighs 1.3–1.6 lb at $9.99/lb. */
const ribeye = {
  productId: 3,
  variantId: 31,
  variantName: 'Ribeye',
  name: 'Beef Cuts',
  price: 9.99,
  priceUnit: null,
  weightUnit: 'lb' as const,
  packMin: 1.3,
  packMax: 1.6,
  quantity: 2,
  max: 10,
};
const strawberries = (season: Season) => ({
  productId: 2,
  name: 'Strawberries',
  price: 6,
  priceUnit: 'quart',
  quantity: 1,
  max: 40,
  season,
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/checkout/7']}>
        <Routes>
          <Route path="/checkout/:producerId" element={<CheckoutPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const pickupTimes = () => screen.queryAllByRole('radio').map((radio) => radio.closest('label')?.textContent ?? '');
const basketLines = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.baskets) ?? '[]')[0]?.lines ?? [];

vi.setConfig({ testTimeout: 60_000 });

describe('checkout', () => {
  beforeEach(() => {
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
  });
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it("offers only pickup times whose local day is inside every basket product's season", async () => {
    addToBasket(farm, eggs);
    // In season from Saturday 8 June: the first Friday evening is 8 June in UTC but 7 June at the market.
    addToBasket(farm, strawberries({ seasonal_start: '2030-06-08', seasonal_end: '2030-06-20' }));
    show();
    await screen.findByText('Pickup time');
    const times = pickupTimes();
    expect(times).toHaveLength(1);
    expect(times[0]).toContain('Fri, Jun 14');
    expect(times[0]).toContain('Nashville Night Market · Stall 14');
    expect(screen.getByText('Only times inside the season of every product in your basket are shown.')).toBeTruthy();
  });

  it('says which product is out of season and when it starts, and offers the times again once it is removed', async () => {
    addToBasket(farm, eggs);
    addToBasket(farm, strawberries({ seasonal_start: '2030-07-01', seasonal_end: null }));
    show();
    expect(
      await screen.findByText('Strawberries: In season from July 1 — reserve then. Or remove it to reserve the rest now.'),
    ).toBeTruthy();
    expect(pickupTimes()).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Place reservation' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Strawberries' }));

    expect(pickupTimes()).toHaveLength(3);
    expect(basketLines().map((l: { name: string }) => l.name)).toEqual(['Eggs']);
  });

  it('keeps the line when its quantity field is cleared or set to 0, and takes a typed number', async () => {
    addToBasket(farm, eggs);
    show();
    const field = (await screen.findByLabelText('Quantity of Eggs')) as HTMLInputElement;
    const total = () => screen.getByTestId('checkout-total').textContent;
    expect(total()).toBe('$10.00');

    fireEvent.input(field, { target: { value: '' } });
    expect(field.value).toBe('');
    expect(basketLines()).toMatchObject([{ name: 'Eggs', quantity: 2 }]);
    expect(total()).toBe('$10.00');
    fireEvent.focusOut(field);
    expect(field.value).toBe('2');

    fireEvent.input(field, { target: { value: '0' } });
    fireEvent.focusOut(field);
    expect(basketLines()).toMatchObject([{ name: 'Eggs', quantity: 2 }]);
    expect(field.value).toBe('2');

    fireEvent.input(field, { target: { value: '3' } });
    expect(basketLines()).toMatchObject([{ name: 'Eggs', quantity: 3 }]);
    expect(total()).toBe('$15.00');

    fireEvent.input(field, { target: { value: '99' } });
    fireEvent.focusOut(field);
    expect(field.value).toBe('12');
    expect(basketLines()).toMatchObject([{ name: 'Eggs', quantity: 12 }]);
  });

  it('shows a by-weight line as an estimate with its range, the order total as an estimate, and the final-after-weighing note', async () => {
    addToBasket(farm, eggs);
    addToBasket(farm, ribeye);
    show();
    const line = (await screen.findByText('Beef Cuts · Ribeye')).closest('li')?.textContent ?? '';
    expect(line).toContain('≈ $14.49 (1.3–1.6 lb at $9.99/lb)');
    expect(line).toContain('≈ $28.98 ($25.98–$31.96)');
    expect(screen.getByTestId('checkout-total').textContent).toBe('≈ $38.98 ($35.98–$41.96)');
    expect(screen.getByTestId('checkout-estimate-note').textContent).toContain('Final price after weighing, paid at pickup');
  });

  it('compares a pickup minimum with the estimate of the by-weight lines', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      ...pickup,
      windows: pickup.windows.map((w) => ({ ...w, min_order: 30 })),
    } as never);
    addToBasket(farm, ribeye);
    show();
    // The estimate is $28.98: $1.02 short of the $30 minimum.
    expect((await screen.findAllByText(/Minimum order \$30\.00: add \$1\.02 more/)).length).toBe(3);
  });

  it('shows the chosen place’s minimum order before Place reservation, and keeps it off until the basket reaches it', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      ...pickup,
      windows: pickup.windows.map((w) => ({ ...w, min_order: 30 })),
    } as never);
    addToBasket(farm, ribeye);
    show();
    fireEvent.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    const button = screen.getByRole('button', { name: 'Place reservation' }) as HTMLButtonElement;
    const minimum = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(minimum?.textContent).toMatch(/^Minimum order at .+: \$30\.00 — add \$1\.02 more, or choose another place$/);
    expect(button.disabled).toBe(true);
  });

  it('starts on the first open time at the place chosen on the reserve card, with its minimum order before Place reservation', async () => {
    const stand = (date: string, startsAt: string, full = false) => ({
      ...fridayEvening(date, startsAt),
      point_id: 6,
      kind: 'farm',
      name: 'Bluegrass Acres stand',
      booth: null,
      min_order: 20,
      full,
    });
    vi.spyOn(api, 'get').mockResolvedValue({
      ...pickup,
      points: [{ id: 5 }, { id: 6 }],
      windows: [
        pickup.windows[0],
        stand('2030-06-08', '2030-06-08T14:00:00.000Z', true),
        pickup.windows[1],
        stand('2030-06-15', '2030-06-15T14:00:00.000Z'),
      ],
    } as never);
    addToBasket({ ...farm, pointId: 6 }, eggs);
    show();
    await screen.findByText('Pickup time');
    const checked = screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked);
    expect(checked.map((radio) => radio.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^Sat, Jun 15.*Bluegrass Acres stand/),
    ]);
    const button = screen.getByRole('button', { name: 'Place reservation' }) as HTMLButtonElement;
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Minimum order at Bluegrass Acres stand: $20.00 — add $10.00 more, or choose another place',
    );
    // The shopper may still choose another place's time.
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    expect((screen.getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('sends the chosen variant of each line when the order is placed', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'ok', order: { id: 99 } } as never);
    addToBasket(farm, ribeye);
    addToBasket(farm, { ...ribeye, variantId: 32, variantName: 'Sirloin', quantity: 1 });
    show();
    fireEvent.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    fireEvent.input(screen.getByLabelText('Name for pickup'), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place reservation' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    const [, body] = post.mock.calls[0] ?? [];
    expect((body as { items: unknown[] }).items).toEqual([
      { productId: 3, variantId: 31, quantity: 2 },
      { productId: 3, variantId: 32, quantity: 1 },
    ]);
  });
});

/** Baskets are keyed by product and variant; a basket stored before variants keeps working. */
describe('the basket', () => {
  afterEach(() => act(() => clearBasket(7)));

  it('keeps one line per variant of a product, and changes or removes only that variant', () => {
    addToBasket(farm, ribeye);
    addToBasket(farm, { ...ribeye, variantId: 32, variantName: 'Sirloin', quantity: 1 });
    addToBasket(farm, { ...ribeye, quantity: 1 });
    expect(basketLines().map((l: { variantName: string; quantity: number }) => [l.variantName, l.quantity])).toEqual([
      ['Ribeye', 3],
      ['Sirloin', 1],
    ]);
    setQuantity(7, { productId: 3, variantId: 32 }, 4);
    removeFromBasket(7, { productId: 3, variantId: 31 });
    expect(basketLines().map((l: { variantName: string; quantity: number }) => [l.variantName, l.quantity])).toEqual([
      ['Sirloin', 4],
    ]);
  });

  it('reads a basket stored before variants existed as lines sold by the piece', () => {
    localStorage.setItem(STORAGE_KEYS.baskets, JSON.stringify([{ ...farm, lines: [eggs] }]));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.baskets }));
    addToBasket(farm, { ...eggs, quantity: 1 });
    setQuantity(7, { productId: 1 }, 5);
    expect(basketLines()).toMatchObject([{ productId: 1, name: 'Eggs', quantity: 5 }]);
  });
});
