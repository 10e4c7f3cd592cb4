import type { Product } from '@farmstand/shared/schemas/products';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '@/lib/product.fixture';
import { FarmProductList } from './farm-product-list';

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

const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  if (field instanceof HTMLInputElement) fireEvent.input(field, { target: { value } });
  else fireEvent.change(field, { target: { value } });
};

describe('a catalogue of 100 products stays usable', () => {
  afterEach(cleanup);

  it('pages and filters 100 products on the farm page', () => {
    const active = catalogue.filter((p) => p.active);
    render(
      <MemoryRouter>
        <FarmProductList producer={{ products: active, benefit_takes: [] } as never} />
      </MemoryRouter>,
    );
    const cards = () => screen.getAllByRole('article');
    expect(cards()).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Show 24 more products' }));
    expect(cards()).toHaveLength(48);
    expect(screen.getByText('Showing 1–48 of 95 products')).toBeTruthy();
    type('Category', 'other');
    expect(cards()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: /more products/ })).toBeNull();
    type('Sort by', 'name');
    expect(within(cards()[0] as HTMLElement).getByText('Kale 1')).toBeTruthy();
  });
});
