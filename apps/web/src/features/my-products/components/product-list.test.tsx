import type { Product } from '@farmstand/shared/schemas/products';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '@/lib/product.fixture';

const mine = vi.hoisted(() => ({ data: null as unknown }));
vi.mock('@/lib/queries', () => ({ useMyProducts: () => ({ isPending: false, isError: false, data: mine.data }) }));
vi.mock('../api', () => ({
  useDeleteProduct: () => ({ isPending: false, mutate: () => {} }),
  useRestoreProduct: () => ({ isPending: false, mutate: () => {} }),
  useUpdateAvailability: () => ({ isPending: false, mutate: () => {} }),
  useCheckCatalogue: () => ({ isPending: false, mutate: () => {}, reset: () => {} }),
  useApplyCatalogue: () => ({ isPending: false, mutate: () => {}, reset: () => {} }),
  fetchCatalogueCsv: () => Promise.resolve({ blob: new Blob(), filename: null }),
}));

import { ProductsTab, productCountText } from './products-tab';

vi.setConfig({ testTimeout: 60_000 });

/** A vegetable farm's catalogue: 100 products, every tenth one kale (greens), the rest produce. */
const catalogue: Product[] = Array.from({ length: 100 }, (_, i) =>
  productFixture({
    id: i + 1,
    name: i % 10 === 0 ? `Kale ${i + 1}` : `Vegetable ${String(i + 1).padStart(3, '0')}`,
    category: i % 10 === 0 ? 'other' : 'produce',
    price: 100 - i,
    price_unit: 'bunch',
    active: i < 95,
  }),
);

const rows = () => screen.getAllByTestId('product-row');
const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  if (field instanceof HTMLInputElement) fireEvent.input(field, { target: { value } });
  else fireEvent.change(field, { target: { value } });
};

describe('a catalogue of 100 products stays usable', () => {
  afterEach(cleanup);

  it('pages and filters 100 products on the producer’s list', () => {
    mine.data = {
      products: catalogue,
      active_count: 95,
      max_products: 100,
      on_plan: true,
      trial_max_products: 10,
      plan_max_products: 100,
      max_images_per_product: 5,
      max_variants_per_product: 20,
    };
    render(
      <MemoryRouter>
        <ProductsTab printLabels={() => null} productForm={() => null} />
      </MemoryRouter>,
    );
    expect(rows()).toHaveLength(20);
    expect(screen.getByText('Showing 1–20 of 100 products')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByText('Showing 81–100 of 100 products')).toBeTruthy();
    // Filtering goes back to the first page of what matches.
    type('Find by name', 'kale');
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 10 products')).toBeTruthy();
    type('Find by name', '');
    type('Show', 'deleted');
    expect(rows().map((row) => within(row).getByText('Deleted'))).toHaveLength(5);
    type('Show', 'all');
    type('Category', 'other');
    type('Sort by', 'price_low');
    expect(within(rows()[0] as HTMLElement).getByText('Kale 91')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('Showing 1–20 of 100 products')).toBeTruthy();
  });

  it('says the trial’s limit and what a plan lists', () => {
    expect(productCountText(4, 10, { on_plan: false, trial_max_products: 10, plan_max_products: 100 })).toBe(
      '4 of 10 active products during the free trial (up to 100 with a plan)',
    );
    expect(productCountText(40, 100, { on_plan: true, trial_max_products: 10, plan_max_products: 100 })).toBe(
      '40 of 100 active products',
    );
  });
});
