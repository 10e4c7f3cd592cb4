import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { ProductListing } from '@farmstand/shared/schemas/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ProductCard } from './product-card';

/** The benefit table in force: the researched defaults (Kentucky Double Dollars in Kentucky). */
const get = vi.spyOn(api, 'get').mockImplementation(async () => DEFAULT_BENEFIT_TABLE as never);

vi.setConfig({ testTimeout: 60_000 });

const listing = (overrides: Partial<ProductListing>): ProductListing => ({
  id: 7,
  producer_id: 3,
  producer_user_id: 9,
  name: 'Heirloom Tomatoes',
  category: 'produce',
  description: null,
  price: 3.25,
  price_unit: 'lb',
  price_from: false,
  weight_unit: null,
  pack_min: null,
  pack_max: null,
  availability: 'available',
  stock_quantity: null,
  primary_image_url: null,
  seasonal_start: null,
  seasonal_end: null,
  inspection: null,
  origin_state: null,
  farm_name: 'Double Creek Farm',
  city: 'Paris',
  state: 'KY',
  delivery_available: false,
  delivery_radius: null,
  producer_email: null,
  verified: true,
  benefit_takes: ['snap', 'incentive'],
  distance: null,
  ...overrides,
});

function show(product: ProductListing) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('article');
}

const pills = (card: HTMLElement) => {
  const list = within(card).queryByRole('list', { name: 'Benefits at pickup' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
};

describe('benefit badges on a product card', () => {
  afterEach(() => {
    cleanup();
    get.mockClear();
  });

  it('shows SNAP and Double Dollars for Kentucky-grown produce of a farm taking both, with names a screen reader says', () => {
    const card = show(listing({}));
    expect(pills(card)).toEqual([
      'SNAPCan be paid with SNAP',
      'Double DollarsKentucky Double Dollars matches what SNAP or coupons pay for it',
    ]);
    expect(within(card).getByText('SNAP').getAttribute('aria-hidden')).toBe('true');
    expect(within(card).getByText('Can be paid with SNAP')).toBeTruthy();
  });

  it('shows no SNAP on pet food', () => {
    const card = show(listing({ name: 'Raw Goat Milk', category: 'pet_food', state: 'TN', benefit_takes: ['snap'] }));
    expect(pills(card)).toEqual([]);
    expect(within(card).queryByText('SNAP')).toBeNull();
  });

  it('shows no WIC or Double Dollars on a product grown in another state, while SNAP still pays for it', () => {
    const card = show(
      listing({ name: 'Indiana Sweet Corn', origin_state: 'IN', benefit_takes: ['snap', 'wic_fmnp', 'incentive'] }),
    );
    expect(pills(card)).toEqual(['SNAPCan be paid with SNAP']);
    // The same corn grown on the farm itself: WIC coupons and the match too.
    cleanup();
    const home = show(listing({ name: 'Kentucky Sweet Corn', benefit_takes: ['snap', 'wic_fmnp', 'incentive'] }));
    expect(
      within(home)
        .getAllByText(/^(SNAP|WIC|Double Dollars)$/)
        .map((pill) => pill.textContent),
    ).toEqual(['SNAP', 'WIC', 'Double Dollars']);
  });

  it('asks the shopper to check where a programme leaves it open, in words and not by colour alone', () => {
    const card = show(listing({ name: 'Pasture Eggs', category: 'eggs' }));
    // Double Dollars matches eggs only at the markets of its pilot.
    expect(within(card).getByText('Ask about Double Dollars')).toBeTruthy();
    expect(within(card).getByText('Ask the farm whether Kentucky Double Dollars can pay for it')).toBeTruthy();
  });

  it('shows nothing, and asks nothing of the server, when the farm takes no benefit today', () => {
    const card = show(listing({ benefit_takes: [] }));
    expect(pills(card)).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });
});
