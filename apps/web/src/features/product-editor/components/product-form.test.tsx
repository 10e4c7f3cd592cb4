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
}));
vi.mock('./label-checklist', () => ({ LabelChecklist: () => null }));
vi.mock('./day-limit-fields', () => ({ DayLimitFields: () => null }));
vi.mock('./product-images', () => ({ ProductImages: () => null }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { productFixture } from '@/lib/product.fixture';
import { ProductForm } from './product-form';

vi.setConfig({ testTimeout: 60_000 });

const show = (maxVariants = 3) =>
  render(
    <ProductForm
      product={null}
      producerState="KY"
      labelProducer={{} as never}
      maxImages={5}
      maxVariants={maxVariants}
      onSaved={() => {}}
      onClose={() => {}}
    />,
  );

const type = (label: string | HTMLElement, value: string) =>
  fireEvent.input(typeof label === 'string' ? screen.getByLabelText(label) : label, { target: { value } });
const variantBoxes = () => screen.queryAllByRole('group', { name: /^Variant \d/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

describe('the product form', () => {
  afterEach(() => {
    cleanup();
    saved.requests = [];
  });

  it('sells by weight: price per lb and the pack range, with a live preview of what shoppers see', () => {
    show();
    fireEvent.click(screen.getByLabelText(/^Weight \(a price per lb/));
    expect(screen.getByText('Fill in the price and the pack weights to see what shoppers see.')).toBeTruthy();
    type('Price per lb ($)', '9.99');
    type('Lightest pack (lb)', '1.3');
    type('Heaviest pack (lb)', '1.6');
    expect(screen.getByText('≈ $14.49 (1.3–1.6 lb at $9.99/lb)')).toBeTruthy();
    expect(screen.queryByLabelText('Price unit')).toBeNull();
  });

  it("shows the server's message when the heaviest pack weighs less than the lightest, before sending", async () => {
    show();
    type('Product name', 'Pork chops');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'produce' } });
    fireEvent.click(screen.getByLabelText(/^Weight \(a price per lb/));
    type('Price per lb ($)', '7.50');
    type('Lightest pack (lb)', '2');
    type('Heaviest pack (lb)', '1.5');
    submit();
    expect(await screen.findByText('Heaviest pack must weigh at least the lightest')).toBeTruthy();
    expect(saved.requests).toHaveLength(0);
  });

  it('adds, reorders and removes variants, hides the product price while there are any, and stops at the cap', async () => {
    show(2);
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    // The only price left is the variant's own.
    expect(screen.getAllByLabelText('Price ($)').every((input) => variantBoxes()[0]?.contains(input))).toBe(true);
    expect(screen.getByText(/The variants below set the price/)).toBeTruthy();
    type(within(variantBoxes()[0] as HTMLElement).getByLabelText('Variant name'), 'Ribeye');
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    type(within(variantBoxes()[1] as HTMLElement).getByLabelText('Variant name'), 'Sirloin');

    const add = screen.getByRole('button', { name: '+ Add variant' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText('A product can have at most 2 variants on this site.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move variant 2 up' }));
    expect(variantBoxes().map((box) => box.querySelector('legend')?.textContent)).toEqual([
      'Variant 1: Sirloin',
      'Variant 2: Ribeye',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect(variantBoxes().map((box) => box.querySelector('legend')?.textContent)).toEqual(['Variant 1: Ribeye']);
    expect((screen.getByRole('button', { name: '+ Add variant' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends each variant in order, by weight or by the piece, and no product-level price', async () => {
    show();
    type('Product name', 'Beef cuts');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'meat' } });
    fireEvent.change(screen.getByLabelText('Inspection'), { target: { value: 'usda' } });
    type('Establishment number', 'EST. 45678');
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    const first = within(variantBoxes()[0] as HTMLElement);
    type(first.getByLabelText('Variant name'), 'Ribeye');
    fireEvent.click(first.getByLabelText(/^Weight \(a price per lb/));
    type(first.getByLabelText('Price per lb ($)'), '9.99');
    type(first.getByLabelText('Lightest pack (lb)'), '1.3');
    type(first.getByLabelText('Heaviest pack (lb)'), '1.6');
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    const second = within(variantBoxes()[1] as HTMLElement);
    type(second.getByLabelText('Variant name'), 'Soup bones');
    type(second.getByLabelText('Price ($)'), '6');
    type(second.getByLabelText('Price unit'), 'bag');
    submit();
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({
      price: null,
      weight_unit: null,
      inspection: 'usda',
      establishment_number: 'EST. 45678',
      variants: [
        { name: 'Ribeye', price: 9.99, weight_unit: 'lb', pack_min: 1.3, pack_max: 1.6, price_unit: null },
        { name: 'Soup bones', price: 6, price_unit: 'bag', weight_unit: null, pack_min: null },
      ],
    });
  });

  it('moves the stock typed for the product into the first variant, so nothing typed is dropped on save', async () => {
    show();
    type('Product name', 'Fruit pie');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'baked_goods' } });
    type('Price ($)', '18');
    type('Price unit', 'pie');
    type('Stock quantity', '40');
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    // Only the variant's own stock and price are shown: the product-level ones would not be kept.
    const first = within(variantBoxes()[0] as HTMLElement);
    expect(screen.getAllByLabelText('Stock quantity').every((input) => variantBoxes()[0]?.contains(input))).toBe(true);
    expect((first.getByLabelText('Stock quantity') as HTMLInputElement).value).toBe('40');
    expect((first.getByLabelText('Price ($)') as HTMLInputElement).value).toBe('18');
    expect((first.getByLabelText('Price unit') as HTMLInputElement).value).toBe('pie');
    expect(screen.getByText(/The product's price, weight and stock moved into Variant 1/)).toBeTruthy();
    type(first.getByLabelText('Variant name'), 'Apple');
    submit();
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({
      price: null,
      stock_quantity: null,
      variants: [{ name: 'Apple', price: 18, price_unit: 'pie', stock_quantity: 40 }],
    });
  });

  it('keeps the choice of selling by weight when a variant is added, and gives it back when the last variant goes', () => {
    show();
    fireEvent.click(screen.getByLabelText(/^Weight \(a price per lb/));
    type('Price per lb ($)', '9.99');
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    const first = within(variantBoxes()[0] as HTMLElement);
    expect((first.getByLabelText(/^Weight \(a price per lb/) as HTMLInputElement).checked).toBe(true);
    expect((first.getByLabelText('Price per lb ($)') as HTMLInputElement).value).toBe('9.99');
    expect(screen.queryAllByLabelText(/^Weight \(a price per lb/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect((screen.getByLabelText(/^Weight \(a price per lb/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Price per lb ($)') as HTMLInputElement).value).toBe('9.99');
    expect(screen.getByText(/moved back to the product/)).toBeTruthy();
  });

  it("puts a variant's broken by-weight rule under that variant's field", async () => {
    show();
    type('Product name', 'Beef cuts');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'produce' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Add variant' }));
    const first = within(variantBoxes()[0] as HTMLElement);
    type(first.getByLabelText('Variant name'), 'Ribeye');
    fireEvent.click(first.getByLabelText(/^Weight \(a price per lb/));
    type(first.getByLabelText('Price per lb ($)'), '9.99');
    submit();
    expect(
      await first.findByText(
        'Pack weights are required to sell by weight: the lightest and the heaviest pack (the same for an average pack) (Ribeye)',
      ),
    ).toBeTruthy();
    expect(saved.requests).toHaveLength(0);
  });

  it('asks meat for its inspection, explains why there is no label maker, and offers custom exempt only to shares', async () => {
    show();
    type('Product name', 'Ground beef');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'meat' } });
    type('Price ($)', '8');
    expect(screen.getByText(/Labels are not offered for meat or poultry/)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Custom exempt/ })).toBeNull();
    submit();
    expect(await screen.findByText(/Custom exempt is for a share of a live animal/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Inspection'), { target: { value: 'usda' } });
    submit();
    expect(await screen.findByText(/Give the establishment number from the inspection legend/)).toBeTruthy();
    expect(saved.requests).toHaveLength(0);
  });

  const sweetCorn = () => {
    show();
    type('Product name', 'Sweet corn');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'produce' } });
    type('Price ($)', '4');
    type('Price unit', 'dozen ears');
    return screen.getByRole('group', { name: 'Where was it grown or raised?' });
  };

  it('says a product was grown on the farm itself unless the producer says otherwise', async () => {
    const group = sweetCorn();
    expect(
      within(group).getByText('WIC and Senior coupons and Kentucky Double Dollars pay only for food grown in the state.'),
    ).toBeTruthy();
    expect((within(group).getByLabelText('On our farm') as HTMLInputElement).checked).toBe(true);
    expect(within(group).queryByLabelText('State where it was grown or raised')).toBeNull();
    submit();
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({ name: 'Sweet corn', origin_state: null });
  });

  it('asks which state a product bought in or grown elsewhere comes from, and sends it', async () => {
    const group = sweetCorn();
    fireEvent.click(within(group).getByLabelText('Bought in / grown elsewhere'));
    submit();
    expect(await within(group).findByText('Choose the state where it was grown or raised')).toBeTruthy();
    expect(saved.requests).toHaveLength(0);
    fireEvent.change(within(group).getByLabelText('State where it was grown or raised'), { target: { value: 'IN' } });
    submit();
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({ name: 'Sweet corn', origin_state: 'IN' });
  });

  it('opens a product bought in from another state with that state chosen', () => {
    render(
      <ProductForm
        product={productFixture({ name: 'Ohio Apples', category: 'produce', origin_state: 'OH' })}
        producerState="KY"
        labelProducer={{} as never}
        maxImages={5}
        maxVariants={3}
        onSaved={() => {}}
        onClose={() => {}}
      />,
    );
    expect((screen.getByLabelText('Bought in / grown elsewhere') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('State where it was grown or raised') as HTMLSelectElement).value).toBe('OH');
  });
});
