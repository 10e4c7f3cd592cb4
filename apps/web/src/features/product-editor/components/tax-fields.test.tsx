import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => ({ requests: [] as unknown[] }));
vi.mock('../api', () => ({
  useCreateProduct: () => ({
    mutateAsync: async (request: unknown) => {
      saved.requests.push(request);
      return { product: null };
    },
  }),
  useUpdateProduct: () => ({
    mutateAsync: async ({ body }: { body: unknown }) => {
      saved.requests.push(body);
      return { product: null };
    },
  }),
}));
vi.mock('./label-checklist', () => ({ LabelChecklist: () => null }));
vi.mock('./day-limit-fields', () => ({ DayLimitFields: () => null }));
vi.mock('./product-images', () => ({ ProductImages: () => null }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import type { StateCode } from '@farmstand/shared/constants/catalog';
import type { Product } from '@farmstand/shared/schemas/products';
import { productFixture } from '@/lib/product.fixture';
import { ProductForm } from './product-form';

vi.setConfig({ testTimeout: 60_000 });

const show = (product: Product | null = null, producerState: StateCode = 'KY') =>
  render(
    <ProductForm
      product={product}
      producerState={producerState}
      labelProducer={{} as never}
      maxImages={5}
      maxVariants={3}
      onSaved={() => {}}
      onClose={() => {}}
    />,
  );

const taxStatus = () => screen.getByRole('status');
const tick = (label: RegExp) => fireEvent.click(screen.getByRole('checkbox', { name: label }));

describe('the product form’s sales tax questions', () => {
  afterEach(() => {
    cleanup();
    saved.requests = [];
  });

  it('shows the class the answers make, its Kentucky rate and the reason in words', () => {
    show();
    expect(screen.getByRole('group', { name: 'Sales tax' })).toBeTruthy();
    expect(taxStatus().textContent).toContain('Food: Not taxed in Kentucky');
    tick(/^Candy: sweets/);
    expect(taxStatus().textContent).toContain('Candy: Taxed at 6 % in Kentucky (state rate)');
    expect(taxStatus().textContent).toContain('KRS 139.485(3)(c)');
    // A sweet with flour is not candy; the follow-up appears only for a sweet.
    tick(/^Contains flour/);
    expect(taxStatus().textContent).toContain('Food: Not taxed in Kentucky');
    expect(taxStatus().textContent).toContain('with flour is not candy');
    tick(/^Sold with plates/);
    expect(taxStatus().textContent).toContain('Prepared food: Taxed at 6 %');
  });

  it('starts a new product from its category’s answers until the farmer answers', () => {
    show();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'other' } });
    expect(taxStatus().textContent).toContain('Not food: Taxed at 6 %');
    expect((screen.getByRole('checkbox', { name: /^It is not food/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'bread' } });
    expect((screen.getByRole('checkbox', { name: /^A bakery item/ }) as HTMLInputElement).checked).toBe(true);
    expect(taxStatus().textContent).toContain('Food: Not taxed');
    tick(/^Sold hot/);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'produce' } });
    expect(taxStatus().textContent).toContain('Prepared food');
  });

  it('shows a saved product’s class and sends the class the answers make', async () => {
    show(productFixture({ name: 'Sweet Tea', category: 'other', tax_class: 'soft_drink' }), 'TN');
    expect(taxStatus().textContent).toContain('Soft drink: Taxed at 4 % in Tennessee (state rate)');
    tick(/^The drink has milk/);
    expect(taxStatus().textContent).toContain('Food: Taxed at 4 % in Tennessee');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(saved.requests).toHaveLength(1));
    expect(saved.requests[0]).toMatchObject({ tax_class: 'food' });
  });
});
