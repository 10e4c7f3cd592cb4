import { STORAGE_KEYS } from '@farmstand/shared';
import type { Product, ProductVariant } from '@farmstand/shared/schemas/products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { productFixture } from '@/lib/product.fixture';

const auth = vi.hoisted(() => ({ user: { id: 1, email: 'dana@x.test', userType: 'consumer' } as { id: number } | null }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {} } }));

import { clearBasket } from '../basket';
import { ReserveCard } from './reserve-card';

/** A Saturday market in Kentucky: the next three Saturdays of June 2030 are on offer. */
const saturday = (date: string) => ({
  point_id: 5,
  kind: 'market',
  name: 'Lexington Farmers Market',
  starts_at: `${date}T13:00:00.000Z`,
  ends_at: `${date}T16:00:00.000Z`,
  cutoff_at: `${date}T13:00:00.000Z`,
  date,
  time_zone: 'America/New_York',
  booth: null,
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
  windows: ['2030-06-08', '2030-06-15', '2030-06-22'].map(saturday),
  delivery: { available: false, radius: null },
  time_zone: 'America/New_York',
};

const strawberries = (season: { seasonal_start: string | null; seasonal_end: string | null }) =>
  productFixture({
    id: 3,
    name: 'Strawberries',
    category: 'produce',
    price: 6,
    price_unit: 'quart',
    availability: 'seasonal',
    stock_quantity: 40,
    producer_user_id: 7,
    farm_name: 'Bluegrass Acres',
    ...season,
  });

const show = (product: Product) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ReserveCard product={product as never} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

vi.setConfig({ testTimeout: 60_000 });

describe('the reserve card of a seasonal product', () => {
  beforeEach(() => {
    localStorage.clear();
    auth.user = { id: 1 };
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
  });
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it('offers Reserve when a pickup day is in season, says pickup is only in season, and keeps the season in the basket', async () => {
    show(strawberries({ seasonal_start: '2030-06-10', seasonal_end: '2030-07-15' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Add to basket · / }));
    expect(screen.getByText('Pickup only in season from June 10 until July 15.')).toBeTruthy();
    const [basket] = JSON.parse(localStorage.getItem(STORAGE_KEYS.baskets) ?? '[]');
    expect(basket.lines[0]).toMatchObject({
      name: 'Strawberries',
      quantity: 1,
      season: { seasonal_start: '2030-06-10', seasonal_end: '2030-07-15' },
    });
  });

  it('says when the season starts instead of offering Reserve when no pickup day is in season', async () => {
    show(strawberries({ seasonal_start: '2030-07-01', seasonal_end: '2030-08-31' }));
    expect(await screen.findByText('In season from July 1 — reserve then.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to basket · / })).toBeNull();
    expect(screen.queryByLabelText('Quantity to reserve')).toBeNull();
  });

  it('tells a signed-out visitor when the season starts too, with the year when it is next year', async () => {
    auth.user = null;
    show(strawberries({ seasonal_start: '2031-06-01', seasonal_end: null }));
    expect(await screen.findByText('In season from June 1, 2031 — reserve then.')).toBeTruthy();
    expect(screen.queryByText('Sign in')).toBeNull();
  });

  it('says the season has ended when it ended before the first pickup day', async () => {
    show(strawberries({ seasonal_start: '2030-04-15', seasonal_end: '2030-06-07' }));
    expect(await screen.findByText('Season ended June 7.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to basket · / })).toBeNull();
  });

  it('never offers more than can still go in the basket, and says so when the basket holds all of it', async () => {
    show({ ...strawberries({ seasonal_start: null, seasonal_end: null }), availability: 'available', stock_quantity: 3 });
    const select = (await screen.findByLabelText('Quantity to reserve')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Add to basket · / }));
    expect([...(screen.getByLabelText('Quantity to reserve') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['1']);
    fireEvent.click(screen.getByRole('button', { name: /^Add to basket · / }));
    expect(screen.getByText('All 3 you can reserve are in your basket.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to basket · / })).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout · basket of 3 items' })).toBeTruthy();
  });

  it('offers Reserve without a season note when every pickup day is in season', async () => {
    show(strawberries({ seasonal_start: '2030-05-01', seasonal_end: '2030-06-30' }));
    expect(await screen.findByRole('button', { name: /^Add to basket · / })).toBeTruthy();
    expect(screen.queryByText(/Pickup only in season/)).toBeNull();
  });
});

const variant = (id: number, name: string, rest: Partial<ProductVariant>): ProductVariant => ({
  id,
  name,
  price: 9.99,
  price_unit: null,
  weight_unit: 'lb',
  pack_min: 1.3,
  pack_max: 1.6,
  stock_quantity: null,
  availability: 'available',
  ...rest,
});
/** Beef cuts: a ribeye by weight, a sold-out sirloin, and soup bones by the piece. */
const beef = productFixture({
  id: 4,
  name: 'Beef Cuts',
  category: 'meat',
  price: 6,
  price_unit: 'bag',
  price_from: true,
  variants: [
    variant(41, 'Ribeye', {}),
    variant(42, 'Sirloin', { availability: 'sold_out' }),
    variant(43, 'Soup bones', { price: 6, price_unit: 'bag', weight_unit: null, pack_min: null, pack_max: null }),
  ],
});

describe('the reserve card of a product with variants', () => {
  beforeEach(() => {
    localStorage.clear();
    auth.user = { id: 1 };
    vi.spyOn(api, 'get').mockResolvedValue(pickup as never);
  });
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it('lists the variants with their prices, a sold-out one cannot be chosen, and each chosen variant is its own basket line', async () => {
    show(beef);
    const ribeye = (await screen.findByRole('radio', { name: /Ribeye/ })) as HTMLInputElement;
    expect(ribeye.checked).toBe(true);
    expect(ribeye.closest('label')?.textContent).toContain('≈ $14.49 (1.3–1.6 lb at $9.99/lb)');
    expect((screen.getByRole('radio', { name: /Sirloin/ }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Quantity to reserve'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket · ≈ $28.98' }));
    // A variant's price reads as every price does (one formatter): "$6.00/bag", not "$6.00 / bag".
    expect(screen.getByRole('radio', { name: /Soup bones/ }).closest('label')?.textContent).toMatch(/\$6\.00\/\S/);
    fireEvent.click(screen.getByRole('radio', { name: /Soup bones/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket · $6.00' }));

    const [basket] = JSON.parse(localStorage.getItem(STORAGE_KEYS.baskets) ?? '[]');
    expect(basket.lines).toMatchObject([
      {
        productId: 4,
        variantId: 41,
        variantName: 'Ribeye',
        price: 9.99,
        weightUnit: 'lb',
        packMin: 1.3,
        packMax: 1.6,
        quantity: 2,
      },
      { productId: 4, variantId: 43, variantName: 'Soup bones', price: 6, priceUnit: 'bag', weightUnit: null, quantity: 1 },
    ]);
  });

  it('says sold out when every variant is', async () => {
    show({ ...beef, variants: beef.variants.map((v) => ({ ...v, availability: 'sold_out' as const })) });
    expect(await screen.findByText('Sold out for now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to basket · / })).toBeNull();
  });
});

describe('the reserve card shows the limits where the choice is made', () => {
  const twoPlaces = {
    ...pickup,
    points: [
      { id: 5, name: 'Lexington Farmers Market', min_order: 15 },
      { id: 6, name: 'Farm stand', min_order: null },
    ],
    windows: [
      { ...saturday('2030-06-08'), min_order: 15 },
      { ...saturday('2030-06-09'), point_id: 6, name: 'Farm stand' },
    ],
  };
  beforeEach(() => {
    localStorage.clear();
    auth.user = { id: 1 };
    vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url.endsWith('/day-left'))
        return {
          places: [
            { point_id: 5, day_limit: 4, left: 2 },
            { point_id: 6, day_limit: null, left: null },
          ],
        } as never;
      return twoPlaces as never;
    });
  });
  afterEach(() => {
    cleanup();
    act(() => clearBasket(7));
    vi.restoreAllMocks();
  });

  it('offers only what the chosen place’s day limit leaves, and the minimum order at that place before the basket', async () => {
    show({ ...strawberries({ seasonal_start: null, seasonal_end: null }), availability: 'available', stock_quantity: 40 });
    const place = (await screen.findByLabelText('Pickup place')) as HTMLSelectElement;
    expect(place.value).toBe('5');
    await screen.findByText('Up to 2 a pickup day at Lexington Farmers Market (4 a day)');
    expect(screen.getByText('Minimum order at Lexington Farmers Market: $15.00')).toBeTruthy();
    const quantity = screen.getByLabelText('Quantity to reserve') as HTMLSelectElement;
    expect([...quantity.options].map((o) => o.value)).toEqual(['1', '2']);
    // The farm stand keeps no limit of its own: the stock leaves up to the line's most.
    fireEvent.change(place, { target: { value: '6' } });
    expect((screen.getByLabelText('Quantity to reserve') as HTMLSelectElement).options.length).toBeGreaterThan(2);
    expect(screen.queryByText(/Minimum order at/)).toBeNull();
  });

  it('carries the chosen pickup place with the basket, and the next product’s card starts on it', async () => {
    const product = { ...strawberries({ seasonal_start: null, seasonal_end: null }), availability: 'available' as const };
    show(product);
    fireEvent.change(await screen.findByLabelText('Pickup place'), { target: { value: '6' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Add to basket · / }));
    const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.baskets) ?? '[]')[0];
    expect(stored()).toMatchObject({ producerUserId: 7, pointId: 6 });
    cleanup();
    // Another product of the same farm: its card offers the basket's place first.
    show({ ...product, id: 4, name: 'Rhubarb' });
    expect(((await screen.findByLabelText('Pickup place')) as HTMLSelectElement).value).toBe('6');
    // Adding it at the market makes the market the basket's place.
    fireEvent.change(screen.getByLabelText('Pickup place'), { target: { value: '5' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Add to basket · / }));
    expect(stored()).toMatchObject({ pointId: 5 });
  });

  it('says the place’s day limit is used up instead of offering a quantity', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
      url.endsWith('/day-left')
        ? ({ places: [{ point_id: 5, day_limit: 4, left: 0 }] } as never)
        : ({ ...twoPlaces, points: [twoPlaces.points[0]], windows: [twoPlaces.windows[0]] } as never),
    );
    show({ ...strawberries({ seasonal_start: null, seasonal_end: null }), availability: 'available', stock_quantity: 40 });
    expect(await screen.findByText('Sold out for every open pickup day at Lexington Farmers Market (4 a day)')).toBeTruthy();
    expect(screen.queryByLabelText('Quantity to reserve')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add to basket · / })).toBeNull();
  });
});
