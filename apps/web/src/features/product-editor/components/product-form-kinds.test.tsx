import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => ({ requests: [] as Record<string, unknown>[] }));
vi.mock('../api', () => ({
  useCreateProduct: () => ({
    mutateAsync: async (request: Record<string, unknown>) => {
      saved.requests.push(request);
      return { product: null };
    },
  }),
  useUpdateProduct: () => ({
    mutateAsync: async ({ body }: { body: Record<string, unknown> }) => {
      saved.requests.push(body);
      return { product: null };
    },
  }),
}));
vi.mock('./label-checklist', () => ({ LabelChecklist: () => <p>Label checklist</p> }));
vi.mock('./day-limit-fields', () => ({ DayLimitFields: () => null }));
vi.mock('./product-images', () => ({ ProductImages: () => null }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { productFixture } from '@/lib/product.fixture';
import { ProductForm } from './product-form';

vi.setConfig({ testTimeout: 60_000 });

const show = (product: Parameters<typeof ProductForm>[0]['product'] = null) =>
  render(
    <ProductForm
      product={product}
      producerState="KY"
      labelProducer={{} as never}
      maxImages={5}
      maxVariants={3}
      onSaved={() => {}}
      onClose={() => {}}
    />,
  );

const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const labelQuestions = () => ({
  ingredients: screen.queryByLabelText('Ingredients', { exact: true }) !== null,
  allergens: screen.queryByRole('group', { name: 'Allergens this product contains' }) !== null,
  madeUnder: screen.queryByLabelText('Made under') !== null,
  netQuantity: screen.queryByLabelText('Net quantity') !== null,
  checklist: screen.queryByText('Label checklist') !== null,
  inspection: screen.queryByLabelText(/^Inspection/) !== null,
});
const options = (label: RegExp) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options)
    .map((o) => o.value)
    .filter(Boolean);

describe('the product form asks each kind of product its own questions', () => {
  afterEach(() => {
    cleanup();
    saved.requests.length = 0;
  });

  it('asks fresh produce no ingredients or label questions', () => {
    show();
    choose('Category', 'produce');
    expect(screen.getByText(/Fresh produce is sold as grown/)).toBeTruthy();
    expect(labelQuestions()).toEqual({
      ingredients: false,
      allergens: false,
      madeUnder: false,
      netQuantity: false,
      checklist: false,
      inspection: false,
    });
  });

  it('asks a cottage food its ingredients, allergens, "made under" and the label checklist', () => {
    show();
    choose('Category', 'jellies');
    expect(labelQuestions()).toEqual({
      ingredients: true,
      allergens: true,
      madeUnder: true,
      netQuantity: true,
      checklist: true,
      inspection: false,
    });
  });

  it('asks meat how it was inspected, offering USDA and state (poultry adds its exemption), and no home-food label', () => {
    show();
    choose('Category', 'meat');
    expect(labelQuestions()).toMatchObject({ inspection: true, madeUnder: false, checklist: false, netQuantity: false });
    expect(options(/^Inspection/)).toEqual(['usda', 'state']);
    choose('Category', 'poultry');
    expect(options(/^Inspection/)).toEqual(['usda', 'state', 'poultry_exempt']);
  });

  it('asks a beef share how it is processed, custom exempt first, and none of the label questions', () => {
    show();
    choose('Category', 'meat');
    fireEvent.click(screen.getByLabelText(/Sold as a share of an animal/));
    expect(options(/^Inspection/)).toEqual(['custom_exempt', 'usda', 'state']);
    expect(labelQuestions()).toEqual({
      ingredients: false,
      allergens: false,
      madeUnder: false,
      netQuantity: false,
      checklist: false,
      inspection: true,
    });
  });

  it('clears a cottage food’s answers when the product becomes fresh produce, so the server is not sent them', async () => {
    show(
      productFixture({
        category: 'jellies',
        price_unit: 'jar',
        ingredient_list: ['blackberries', 'sugar'],
        net_quantity: 8,
        net_unit: 'oz',
        seller_type: 'home_microprocessor',
      }),
    );
    choose('Category', 'produce');
    fireEvent.input(screen.getByLabelText('Product name'), { target: { value: 'Blackberries' } });
    fireEvent.input(screen.getByLabelText(/^Price unit/), { target: { value: 'pint' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({
      category: 'produce',
      ingredient_list: [],
      ingredients: null,
      allergens: [],
      net_quantity: null,
      net_unit: null,
      seller_type: 'home_processor',
    });
  });
});
