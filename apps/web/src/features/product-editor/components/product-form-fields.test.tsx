import type { LabelProducer, LabelProduct } from '@farmstand/shared/labels/rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => ({ requests: [] as unknown[] }));
vi.mock('../api', () => ({
  useCreateProduct: () => ({
    mutateAsync: async (request: unknown) => {
      saved.requests.push(request);
      return { product: null };
    },
  }),
  useUpdateProduct: () => ({ mutateAsync: async () => ({ product: null }) }),
  useUploadProductImage: () => ({ mutate: vi.fn(), isPending: false }),
  useDeleteProductImage: () => ({ mutate: vi.fn(), isPending: false }),
  useSetPrimaryImage: () => ({ mutate: vi.fn(), isPending: false }),
  useLabelSheets: () => ({ data: undefined, isFetching: false, isError: false }),
}));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { productFixture } from '@/lib/product.fixture';
import { LabelChecklist } from './label-checklist';
import { ProductForm } from './product-form';
import { ProductImages } from './product-images';

vi.setConfig({ testTimeout: 60_000 });

const farm: LabelProducer = {
  farm_name: 'Hill Farm',
  address: '1 Main St',
  city: 'Berea',
  state: 'KY',
  zip: '40403',
  phone: null,
};
const blank: LabelProduct = {
  name: '',
  category: 'other',
  net_quantity: null,
  net_unit: null,
  ingredient_list: [],
  ingredients: null,
  allergens: [],
  allergens_confirmed_absent: [],
};
const wrap = (node: React.ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('the product form, filled in honestly', () => {
  afterEach(() => {
    cleanup();
    saved.requests = [];
  });

  it('ticks only the label fields filled in: a new product shows no tick for the processing date, statement or allergens', () => {
    wrap(<LabelChecklist product={blank} producer={farm} productId={null} hasUnsavedChanges={false} />);
    const list = screen.getByRole('region', { name: /Label checklist/ });
    const ticked = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.startsWith('✓'))
      .map((item) => item.getAttribute('data-state') && item.textContent?.replace('✓Done: ', ''));
    expect(ticked).toEqual(['Farm name', 'Farm address']);
    expect(list.textContent).toContain('Nothing to fill in: Processing dateChosen for each batch when you print.');
    expect(list.textContent).toContain("Nothing to fill in: Home-produced statementPrinted for you, in your state's wording.");
    expect(list.textContent).not.toContain('Done: Allergens');
    expect(list.textContent).toContain('3 fields are missing for a printable label.');
  });

  it('says "5 of 5" more photos and why the add button is off', () => {
    const full = productFixture({
      primary_image_url: '/uploads/products/12/a-800.webp',
      additional_images: [1, 2, 3, 4, 5].map((n) => `/uploads/products/12/${n}-800.webp`),
    });
    wrap(<ProductImages product={full} maxImages={5} />);
    const add = screen.getByRole('button', { name: 'Add more photos' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const reason = document.getElementById(add.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(reason.textContent).toBe(
      '5 of 5 more photos: the most this site allows for one product, beside the main photo. Delete one to add another.',
    );
    cleanup();
    wrap(<ProductImages product={{ ...full, additional_images: full.additional_images.slice(0, 2) }} maxImages={5} />);
    expect(screen.getByText(/more photos used; 3 left\./).textContent).toBe('2 of 5 more photos used; 3 left.');
    expect((screen.getByRole('button', { name: 'Add more photos' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks for the unit of a price where the category has no usual one, and names the usual one where it has', async () => {
    render(
      <ProductForm
        product={null}
        producerState="KY"
        labelProducer={farm}
        maxImages={5}
        maxVariants={3}
        onSaved={() => {}}
        onClose={() => {}}
      />,
    );
    type('Product name', 'Heirloom tomatoes');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'eggs' } });
    expect(screen.getByText('What the price buys. Empty: per dozen, the usual unit for this category.')).toBeTruthy();
    expect(screen.getByLabelText('Price unit').getAttribute('placeholder')).toBe('dozen');

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'produce' } });
    expect(screen.getByText('What the price buys (each, bunch, lb…): needed with a price.')).toBeTruthy();
    type('Price ($)', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(
      await screen.findByText('Price unit is required with a price: say what the price buys (each, bunch, lb, jar…)'),
    ).toBeTruthy();
    expect(saved.requests).toHaveLength(0);
    type('Price unit', 'lb');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({ price: 4, price_unit: 'lb' });
  });
});
